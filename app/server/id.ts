/**
 * Database ids as they arrive in text (route parameters, query strings,
 * form fields): one rule for all of them, on the server and in the browser.
 * Only the plain decimal form counts: no sign, no leading zero, no spaces,
 * no exponent, so one id has one spelling (and one cache key).
 */

/** The largest id the database holds: ids are 32-bit integers, and PostgreSQL refuses more. */
export const MAX_ID = 2_147_483_647;

/** The id a text names, or null unless it is a plain whole number from 1 to MAX_ID. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
