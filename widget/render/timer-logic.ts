/**
 * Countdown timers (SPEC 4 Timer, SPEC 9): static (to a moment), daily (to a
 * time of day in a time zone, every day) and relative (a duration from the
 * visitor's first view, whose start is kept per website in local storage).
 * Pure except the small storage helpers at the end.
 */
import { zoneOffsetMs } from "#contract/time-zone";
import { num, str } from "./kit";

/** SPEC 9: unset relative values. */
export const RELATIVE_DEFAULTS = { days: 0, hours: 23, minutes: 59, seconds: 59 } as const;
export const TICK_MS = 1000;

export interface Remaining {
  total: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The offset of a time zone from UTC at an instant, in ms (0 for an unknown zone). */
export const zoneOffset = (timeZone: string, at: number): number => zoneOffsetMs(timeZone, at) ?? 0;

/** The next moment (after `now`) the clock in `timeZone` shows hh:mm. */
export function nextDaily(hhmm: string, timeZone: string, now: number): number | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return null;
  for (let day = 0; day < 3; day++) {
    const probe = now + day * 86_400_000;
    const local = new Date(probe + zoneOffset(timeZone, probe));
    const wall = Date.UTC(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate(),
      Number(match[1]),
      Number(match[2]),
    );
    // Convert the wall-clock time back with the offset of that moment (DST days differ).
    const at = wall - zoneOffset(timeZone, wall - zoneOffset(timeZone, wall));
    if (at > now) return at;
  }
  return null;
}

/** The relative duration in ms, with SPEC 9 defaults for unset units. */
export function relativeDuration(o: Record<string, unknown>): number {
  const unit = (k: keyof typeof RELATIVE_DEFAULTS) => Math.max(0, num(o, k, RELATIVE_DEFAULTS[k]));
  return ((unit("days") * 24 + unit("hours")) * 60 + unit("minutes")) * 60_000 + unit("seconds") * 1000;
}

/** When a timer ends (ms since epoch), or null when it cannot be known. */
export function timerEnd(options: Record<string, unknown>, now: number, startedAt?: number | null): number | null {
  switch (str(options, "timer-type") || "static") {
    case "daily":
      return nextDaily(str(options, "end-time"), str(options, "timezone") || "UTC", now);
    case "relative":
      // An all-zero relative timer is already expired (SPEC 9): its end is its start.
      return (startedAt ?? now) + relativeDuration(options);
    default: {
      const end = Date.parse(str(options, "end-date"));
      return isFinite(end) ? end : null;
    }
  }
}

/** Time left until `end`, split into units. */
export function remaining(end: number, now: number): Remaining {
  const total = Math.max(0, end - now);
  const seconds = Math.floor(total / 1000);
  return {
    total,
    days: Math.floor(seconds / 86400),
    hours: Math.floor(seconds / 3600) % 24,
    minutes: Math.floor(seconds / 60) % 60,
    seconds: seconds % 60,
  };
}

/** SPEC 4: days, hours and minutes are hidden when zero and all larger units are zero; seconds always show. */
export function visibleUnits(left: Remaining): (keyof Omit<Remaining, "total">)[] {
  const units: (keyof Omit<Remaining, "total">)[] = [];
  if (left.days) units.push("days");
  if (left.days || left.hours) units.push("hours");
  if (left.days || left.hours || left.minutes) units.push("minutes");
  units.push("seconds");
  return units;
}
