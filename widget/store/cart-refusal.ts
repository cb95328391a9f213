/**
 * What a CTA tells the shopper when the cart refuses an add: each reason a
 * cart gives (the Storefront API's CartErrorCode and CartWarningCode, as
 * every adapter carries them in StoreError.code) into one of Beckon's own
 * texts, in the CTA's language. The store's message itself is for the
 * console: it is English, technical, and sometimes names gids. Used by the
 * product feed only, so it lives in that chunk.
 */
import type { WidgetTexts } from "#contract/i18n/en";
import type { StoreError } from "./types";

/** The code of an add a cart answered without the line and without saying why (CartProvider, Hydrogen's skeleton route). */
export const NOT_ADDED = "NOT_ADDED";

/** Warnings that mean a line was not added (since 2024-10 the Storefront API says stock problems in warnings, not userErrors). */
export const STOCK_WARNINGS: ReadonlySet<string> = new Set([
  "MERCHANDISE_OUT_OF_STOCK",
  "MERCHANDISE_NOT_ENOUGH_STOCK",
]);

/** The texts a refused add can show. */
export type CartRefusalKey =
  | "cartSoldOut"
  | "cartNotEnoughStock"
  | "cartQuantityLimit"
  | "cartPurchaseOption"
  | "cartUnavailable"
  | "cartFull"
  | "cartAddFailed";

/** Each code a cart answers an add with that the shopper can do something about (Storefront API 2026-04). */
const BY_CODE: Record<string, CartRefusalKey> = {
  MERCHANDISE_OUT_OF_STOCK: "cartSoldOut",
  MERCHANDISE_NOT_ENOUGH_STOCK: "cartNotEnoughStock",
  INVALID_INCREMENT: "cartQuantityLimit",
  MINIMUM_NOT_MET: "cartQuantityLimit",
  MAXIMUM_EXCEEDED: "cartQuantityLimit",
  LESS_THAN: "cartQuantityLimit",
  VARIANT_REQUIRES_SELLING_PLAN: "cartPurchaseOption",
  SELLING_PLAN_NOT_APPLICABLE: "cartPurchaseOption",
  MERCHANDISE_SELLING_PLAN_NOT_APPLICABLE_ON_COMPANY_LOCATION: "cartPurchaseOption",
  // INVALID on an add is the merchandise id (a variant deleted since the feed loaded, or a wrong id in the CTA).
  INVALID: "cartUnavailable",
  INVALID_MERCHANDISE_LINE: "cartUnavailable",
  MERCHANDISE_NOT_APPLICABLE: "cartUnavailable",
  BUNDLES_AND_ADDONS_CANNOT_BE_MIXED: "cartUnavailable",
  [NOT_ADDED]: "cartUnavailable",
  CART_TOO_LARGE: "cartFull",
};

/**
 * Which text a refused add shows: the code's; a 422 without one (Shopify's
 * Ajax cart says why only in the shop's own words) is a refusal of this
 * product; anything else (network, the app's route failing, a code of no
 * add) is worth another try.
 */
export function cartRefusalKey(error: Pick<StoreError, "code" | "status"> | null | undefined): CartRefusalKey {
  const code = typeof error?.code === "string" ? error.code : "";
  if (Object.prototype.hasOwnProperty.call(BY_CODE, code)) return BY_CODE[code];
  return error?.status === 422 ? "cartUnavailable" : "cartAddFailed";
}

/** The shopper's text for a refused add; a catalogue without the key (a config older than the text) falls back to the generic one. */
export function cartRefusalText(
  error: Pick<StoreError, "code" | "status"> | null | undefined,
  labels: Partial<WidgetTexts>,
): string {
  return labels[cartRefusalKey(error)] || labels.cartAddFailed || "";
}
