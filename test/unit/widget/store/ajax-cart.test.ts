import { describe, expect, it, vi } from "vitest";
import { createAjaxCart } from "#widget/store/ajax-cart";
import { sendCartNotice } from "#widget/store/cart-notice";
import { createCartLock, memorySession } from "#widget/store/serialize";
import type { CartAction } from "#widget/store/types";
import { cookieFetch } from "#test/storefront/client-fetch";
import type { RunningStorefront } from "#test/storefront/server";
import { serveFixtureStore, twoFastClicks, withSlowStorefront } from "./storefront-harness";

let shop: RunningStorefront;
serveFixtureStore(
  { collections: { mixed: ["house-blend", "espresso-cups", "house-blend", "canvas-tote", "gift-card"] } },
  (running) => (shop = running),
);

/** A shopper: one browser's cookie jar. */
const shopper = (extra: Parameters<typeof createAjaxCart>[0] = {}) =>
  createAjaxCart({ root: shop.origin + "/", fetch: cookieFetch(), currency: "USD", ...extra });

describe("Ajax cart adapter against the local storefront", () => {
  it("reads an empty cart, then adds lines (cart value = cents / 100)", async () => {
    const cart = shopper();
    const empty = await cart.getCart();
    expect(empty).toMatchObject({ ok: true, value: { value: 0, count: 0, lines: [], currency: "USD" } });
    const added = await cart.addLines([
      { variantId: "70011", quantity: 2 },
      { variantId: "gid://shopify/ProductVariant/70051", quantity: 1 },
    ]);
    if (!added.ok) throw new Error(added.error.message);
    expect(added.value.added.map((l) => [l.variantId, l.quantity])).toEqual([
      ["70011", 2],
      ["70051", 1],
    ]);
    expect(added.value.cart).toMatchObject({ id: empty.ok ? empty.value.id : "", value: 39, count: 3 });
    // cart.js lists the newest line first, as Shopify does.
    expect(added.value.cart.lines.map((l) => l.product.handle)).toEqual(["canvas-tote", "house-blend"]);
    expect(shop.state.cartWrites.map((w) => [w.op, w.body])).toEqual([
      [
        "add",
        [
          { id: 70011, quantity: 2 },
          { id: 70051, quantity: 1 },
        ],
      ],
    ]);
  });

  it("adds with a selling plan (items [{id, quantity, selling_plan}]) and merges the same line", async () => {
    const cart = shopper();
    await cart.addLines([{ variantId: "70011", quantity: 1, sellingPlanId: "8001" }]);
    const again = await cart.addLines([
      { variantId: "70011", quantity: 1, sellingPlanId: "gid://shopify/SellingPlan/8001" },
    ]);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.cart.lines).toHaveLength(1);
    expect(again.value.cart.lines[0]).toMatchObject({
      variantId: "70011",
      quantity: 2,
      sellingPlanId: "8001",
      linePrice: 2550,
    });
    expect(again.value.cart.value).toBe(25.5);
    expect(shop.state.cartWrites[0].body).toEqual([{ id: 70011, quantity: 1, selling_plan: 8001 }]);
  });

  it("answers 422 for sold-out variants and bad ids, as a Result (no throw, nothing added)", async () => {
    const cart = shopper();
    const soldOut = await cart.addLines([
      { variantId: "70011", quantity: 1 },
      { variantId: "70032", quantity: 1 },
    ]);
    expect(soldOut).toEqual({
      ok: false,
      error: {
        status: 422,
        message: "The product 'Espresso Cups - Black' is already sold out.",
        description: "The product 'Espresso Cups - Black' is already sold out.",
      },
    });
    const bad = await cart.addLines([{ variantId: "999", quantity: 1 }]);
    expect(bad).toMatchObject({ ok: false, error: { status: 422, description: "Cannot find variant" } });
    const needsPlan = await cart.addLines([{ variantId: "70021", quantity: 1 }]);
    expect(needsPlan).toMatchObject({
      ok: false,
      error: { status: 422, description: "Variant can only be purchased with a selling plan." },
    });
    await expect(cart.getCart()).resolves.toMatchObject({ ok: true, value: { count: 0 } });
  });

  it("removes a line with change.js {id, quantity: 0} and clears with an empty body", async () => {
    const cart = shopper();
    const added = await cart.addLines([
      { variantId: "70011", quantity: 1 },
      { variantId: "70061", quantity: 1 },
    ]);
    if (!added.ok) throw new Error(added.error.message);
    const line = added.value.cart.lines.find((l) => l.variantId === "70011")!;
    const removed = await cart.removeLine(line.id);
    expect(removed).toMatchObject({ ok: true, value: { count: 1, value: 25, lines: [{ variantId: "70061" }] } });
    expect(shop.state.cartWrites.at(-1)).toMatchObject({ op: "change", body: { id: line.id, quantity: 0 } });
    const cleared = await cart.clear();
    expect(cleared).toMatchObject({ ok: true, value: { count: 0, value: 0, lines: [] } });
    expect(shop.state.cartWrites.at(-1)).toMatchObject({ op: "clear", body: {} });
    await expect(cart.removeLine("nope:1")).resolves.toMatchObject({ ok: false, error: { status: 400 } });
  });

  it("applies a discount through /discount/{code}?redirect=/cart (cookie) and reports it on the cart", async () => {
    const cart = shopper();
    await cart.addLines([{ variantId: "70012", quantity: 1 }]);
    const r = await cart.applyDiscount("SAVE10");
    expect(r).toMatchObject({
      ok: true,
      value: { value: 40.5, discountCodes: [{ code: "SAVE10", applicable: true }] },
    });
    const discountRequest = shop.state.requests.find((q) => q.path === "/discount/SAVE10");
    expect(discountRequest?.search).toBe("?redirect=/cart");
    const unknown = await cart.applyDiscount("NOPE");
    expect(unknown).toMatchObject({
      ok: true,
      value: {
        value: 40.5,
        discountCodes: [
          { code: "SAVE10", applicable: true },
          { code: "NOPE", applicable: false },
        ],
      },
    });
  });

  it("a discount applied before the cart exists is honoured by the discount cookie", async () => {
    const cart = shopper();
    await cart.applyDiscount("FIVEOFF");
    const added = await cart.addLines([{ variantId: "70061", quantity: 1 }]);
    expect(added).toMatchObject({ ok: true, value: { cart: { value: 20 } } });
  });

  it("gives cart and checkout URLs under the shop root", async () => {
    const cart = createAjaxCart({ root: "/en" });
    expect(cart.cartUrl()).toBe("/en/cart");
    await expect(cart.checkoutUrl()).resolves.toEqual({ ok: true, value: "/en/checkout" });
  });

  it("works under a localized root (Shopify.routes.root)", async () => {
    const cart = createAjaxCart({ root: shop.origin + "/sv/", fetch: cookieFetch() });
    await expect(cart.addLines([{ variantId: "70061", quantity: 1 }])).resolves.toMatchObject({ ok: true });
    expect(shop.state.requests.some((q) => q.path === "/sv/cart/add.js")).toBe(true);
  });

  it("calls onChange after add, remove, clear and discount, which carries the cart notice (SPEC 7)", async () => {
    const actions: CartAction[] = [];
    const sent: string[] = [];
    const cart = shopper({
      onChange: (c, action) => {
        actions.push(action);
        sendCartNotice((url) => sent.push(url), "https://app.test/api", c.id);
      },
    });
    const added = await cart.addLines([{ variantId: "70061", quantity: 1 }]);
    if (!added.ok) throw new Error(added.error.message);
    await cart.applyDiscount("SAVE10");
    await cart.removeLine(added.value.cart.lines[0].id);
    await cart.clear();
    await cart.addLines([{ variantId: "70032", quantity: 1 }]); // fails: no notice
    expect(actions).toEqual(["add", "discount", "remove", "clear"]);
    expect(sent[0]).toBe(`https://app.test/api/?cf_action=cf_shopify_cart&cart_id=${added.value.cart.id}`);
    expect(new Set(sent).size).toBe(1);
  });

  it("sends the cart notice itself after add, discount and remove, to the storefront origin, fire and forget (SPEC 7)", async () => {
    const urls: string[] = [];
    const base = cookieFetch();
    // Every notice fails: the cart operations must not notice.
    const fetchSpy = ((url: string, init?: RequestInit) => {
      if (String(url).includes("cf_action=")) return (urls.push(String(url)), Promise.reject(new Error("offline")));
      return base(url, init);
    }) as typeof fetch;
    const cart = createAjaxCart({ root: shop.origin + "/sv/", fetch: fetchSpy, currency: "USD" });
    const added = await cart.addLines([{ variantId: "70061", quantity: 1 }]);
    if (!added.ok) throw new Error(added.error.message);
    const id = added.value.cart.id;
    await expect(cart.applyDiscount("SAVE10")).resolves.toMatchObject({ ok: true });
    await expect(cart.removeLine(added.value.cart.lines[0].id)).resolves.toMatchObject({ ok: true });
    await cart.clear();
    await cart.addLines([{ variantId: "70032", quantity: 1 }]); // fails: no notice
    const notice = `${shop.origin}/?cf_action=cf_shopify_cart&cart_id=${encodeURIComponent(id)}`;
    expect(urls).toEqual([notice, notice, notice]);

    const off = createAjaxCart({ root: shop.origin + "/", fetch: fetchSpy, notice: false });
    await off.addLines([{ variantId: "70061", quantity: 1 }]);
    expect(urls).toHaveLength(3);
  });

  it("fails in words, without throwing, when the store cannot be reached", async () => {
    const cart = createAjaxCart({ root: "http://127.0.0.1:1/", fetch: cookieFetch() });
    const r = await cart.getCart();
    expect(r.ok).toBe(false);
    await expect(cart.addLines([{ variantId: "1", quantity: 1 }])).resolves.toMatchObject({ ok: false });
  });
});

