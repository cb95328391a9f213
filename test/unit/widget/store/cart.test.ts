import { describe, expect, it, vi } from "vitest";
import { emptyCart, fromAjaxCart, fromStorefrontCart } from "#widget/store/cart";
import { cartNoticeUrl, sendCartNotice } from "#widget/store/cart-notice";
import { addToCartEventData, isCartConversion, type CartConversionAction } from "#widget/store/conversion";
import { ajaxCartMock, productMock, variantMock } from "#test/fixtures/store";

describe("cart mapping", () => {
  it("divides the Ajax total (cents) by 100 (SPEC 9)", () => {
    const cart = fromAjaxCart(
      ajaxCartMock({
        total_price: 12345,
        item_count: 3,
        discount_codes: [{ code: "SAVE10", applicable: true }],
        items: [
          {
            key: "1:a",
            id: 1,
            variant_id: 1,
            quantity: 3,
            line_price: 12345,
            product_id: 9,
            handle: "beans",
            product_title: "Beans",
            selling_plan_allocation: { selling_plan: { id: 77 } },
          },
        ],
      }),
      "/en/",
    );
    expect(cart).toEqual({
      id: "token-1",
      value: 123.45,
      count: 3,
      currency: "USD",
      lines: [
        {
          id: "1:a",
          variantId: "1",
          quantity: 3,
          linePrice: 12345,
          sellingPlanId: "77",
          product: { id: "9", handle: "beans", title: "Beans" },
        },
      ],
      discountCodes: [{ code: "SAVE10", applicable: true }],
      checkoutUrl: "/en/checkout",
    });
  });

  it("reads a Storefront cart (amounts already in units)", () => {
    const cart = fromStorefrontCart({
      id: "gid://shopify/Cart/c1",
      checkoutUrl: "https://shop/checkouts/cn/c1",
      totalQuantity: 2,
      cost: { totalAmount: { amount: "36.5", currencyCode: "SEK" } },
      discountCodes: [],
      attributes: [],
      lines: {
        nodes: [
          {
            id: "gid://shopify/CartLine/1?cart=c1",
            quantity: 2,
            cost: { totalAmount: { amount: "36.5", currencyCode: "SEK" } },
            sellingPlanAllocation: null,
            merchandise: {
              id: "gid://shopify/ProductVariant/5",
              title: "Default Title",
              product: { id: "gid://shopify/Product/4", handle: "cups", title: "Cups" },
            },
          },
        ],
      },
    });
    expect(cart).toMatchObject({ value: 36.5, count: 2, currency: "SEK", checkoutUrl: "https://shop/checkouts/cn/c1" });
    expect(cart.lines[0]).toEqual({
      id: "gid://shopify/CartLine/1?cart=c1",
      variantId: "gid://shopify/ProductVariant/5",
      quantity: 2,
      linePrice: 3650,
      sellingPlanId: null,
      product: { id: "gid://shopify/Product/4", handle: "cups", title: "Cups" },
    });
    expect(emptyCart("USD")).toMatchObject({ id: "", value: 0, count: 0, lines: [] });
  });
});

describe("cart notice (SPEC 7, fire and forget)", () => {
  it("sends GET {api}/?cf_action=cf_shopify_cart&cart_id={id}", () => {
    const send = vi.fn();
    sendCartNotice(send, "https://app.test/api", "c1?key=a b");
    expect(send).toHaveBeenCalledWith("https://app.test/api/?cf_action=cf_shopify_cart&cart_id=c1%3Fkey%3Da%20b");
    expect(cartNoticeUrl("https://app.test/api/", "x")).toBe(
      "https://app.test/api/?cf_action=cf_shopify_cart&cart_id=x",
    );
  });

  it("ignores errors, thrown or rejected, and carts without an id", async () => {
    expect(() =>
      sendCartNotice(
        () => {
          throw new Error("blocked");
        },
        "/api",
        "c",
      ),
    ).not.toThrow();
    const rejected = vi.fn(() => Promise.reject(new Error("offline")));
    sendCartNotice(rejected, "/api", "c");
    await Promise.resolve();
    const none = vi.fn();
    sendCartNotice(none, "/api", "");
    expect(none).not.toHaveBeenCalled();
  });
});

describe("track-conversion-when (SPEC 7)", () => {
  const actions: CartConversionAction[] = ["added-to-cart", "link-clicked", "clicked-through-to-cart"];
  it.each([
    ["cf-added-to-cart", [true, false, false]],
    ["cf-link-clicked-or-added-to-cart", [true, true, false]],
    ["cf-clicking-through-to-cart", [false, false, true]],
    [undefined, [true, false, false]],
    ["something-else", [true, false, false]],
  ])("%s", (mode, expected) => {
    expect(actions.map((a) => isCartConversion(mode, a))).toEqual(expected);
  });

  it("builds the Add To Cart event data", () => {
    const product = productMock({ id: "6001", title: "Shirt", source: "collection" });
    expect(addToCartEventData(product, variantMock({ id: "39001", price: 1999 }))).toEqual({
      product_id: "6001",
      product_name: "Shirt",
      product_variant: "39001",
      product_price: 19.99,
      product_source: "collection",
    });
  });
});
