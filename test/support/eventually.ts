/** Polling for what a server brings about on its own time (an outbox worker, another process), written once. */

/**
 * Resolves with the first truthy answer of `check`, asked again every
 * `pollMs` (a poll, not a sleep standing in for a wait: it ends as soon as
 * the condition holds); throws once `timeoutMs` has passed without one.
 */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  { timeoutMs = 15_000, pollMs = 25 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
