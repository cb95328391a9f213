/**
 * The variables every Storefront API operation of graphql/operations.ts
 * carries besides its own: the market (`$country`, `$language`, read by the
 * operation's `@inContext` directive, so prices come in the market's currency
 * and texts in its language) and the checks on a cart id the storefront
 * hands over. Pure, so the variable building is tested without a network.
 */

/** The buyer's market, as the Storefront API's CountryCode and LanguageCode enum values. */
export interface StorefrontMarket {
  country?: string | null;
  language?: string | null;
}

/** ISO 3166-1 alpha-2 (the CountryCode enum: "SE", "US"). */
const COUNTRY = /^[A-Z]{2}$/;
/** The LanguageCode enum: "SV", "EN", regional ones like "PT_BR", "ZH_TW". */
const LANGUAGE = /^[A-Z]{2,3}(?:_[A-Z]{2,4})?$/;
/** A Storefront Cart gid ("gid://shopify/Cart/{token}", the token may carry "?key=..."). */
const CART_GID = /^gid:\/\/shopify\/Cart\/[A-Za-z0-9_-]{1,200}(?:\?key=[A-Za-z0-9_-]{1,200})?$/;

/**
 * The market in the enums' spelling ("se" → "SE", "pt-BR" → "PT_BR"); a value
 * that cannot be a code throws, since the API would reject every operation.
 */
export function normalizeMarket(market: StorefrontMarket = {}): { country: string | null; language: string | null } {
  const code = (value: string | null | undefined, pattern: RegExp, what: string, example: string) => {
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string")
      throw new TypeError(`[beckon] The Storefront ${what} must be a string like "${example}"`);
    const normalized = value.trim().toUpperCase().replace(/-/g, "_");
    if (!pattern.test(normalized))
      throw new RangeError(
        `[beckon] "${value.slice(0, 40)}" is not a Storefront API ${what} (expected e.g. "${example}")`,
      );
    return normalized;
  };
  return {
    country: code(market.country, COUNTRY, "country code", "SE"),
    language: code(market.language, LANGUAGE, "language code", "SV"),
  };
}

/**
 * An operation's variables with the market added. Null market fields are
 * sent as null: the directive's arguments are optional, and Shopify then uses
 * the shop's primary market.
 */
export function withMarket(
  variables: Record<string, unknown>,
  market: { country: string | null; language: string | null },
): Record<string, unknown> {
  return { ...variables, country: market.country, language: market.language };
}

/** A cart id handed to Beckon (a prop, storage): checked, so a typo fails at once rather than on the first add. */
export function checkCartId(id: unknown): string {
  if (typeof id !== "string" || !CART_GID.test(id.trim()))
    throw new RangeError(
      `[beckon] The cart id must be a Storefront Cart id like "gid://shopify/Cart/c1-abc?key=..." (got ${JSON.stringify(id)?.slice(0, 60)})`,
    );
  return id.trim();
}
