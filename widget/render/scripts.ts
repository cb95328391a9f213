/**
 * Owner scripts (step scripts, action group scripts) run guarded: a script
 * that throws, or does not even parse, is logged and the CTA carries on
 * (SPEC 8: a throwing injected custom script is logged).
 */
import { warn } from "./kit";

/** Runs owner JavaScript; false when it failed. */
export function runScript(code: unknown, what: string): boolean {
  if (typeof code != "string" || !code.trim()) return true;
  try {
    new Function(code)();
    return true;
  } catch (e) {
    warn(`Custom script of ${what} failed`, e);
    return false;
  }
}
