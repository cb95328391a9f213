import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAjaxCart } from "#widget/store/ajax-cart";
import { fail, ok } from "#widget/store/result";
import { collectionFromPath, filterTerms, isShown, loadFeed } from "#widget/store/sources";
import type { ProductCatalog } from "#widget/store/types";
import { productMock, storeCatalogFixture, variantMock } from "#test/fixtures/store";
import { cookieFetch } from "#test/storefront/client-fetch";
import { startStorefront, type RunningStorefront } from "#test/storefront/server";

describe("feed rules (pure, fake catalog)", () => {
  const products = ["a", "b", "c", "d", "e"].map((h) => productMock({ id: h, handle: h }));
  const soldOut = productMock({ handle: "gone", variants: [variantMock({ available: false })] });
  const fake = (over: Partial<ProductCatalog> = {}): ProductCatalog => ({
    product: async (h) =>
      h === "gone"
        ? ok(soldOut)
        : products.find((p) => p.handle === h)
          ? ok(products.find((p) => p.handle === h)!)
          : fail("Product not found", { status: 404 }),
    recommendations: async () => ok(products),
    search: async () => ok(products),
    collection: async () => ok(products),
    ...over,
  });

  it("shows at most products-limit, default 3 (SPEC 9)", async () => {
    await expect(loadFeed(fake(), { type: "recommendations", productId: "1" })).resolves.toMatchObject({
      ok: true,
      value: [{ handle: "a" }, { handle: "b" }, { handle: "c" }],
    });
    const four = await loadFeed(fake(), { type: "recommendations", productId: "1" }, { limit: 4 });
    expect(four.ok && four.value).toHaveLength(4);
  });

  it("hides products that are not found, and sold-out ones unless unavailable products are enabled", async () => {
    const r = await loadFeed(fake(), { type: "manual", handles: ["a", "missing", "gone", "b"] }, { limit: 10 });
    expect(r.ok && r.value.map((p) => p.handle)).toEqual(["a", "b"]);
    const all = await loadFeed(
      fake(),
      { type: "manual", handles: ["a", "missing", "gone", "b"] },
      { limit: 10, showUnavailable: true },
    );
    expect(all.ok && all.value.map((p) => p.handle)).toEqual(["a", "gone", "b"]);
    expect(isShown(soldOut)).toBe(false);
    expect(isShown(soldOut, true)).toBe(true);
  });

  it("filters by quiz answers: no answers, no search", async () => {
    const search = vi.fn(async () => ok(products));
    await expect(loadFeed(fake({ search }), { type: "filter", answers: [" ", ""] })).resolves.toEqual({
      ok: true,
      value: [],
    });
    expect(search).not.toHaveBeenCalled();
    await loadFeed(fake({ search }), { type: "filter", answers: ["Dark", " dark ", "Dark", "decaf"] }, { limit: 2 });
    expect(search).toHaveBeenCalledWith(["Dark", "dark", "decaf"], { limit: 2, showUnavailable: undefined });
    expect(filterTerms(["a ", "a", ""])).toEqual(["a"]);
  });

  it("passes collection failures on, logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const r = await loadFeed(fake({ collection: async () => fail("HTTP 500", { status: 500 }) }), {
      type: "collection",
      handle: "x",
    });
    expect(r).toMatchObject({ ok: false, error: { status: 500 } });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[beckon\] collection x failed/));
    warn.mockRestore();
  });

  it("reads the collection merge value from the URL", () => {
    expect(collectionFromPath("https://shop.test/collections/coffee")).toBe("coffee");
  });
});

describe("feeds against the local storefront (Ajax catalog)", () => {
  let shop: RunningStorefront;
  beforeAll(async () => {
    shop = await startStorefront({
      products: storeCatalogFixture(),
      collections: { dupes: ["canvas-tote", "canvas-tote", "burr-grinder", "gift-card", "house-blend"] },
    });
  });
  afterAll(() => shop.stop());
  const ajax = () => createAjaxCart({ root: shop.origin + "/", fetch: cookieFetch(), currency: "USD" });

  it("manual handles: missing skipped, sold out hidden, source set", async () => {
    const r = await loadFeed(ajax(), {
      type: "manual",
      handles: ["house-blend", "no-such-thing", "burr-grinder", "espresso-cups"],
    });
    expect(r.ok && r.value.map((p) => [p.handle, p.source])).toEqual([
      ["house-blend", "manual"],
      ["espresso-cups", "manual"],
    ]);
  });

  it("manual variant entries (selected-product-variant-ids)", async () => {
    const r = await loadFeed(
      ajax(),
      { type: "manual", handles: ["espresso-cups", "house-blend"], variantIds: ["70031", "70032", "70012"] },
      { limit: 5 },
    );
    expect(r.ok && r.value.map((p) => [p.title, p.price, p.is_variant])).toEqual([
      ["Espresso Cups - White", 1200, true],
      ["House Blend - 1 kg", 4500, true],
    ]);
  });

  it("collection: deduplicated by handle, sold out hidden, trimmed to the limit", async () => {
    const r = await loadFeed(ajax(), { type: "collection", handle: "dupes" });
    expect(r.ok && r.value.map((p) => p.handle)).toEqual(["canvas-tote", "gift-card"]);
  });

  it("filter: search suggest by quiz answers", async () => {
    const r = await loadFeed(ajax(), { type: "filter", answers: ["gift"] });
    expect(r.ok && r.value.map((p) => p.handle)).toEqual(["espresso-cups", "canvas-tote", "gift-card"]);
  });

  it("cart: related to the cart's products, leaving out what is already in it", async () => {
    const cart = ajax();
    await cart.addLines([{ variantId: "70011", quantity: 1 }]);
    const r = await loadFeed(cart, { type: "cart" }, { cart, limit: 2 });
    expect(r.ok && r.value.map((p) => [p.handle, p.source])).toEqual([
      ["subscription-box", "cart"],
      ["espresso-cups", "cart"],
    ]);
    const empty = ajax();
    await expect(loadFeed(empty, { type: "cart" }, { cart: empty })).resolves.toEqual({ ok: true, value: [] });
  });
});