describe("Ajax catalog against the local storefront", () => {
  const catalog = (extra: Parameters<typeof createAjaxCart>[0] = {}) =>
    createAjaxCart({ root: shop.origin + "/", fetch: cookieFetch(), currency: "USD", ...extra });

  it("reads products/{handle}.js into a Product; a missing one is 'Product not found'", async () => {
    const r = await catalog().product("house-blend");
    expect(r).toMatchObject({
      ok: true,
      value: {
        id: "7001",
        handle: "house-blend",
        type: "Coffee",
        price: 1500,
        redirect_url: "/products/house-blend",
        subscriptions: [{ sellingPlans: [{ id: "8001" }] }],
      },
    });
    await expect(catalog().product("nope")).resolves.toEqual({
      ok: false,
      error: { message: "Product not found", status: 404 },
    });
  });

  it("reads recommendations (product_id, limit, intent)", async () => {
    const r = await catalog().recommendations("gid://shopify/Product/7001", { limit: 2, intent: "related" });
    expect(r.ok && r.value.map((p) => [p.handle, p.source])).toEqual([
      ["subscription-box", "recommendations"],
      ["espresso-cups", "recommendations"],
    ]);
    expect(shop.state.requests.find((q) => q.path === "/recommendations/products.json")?.search).toBe(
      "?product_id=7001&limit=2&intent=related",
    );
  });

  it("searches with search/suggest.json and reads each product in full", async () => {
    const r = await catalog().search(["tote", "grinder", "cups"], { limit: 3 });
    // The grinder is sold out: the store hides it (unavailable_products=hide).
    expect(r.ok && r.value.map((p) => [p.handle, p.source])).toEqual([
      ["espresso-cups", "filter"],
      ["canvas-tote", "filter"],
    ]);
    expect(shop.state.requests.find((q) => q.path === "/search/suggest.json")?.search).toBe(
      "?q=tote%20grinder%20cups&resources[type]=product&limit=3&resources[options][unavailable_products]=hide&resources[options][fields]=title,product_type,variants.title,tag",
    );
  });

  it("reads a collection from its page's product grid (Section Rendering), deduplicated by handle and trimmed to the limit", async () => {
    const r = await catalog().collection("mixed", { limit: 3 });
    expect(r.ok && r.value.map((p) => p.handle)).toEqual(["house-blend", "espresso-cups", "canvas-tote"]);
    // Documented endpoints only: the collection page's sections, then each product's .js (with its selling plans).
    expect(shop.state.requests.map((q) => q.path + q.search)).toEqual([
      "/collections/mixed?sections=main-collection-product-grid,main-collection,collection-template",
      "/products/house-blend.js",
      "/products/espresso-cups.js",
      "/products/canvas-tote.js",
    ]);
    await expect(catalog().collection("missing", { limit: 3 })).resolves.toMatchObject({
      ok: false,
      error: { status: 404 },
    });
    // A theme whose grid has another name: the sections the adapter is told.
    const named = await catalog({ collectionSections: ["no-such-grid"] }).collection("mixed", { limit: 3 });
    expect(named).toMatchObject({ ok: true, value: [] });
  });
});

