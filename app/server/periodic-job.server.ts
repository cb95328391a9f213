/**
 * A server job that runs now and every `intervalMs`, one run at a time (a
 * slow run delays the next instead of overlapping it); a failed run is
 * logged and the job runs again at its next tick. The timer does not keep
 * the process alive. Resolves the stop function once a run in progress ends.
 */
import { logger } from "./logger.server";

export function startPeriodicJob(
  name: string,
  task: () => Promise<unknown>,
  intervalMs: number,
  failure: string,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => task().catch((e) => logger(name).error({ err: e }, failure)));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
