/** Sessions (SPEC 4): a new one begins when the last activity was more than 30 minutes ago; the previous time is kept. */
import { randomId } from "./ids";
import type { Store } from "./storage";

export const SESSION_MS = 30 * 60 * 1000;

export interface Session {
  id: string;
  start: number;
  last: number;
  /** Last activity of the session before this one. */
  previous: number | null;
  /** Order ids tracked in this session (trackPurchase counts an order once per session). */
  orders: string[];
}

/** The localStorage key of a website's session. */
export const sessionKey = (websiteId: number) => `cf_${websiteId}_session`;

/** Marks activity now and returns the current session, starting a new one when due. */
export function touchSession(store: Store, websiteId: number, now = Date.now()): Session {
  const key = sessionKey(websiteId);
  const old = store.get<Session>(key);
  const session: Session =
    old && old.id && now - old.last <= SESSION_MS
      ? { ...old, last: now }
      : { id: randomId(12), start: now, last: now, previous: old?.last ?? null, orders: [] };
  store.set(key, session);
  return session;
}
