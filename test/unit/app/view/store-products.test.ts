/**
 * Picked products in the CTA document: App Bridge's resource picker result
 * (the documented product shape, recorded) and a search hit become the
 * numeric variant ids the widget's carts take plus the summary the editor
 * shows; reopening the picker ticks what is chosen; the schema keeps the
 * summary bounded and refuses hostile values.
 */
import { describe, expect, it } from "vitest";
import picked from "#test/fixtures/shopify-admin/resource-picker-products.json";
import {
  feedFromResourcePicker,
  manualFeedOf,
  withManualFeed,
  numericShopifyId,
  priceRange,
  resourcePickerSelectionIds,
  selectedFromHit,
  selectedFromResourcePicker,
  selectedVariantsOf,
  withSelectedVariants,
  type ProductHit,
} from "#app/view/store-products";
import { actionGroupDataSchema } from "#contract/schema/cta";
import { withConfirmationType } from "#app/components/editor/document";

describe("the resource picker's result", () => {
  const selected = selectedFromResourcePicker(picked, "USD");

  it("becomes one entry per ticked variant, with titles, images and prices", () => {
    expect(selected).toEqual([
      {
        id: "43729076",
        productId: "108828309",
        productTitle: "Draft",
        variantTitle: "151cm",
        image: expect.stringContaining("draft.jpg"),
        price: "10.00 USD",
      },
      {
        id: "138327650",
        productId: "108828309",
        productTitle: "Draft",
        variantTitle: "155cm",
        image: expect.stringContaining("draft-155.jpg"),
        price: "24.50 USD",
      },
      // The only variant's "Default Title" is not shown; no image at all is null.
      {
        id: "1070325065",
        productId: "1079852844",
        productTitle: "Gift card",
        variantTitle: null,
        image: null,
        price: "25.00 USD",
      },
    ]);
  });

  it("is stored as the numeric variant ids the widget adds to the cart, with the summary beside them", () => {
    const data = withSelectedVariants(
      { "confirmation-type": "cart", "selected-products-quantity": { "43729076": 2, "999": 3 } },
      selected,
    );
    expect(data["selected-product-variant-ids"]).toEqual(["43729076", "138327650", "1070325065"]);
    // Quantities of variants no longer chosen are dropped.
    expect(data["selected-products-quantity"]).toEqual({ "43729076": 2 });
    expect(actionGroupDataSchema.safeParse(data).success).toBe(true);
    expect(selectedVariantsOf(data)).toEqual(selected);
  });

  it("reopens the picker with the same variants ticked under their products", () => {
    expect(resourcePickerSelectionIds(selected)).toEqual([
      {
        id: "gid://shopify/Product/108828309",
        variants: [{ id: "gid://shopify/ProductVariant/43729076" }, { id: "gid://shopify/ProductVariant/138327650" }],
      },
      { id: "gid://shopify/Product/1079852844", variants: [{ id: "gid://shopify/ProductVariant/1070325065" }] },
    ]);
  });
});

