/**
 * Where relative timers keep their start times: one local storage entry per
 * website (SPEC 9), {timerId: start ms}. Separate from timer-logic.ts so the
 * step code that resets timers does not pull the countdown maths into the
 * first download.
 */

/** Local storage key of a website's relative-timer start times (SPEC 9). */
export const timersKey = (websiteId: number) => `cf_${websiteId}_timers`;

function readStarts(websiteId: number): Record<string, number> {
  try {
    const parsed = JSON.parse(localStorage.getItem(timersKey(websiteId)) || "{}");
    return parsed && typeof parsed == "object" ? parsed : {};
  } catch {
    return {};
  }
}

function writeStarts(websiteId: number, starts: Record<string, number>): void {
  try {
    localStorage.setItem(timersKey(websiteId), JSON.stringify(starts));
  } catch {
    /* storage blocked: the timer starts afresh on the next page */
  }
}

/** The start of a relative timer, recorded now if it has none. */
export function timerStart(websiteId: number, timerId: string, now: number): number {
  const starts = readStarts(websiteId);
  if (typeof starts[timerId] != "number") {
    starts[timerId] = now;
    writeStarts(websiteId, starts);
  }
  return starts[timerId];
}

/** Forgets the start times of timers (going back to an earlier step resets them). */
export function resetTimers(websiteId: number, timerIds: string[]): void {
  if (!timerIds.length) return;
  const starts = readStarts(websiteId);
  let changed = false;
  for (const id of timerIds) if (id in starts) changed = delete starts[id];
  if (changed) writeStarts(websiteId, starts);
}
