/** The shopper's text for each reason a cart refuses an add (widget/store/cart-refusal.ts), in English and Swedish. */
import { describe, expect, it } from "vitest";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";
import { cartRefusalKey, cartRefusalText, NOT_ADDED, STOCK_WARNINGS } from "#widget/store/cart-refusal";

/** Every code the Storefront API (CartErrorCode, CartWarningCode) or an adapter answers an add with, and its text. */
const BY_CODE = [
  ["MERCHANDISE_OUT_OF_STOCK", "cartSoldOut"],
  ["MERCHANDISE_NOT_ENOUGH_STOCK", "cartNotEnoughStock"],
  ["INVALID_INCREMENT", "cartQuantityLimit"],
  ["MINIMUM_NOT_MET", "cartQuantityLimit"],
  ["MAXIMUM_EXCEEDED", "cartQuantityLimit"],
  ["LESS_THAN", "cartQuantityLimit"],
  ["VARIANT_REQUIRES_SELLING_PLAN", "cartPurchaseOption"],
  ["SELLING_PLAN_NOT_APPLICABLE", "cartPurchaseOption"],
  ["MERCHANDISE_SELLING_PLAN_NOT_APPLICABLE_ON_COMPANY_LOCATION", "cartPurchaseOption"],
  ["INVALID", "cartUnavailable"],
  ["INVALID_MERCHANDISE_LINE", "cartUnavailable"],
  ["MERCHANDISE_NOT_APPLICABLE", "cartUnavailable"],
  ["BUNDLES_AND_ADDONS_CANNOT_BE_MIXED", "cartUnavailable"],
  [NOT_ADDED, "cartUnavailable"],
  ["CART_TOO_LARGE", "cartFull"],
  ["SERVICE_UNAVAILABLE", "cartAddFailed"],
  ["MERCHANDISE_LINE_TRANSFORMERS_RUN_ERROR", "cartAddFailed"],
] as const;

describe("cartRefusalKey", () => {
  it.each(BY_CODE)("%s → %s", (code, key) => {
    expect(cartRefusalKey({ code })).toBe(key);
    // The code decides, whatever the status.
    expect(cartRefusalKey({ code, status: 500 })).toBe(key);
  });

  it("a 422 without a code (Shopify's Ajax cart) is this product's refusal; anything else may be tried again", () => {
    expect(cartRefusalKey({ status: 422 })).toBe("cartUnavailable");
    expect(cartRefusalKey({ status: 500 })).toBe("cartAddFailed");
    expect(cartRefusalKey({})).toBe("cartAddFailed");
    expect(cartRefusalKey(null)).toBe("cartAddFailed");
    expect(cartRefusalKey(undefined)).toBe("cartAddFailed");
  });

  it("hostile or malformed codes are no code", () => {
    for (const code of [
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "merchandise_out_of_stock",
      "x".repeat(100_000),
    ])
      expect(cartRefusalKey({ code }), code.slice(0, 20)).toBe("cartAddFailed");
    for (const code of [42, {}, ["INVALID"], null] as unknown[])
      expect(cartRefusalKey({ code: code as string, status: 422 })).toBe("cartUnavailable");
  });

  it("stock warnings are the two that mean a line was not added", () => {
    expect([...STOCK_WARNINGS].sort()).toEqual(["MERCHANDISE_NOT_ENOUGH_STOCK", "MERCHANDISE_OUT_OF_STOCK"]);
  });
});

describe("cartRefusalText", () => {
  it("says each reason in the CTA's language, every reason in words of its own", () => {
    const keys = [...new Set(BY_CODE.map(([, key]) => key))];
    for (const catalogue of [en, sv]) {
      const texts = keys.map((key) => cartRefusalText({ code: BY_CODE.find(([, k]) => k === key)![0] }, catalogue));
      expect(texts).toEqual(keys.map((key) => catalogue[key]));
      expect(new Set(texts).size).toBe(keys.length);
      for (const text of texts) expect(text.trim()).not.toBe("");
    }
    expect(cartRefusalText({ code: "MERCHANDISE_OUT_OF_STOCK" }, en)).toBe("Sorry, this product just sold out.");
    expect(cartRefusalText({ code: "MERCHANDISE_OUT_OF_STOCK" }, sv)).toBe(
      "Tyvärr, den här produkten har precis tagit slut.",
    );
    expect(cartRefusalText({ status: 502 }, sv)).toBe("Produkten kunde inte läggas i varukorgen. Försök igen.");
  });

  it("a catalogue older than a text falls back to the generic one, and to nothing without that", () => {
    const { cartSoldOut: _left, ...older } = en;
    expect(cartRefusalText({ code: "MERCHANDISE_OUT_OF_STOCK" }, older)).toBe(en.cartAddFailed);
    expect(cartRefusalText({ code: "MERCHANDISE_OUT_OF_STOCK" }, {})).toBe("");
  });
});
