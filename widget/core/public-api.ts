/**
 * window.beckon: installs the public methods and replays the calls the
 * snippet stub queued before the loader arrived (`beckon.q = [[name, args], ...]`).
 */
import { warn } from "./log";

export const METHODS = ["identify", "load", "trigger", "start", "close", "trackPurchase"] as const;
export type PublicMethod = (typeof METHODS)[number];
export type PublicHandlers = Record<PublicMethod, (...args: any[]) => unknown>;

type Queued = [string, ArrayLike<unknown>];
interface BeckonGlobal extends Partial<PublicHandlers> {
  installed?: boolean;
  q?: Queued[];
}

/** Installs window.beckon; false (and a console message) when a loader already did. */
export function installPublicApi(win: Window, handlers: PublicHandlers): boolean {
  const host = win as unknown as { beckon?: BeckonGlobal };
  const stub = host.beckon;
  if (stub && stub.installed) {
    warn("already installed");
    return false;
  }
  const api: BeckonGlobal = { installed: true };
  for (const method of METHODS) {
    // A host page's call must never throw because of us.
    api[method] = (...args: unknown[]) => {
      try {
        const result = handlers[method](...args);
        return result instanceof Promise ? result.catch((e) => warn(method + " failed", e)) : result;
      } catch (e) {
        warn(method + " failed", e);
      }
    };
  }
  host.beckon = api;
  const queued = stub && Array.isArray(stub.q) ? stub.q : [];
  for (const call of queued) {
    const [name, args] = call || [];
    if ((METHODS as readonly string[]).includes(name)) api[name as PublicMethod]!(...Array.from(args || []));
  }
  return true;
}
