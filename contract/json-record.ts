/**
 * Json columns (a person's `data` and `extra`, option bags) are read as
 * objects; a row written before a key existed, or a hand-edited one, may
 * hold null, an array or a scalar there instead.
 *
 * Their keys often come from visitors (answer slugs, URL parameters, form
 * fields, an e-mail tool's fields): a key such as "toString", "constructor"
 * or "__proto__" must never read what every object inherits from
 * Object.prototype, which `key in record` and `record[key]` do. Lookups of
 * such keys go through hasOwnKey or ownValue (here in contract/: app/ and
 * widget/ both need them).
 */

/** Whether the value is a plain object (not null, not an array): what asRecord keeps. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** The value as a plain object, or an empty one when it is not an object. Written out rather than through isRecord: the widget bundle, which has no other use for isRecord, stays smaller. */
export function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * Whether `key` is an entry of `record` itself, never an inherited property.
 * hasOwnProperty rather than Object.hasOwn: the widget still supports Safari 14.
 */
export function hasOwnKey(record: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** The entry `key` of `record` itself, or undefined when it has none (an inherited property never counts). */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record && hasOwnKey(record, key) ? record[key] : undefined;
}

/**
 * An empty record without a prototype, for entries keyed by outside input:
 * assigning its "__proto__" entry stores that entry instead of silently
 * swapping the object's prototype.
 */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
