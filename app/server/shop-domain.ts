/**
 * A Shopify shop's permanent domain (`{name}.myshopify.com`), read strictly.
 * Only the exact form is accepted; letter case is the one difference folded,
 * because domain names have none. Anything else (whitespace, a trailing dot,
 * a scheme, a port, a path, a query, other domains, non-ASCII look-alikes) is
 * refused rather than repaired: a shop named in a security decision must be
 * the one Shopify wrote, not one a parser guessed.
 */

/**
 * One DNS label (letters, digits, hyphens; at most 63, not starting with a
 * hyphen) under myshopify.com. Spelled out in ASCII, without the `i` and `u`
 * flags, so no Unicode case folding (the Kelvin sign folds to "k") lets a
 * look-alike through.
 */
const PERMANENT_DOMAIN = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}\.[Mm][Yy][Ss][Hh][Oo][Pp][Ii][Ff][Yy]\.[Cc][Oo][Mm]$/;

/** The shop's domain in lower case, or null when the value is not exactly a myshopify domain. */
export function canonicalShopDomain(value: unknown): string | null {
  if (typeof value !== "string" || !PERMANENT_DOMAIN.test(value)) return null;
  return value.toLowerCase();
}