describe("selections in the document", () => {
  const hit: ProductHit = {
    id: "gid://shopify/Product/7",
    title: "Mörkrost",
    handle: "morkrost",
    image: "https://cdn.shopify.test/m.jpg",
    imageAlt: null,
    priceMin: "89.00",
    priceMax: "299.00",
    currency: "SEK",
    variantsCount: 2,
    variants: [{ id: "gid://shopify/ProductVariant/70", title: "1 kg", price: "299.00", available: true, image: null }],
  };

  it("a search hit's variant keeps the product's image when it has none", () => {
    expect(selectedFromHit(hit, hit.variants[0])).toEqual({
      id: "70",
      productId: "7",
      productTitle: "Mörkrost",
      variantTitle: "1 kg",
      image: "https://cdn.shopify.test/m.jpg",
      price: "299.00 SEK",
    });
    expect(priceRange(hit)).toBe("89.00–299.00 SEK");
    expect(priceRange({ ...hit, priceMax: "89.00" })).toBe("89.00 SEK");
  });

  it("ids typed before stay visible as bare entries; duplicates collapse; none clears both keys", () => {
    const data = { "selected-product-variant-ids": ["gid://shopify/ProductVariant/5", 6] };
    expect(selectedVariantsOf(data).map((s) => [s.id, s.productTitle])).toEqual([
      ["5", ""],
      ["6", ""],
    ]);
    const s = selectedFromHit(hit, hit.variants[0]);
    expect(withSelectedVariants({}, [s, s])["selected-product-variant-ids"]).toEqual(["70"]);
    const cleared = withSelectedVariants(withSelectedVariants({}, [s]), []);
    expect(cleared).toEqual({});
  });

  it("never stores a non-https image or an overlong title", () => {
    const s = {
      ...selectedFromHit(hit, hit.variants[0]),
      image: "javascript:alert(1)",
      productTitle: "x".repeat(1000),
    };
    const data = withSelectedVariants({}, [s]);
    expect(data["selected-products-summary"]![0].image).toBeNull();
    expect(data["selected-products-summary"]![0].productTitle).toHaveLength(255);
    expect(actionGroupDataSchema.safeParse(data).success).toBe(true);
  });

  it("the schema refuses hostile summaries", () => {
    const base = { id: "1", productId: "2", productTitle: "t", variantTitle: null, image: null, price: null };
    for (const bad of [
      { ...base, image: "http://evil.test/x.png" },
      { ...base, image: "data:image/svg+xml,<svg onload=alert(1)>" },
      { ...base, id: "1; drop" },
      { ...base, productTitle: "x".repeat(256) },
    ]) {
      expect(
        actionGroupDataSchema.safeParse({ "selected-products-summary": [bad] }).success,
        JSON.stringify(bad).slice(0, 60),
      ).toBe(false);
    }
    expect(
      actionGroupDataSchema.safeParse({
        "selected-products-summary": Array.from({ length: 51 }, (_, i) => ({ ...base, id: String(i) })),
      }).success,
    ).toBe(false);
  });

  it("switching away from a store confirmation drops the summary with the ids", () => {
    const data = withSelectedVariants({ "confirmation-type": "cart" }, [selectedFromHit(hit, hit.variants[0])]);
    const message = withConfirmationType(data, "message");
    expect(message["selected-products-summary"]).toBeUndefined();
    expect(message["selected-product-variant-ids"]).toBeUndefined();
  });

  it("numeric ids come from global ids only", () => {
    expect(numericShopifyId("gid://shopify/ProductVariant/42?x=1")).toBe("42");
    expect(numericShopifyId(42)).toBe("42");
    expect(numericShopifyId("gid://other/ProductVariant/42")).toBe("gid://other/ProductVariant/42");
  });
});

describe("a products element's hand-picked feed", () => {
  it("the resource picker's products become handles with what the editor shows", () => {
    const feed = feedFromResourcePicker(picked, "USD");
    expect(feed).toEqual([
      { handle: "draft", title: "Draft", image: expect.stringContaining("draft.jpg"), price: "10.00–24.50 USD" },
      { handle: "gift-card", title: "Gift card", image: null, price: "25.00 USD" },
    ]);
    const entries = withManualFeed([{ source: "cart", intent: "complementary" }], feed);
    // The manual entry comes first, in the shape the widget's feedSources reads; other sources stay.
    expect(entries[0]).toMatchObject({ source: "manual", handles: ["draft", "gift-card"] });
    expect(entries[1]).toEqual({ source: "cart", intent: "complementary" });
    expect(manualFeedOf(entries)).toEqual(feed);
  });

  it("an existing manual entry is updated in place, handles typed before stay visible, none drops it", () => {
    const entries = [{ source: "manual", handles: "a, b", type: "x" }];
    expect(manualFeedOf(entries).map((p) => p.handle)).toEqual(["a", "b"]);
    const next = withManualFeed(entries, [{ handle: "b", title: "B", image: "javascript:x", price: null }]);
    expect(next).toEqual([
      { source: "manual", handles: ["b"], summary: [{ handle: "b", title: "B", image: null, price: null }] },
    ]);
    expect(withManualFeed(next, [])).toEqual([]);
  });
});