describe("serialization against the real server (SPEC 4)", () => {
  it("two fast clicks add two lines in order, never interleaved", async () => {
    await withSlowStorefront(async (slow) => {
      const [, b] = await twoFastClicks(createAjaxCart({ root: slow.origin + "/", fetch: cookieFetch() }));
      const adds = slow.state.cartWrites.filter((w) => w.op === "add");
      expect(adds.map((w) => w.body)).toEqual([[{ id: 70011, quantity: 1 }], [{ id: 70051, quantity: 1 }]]);
      expect(adds[0].end!).toBeLessThan(adds[1].start);
      expect(slow.state.maxConcurrentWrites).toBe(1);
      // The first click's cart read also finished before the second add began.
      const firstCartRead = slow.state.requests.find((q) => q.path === "/cart.js" && q.seq > adds[0].start)!;
      expect(firstCartRead.seq).toBeLessThan(adds[1].start);
      expect(b.ok && b.value.cart.lines.map((l) => l.variantId)).toEqual(["70051", "70011"]);
    });
  });

  it("an add and a discount share the lock; without a shared lock writes would overlap", async () => {
    await withSlowStorefront(async (slow) => {
      const f = cookieFetch();
      await createAjaxCart({ root: slow.origin + "/", fetch: f }).getCart();
      const lock = createCartLock({ session: memorySession() });
      const one = createAjaxCart({ root: slow.origin + "/", fetch: f, lock });
      const two = createAjaxCart({ root: slow.origin + "/", fetch: f, lock });
      await Promise.all([one.addLines([{ variantId: "70011", quantity: 1 }]), two.applyDiscount("SAVE10")]);
      expect(slow.state.cartWrites.map((w) => w.op)).toEqual(["add", "discount"]);
      expect(slow.state.maxConcurrentWrites).toBe(1);

      // The control: two independent locks (no shared adding_to_cart) do overlap.
      slow.state.reset();
      await createAjaxCart({ root: slow.origin + "/", fetch: f }).getCart();
      const loose = [
        createAjaxCart({ root: slow.origin + "/", fetch: f }),
        createAjaxCart({ root: slow.origin + "/", fetch: f }),
      ];
      await Promise.all(loose.map((c, i) => c.addLines([{ variantId: i ? "70051" : "70011", quantity: 1 }])));
      expect(slow.state.maxConcurrentWrites).toBe(2);
    });
  });

  it("polls the lock every 100 ms (fake timers, real server)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const cart = createAjaxCart({ root: shop.origin + "/", fetch: cookieFetch() });
      const first = cart.addLines([{ variantId: "70011", quantity: 1 }]);
      const second = cart.addLines([{ variantId: "70051", quantity: 1 }]);
      await first;
      expect(shop.state.cartWrites.filter((w) => w.op === "add")).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(100);
      vi.useRealTimers();
      await second;
      expect(shop.state.cartWrites.filter((w) => w.op === "add").map((w) => w.body)).toEqual([
        [{ id: 70011, quantity: 1 }],
        [{ id: 70051, quantity: 1 }],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
