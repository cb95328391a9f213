/**
 * Json columns (a person's `data` and `extra`, option bags) are read as
 * objects; a row written before a key existed, or a hand-edited one, may
 * hold null, an array or a scalar there instead.
 */

/** The value as a plain object, or an empty one when it is not an object. */
export function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
