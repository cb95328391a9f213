/**
 * Keys that name properties every object inherits (Object.prototype), as a
 * visitor, a URL, a host page or an e-mail tool may send them: a lookup that
 * is not limited to own entries finds something under each of them.
 */
export const HOSTILE_KEYS = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf", "__defineGetter__"];

/**
 * A record holding `value` under every hostile key as its own entries, the
 * way JSON.parse makes them (an object literal would set "__proto__" as the
 * prototype instead of as an entry).
 */
export function hostileRecord<T>(value: (key: string) => T): Record<string, T> {
  return JSON.parse(JSON.stringify(Object.fromEntries(HOSTILE_KEYS.map((key) => [key, value(key)]))));
}
