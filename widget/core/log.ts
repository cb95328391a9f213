/**
 * Console messages of the widget; all start with "[beckon]". Host pages are
 * not ours to fill with notes, so there are two kinds:
 * - warn (here): always printed, for what a site owner must act on (a broken
 *   configuration, a failing cart add, their own script or callback
 *   throwing, a public API call the widget cannot honour);
 * - debug (./debug.ts): printed only in debug mode, for what explains the
 *   widget's behaviour to an owner testing it (a sold-out product skipped,
 *   a failed retry the widget recovers from).
 * Every browser the widget targets has a console, so no guard around it.
 */

/** Prints a message a site owner must act on. */
export function warn(message: string, ...rest: unknown[]): void {
  console.warn("[beckon] " + message, ...rest);
}
