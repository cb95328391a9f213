import { describe, expect, it } from "vitest";
import { memorySession } from "#widget/store/serialize";
import { createStorefrontCart, type StorefrontCartConfig } from "#widget/store/storefront-cart";
import type { CartAction, Timers } from "#widget/store/types";
import { rewriteToOrigin } from "#test/storefront/client-fetch";
import type { RunningStorefront } from "#test/storefront/server";
import {
  headlessCartOn,
  serveFixtureStore,
  STOREFRONT_TOKEN,
  twoFastClicks,
  withSlowStorefront,
} from "./storefront-harness";

let shop: RunningStorefront;
serveFixtureStore(
  { publicAccessToken: STOREFRONT_TOKEN, complementary: { "house-blend": ["espresso-cups", "burr-grinder"] } },
  (running) => (shop = running),
);

const headless = (extra: Partial<StorefrontCartConfig> = {}) =>
  headlessCartOn(shop, { apiVersion: "2026-07", ...extra });

const creates = () => shop.state.cartWrites.filter((w) => w.op === "BeckonCartCreate").length;

describe("Storefront API catalog against the local storefront", () => {
  it("reads a product by handle (PRODUCT_QUERY) with gids and selling plans", async () => {
    const r = await headless().product("subscription-box");
    expect(r).toMatchObject({
      ok: true,
      value: {
        id: "gid://shopify/Product/7002",
        handle: "subscription-box",
        price: 2500,
        requires_selling_plan: true,
        variants: [{ id: "gid://shopify/ProductVariant/70021", price: 2500, price_currency: "USD", available: true }],
        subscriptions: [
          {
            name: "Box subscription",
            sellingPlans: [
              { id: "gid://shopify/SellingPlan/8002", price_adjustments: [{ value_type: "percentage", value: 10 }] },
              { id: "gid://shopify/SellingPlan/8003", price_adjustments: [{ value_type: "fixed_amount", value: 300 }] },
            ],
          },
        ],
      },
    });
    await expect(headless().product("nope")).resolves.toEqual({
      ok: false,
      error: { message: "Product not found", status: 404 },
    });
  });

  it("reads products by query, available ones only unless asked", async () => {
    const r = await headless().search(["grinder", "tote"], { limit: 3 });
    expect(r.ok && r.value.map((p) => [p.handle, p.source])).toEqual([["canvas-tote", "filter"]]);
    const all = await headless().search(["grinder", "tote"], { limit: 3, showUnavailable: true });
    expect(all.ok && all.value.map((p) => p.handle)).toEqual(["burr-grinder", "canvas-tote"]);
  });

  it("reads collection products and recommendations", async () => {
    const c = await headless().collection("gift", { limit: 2 });
    expect(c.ok && c.value.map((p) => [p.handle, p.source])).toEqual([
      ["espresso-cups", "collection"],
      ["canvas-tote", "collection"],
    ]);
    await expect(headless().collection("missing", { limit: 2 })).resolves.toMatchObject({
      ok: false,
      error: { status: 404 },
    });
    const rel = await headless().recommendations("7001", { limit: 2, intent: "related" });
    expect(rel.ok && rel.value.map((p) => p.handle)).toEqual(["subscription-box", "espresso-cups"]);
    const comp = await headless().recommendations("gid://shopify/Product/7001", { limit: 3, intent: "complementary" });
    expect(comp.ok && comp.value.map((p) => p.handle)).toEqual(["espresso-cups", "burr-grinder"]);
  });

  it("rejects a wrong access token in words", async () => {
    const r = await headless({ publicAccessToken: "wrong" }).product("house-blend");
    expect(r).toMatchObject({ ok: false, error: { status: 401 } });
  });
});

describe("Storefront API cart against the local storefront", () => {
  it("has no cart until the first add, then creates it once", async () => {
    const cart = headless();
    await expect(cart.getCart()).resolves.toMatchObject({ ok: true, value: { id: "", count: 0 } });
    await expect(cart.checkoutUrl()).resolves.toMatchObject({ ok: false });
    const r = await cart.addLines([{ variantId: "70011", quantity: 2 }]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.cart).toMatchObject({ value: 30, count: 2, currency: "USD" });
    expect(r.value.added).toMatchObject([{ variantId: "gid://shopify/ProductVariant/70011", quantity: 2 }]);
    await cart.addLines([{ variantId: "70061", quantity: 1 }]);
    expect(creates()).toBe(1);
    expect(shop.state.cartWrites.map((w) => w.op)).toEqual([
      "BeckonCartCreate",
      "BeckonCartLinesAdd",
      "BeckonCartLinesAdd",
    ]);
    const checkout = await cart.checkoutUrl();
    expect(checkout).toEqual({ ok: true, value: `${shop.origin}/checkouts/cn/${r.value.cart.id.split("/").pop()}` });
    expect(cart.cartUrl()).toBe("/cart");
  });

  it("creates the cart once when callers arrive together; the others wait for it", async () => {
    const session = memorySession();
    const one = headless({ session });
    const two = headless({ session }); // another CTA on the same page
    const results = await Promise.all([
      one.tagCart("visitor-1"),
      two.addLines([{ variantId: "70011", quantity: 1 }]),
      one.getCart(),
      two.tagCart("visitor-1"),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(creates()).toBe(1);
    const ids = new Set(
      results.map((r) => (r.ok ? ("cart" in r.value ? r.value.cart.id : r.value.id) : "")).filter(Boolean),
    );
    expect(ids.size).toBe(1);
    expect(session.get("cart")).toEqual({ storefront: [...ids][0] });
  });

  it("adds lines with merchandiseId, quantity and sellingPlanId", async () => {
    const cart = headless();
    const r = await cart.addLines([{ variantId: "70021", quantity: 1, sellingPlanId: "8003" }]);
    expect(r).toMatchObject({
      ok: true,
      value: { cart: { value: 22, lines: [{ sellingPlanId: "gid://shopify/SellingPlan/8003", linePrice: 2200 }] } },
    });
    expect(shop.state.cartWrites.at(-1)?.body).toEqual({
      cartId: expect.stringMatching(/^gid:\/\/shopify\/Cart\//),
      lines: [
        {
          merchandiseId: "gid://shopify/ProductVariant/70021",
          quantity: 1,
          sellingPlanId: "gid://shopify/SellingPlan/8003",
        },
      ],
      // No market given: @inContext gets nulls and Shopify uses the primary market.
      country: null,
      language: null,
    });
  });

  it("fails, in words, for sold-out merchandise, unknown ids and a missing required plan", async () => {
    const cart = headless();
    await expect(cart.addLines([{ variantId: "70032", quantity: 1 }])).resolves.toEqual({
      ok: false,
      error: {
        message: "The product 'Espresso Cups - Black' is already sold out.",
        code: "MERCHANDISE_OUT_OF_STOCK",
      },
    });
    await expect(cart.addLines([{ variantId: "999", quantity: 1 }])).resolves.toMatchObject({
      ok: false,
      error: { code: "INVALID" },
    });
    await expect(cart.addLines([{ variantId: "70021", quantity: 1 }])).resolves.toMatchObject({
      ok: false,
      error: {
        message: "Variant can only be purchased with a selling plan.",
        code: "VARIANT_REQUIRES_SELLING_PLAN",
      },
    });
    await expect(cart.getCart()).resolves.toMatchObject({ ok: true, value: { count: 0 } });
  });

  it("removes lines, clears, and applies discount codes keeping earlier ones", async () => {
    const actions: CartAction[] = [];
    const cart = headless({ onChange: (_c, a) => actions.push(a) });
    const added = await cart.addLines([
      { variantId: "70011", quantity: 1 },
      { variantId: "70061", quantity: 2 },
    ]);
    if (!added.ok) throw new Error(added.error.message);
    const first = added.value.cart.lines[0];
    await expect(cart.removeLine(first.id)).resolves.toMatchObject({ ok: true, value: { count: 2, value: 50 } });
    await expect(cart.applyDiscount("SAVE10")).resolves.toMatchObject({
      ok: true,
      value: { value: 45, discountCodes: [{ code: "SAVE10", applicable: true }] },
    });
    await expect(cart.applyDiscount("BOGUS")).resolves.toMatchObject({
      ok: true,
      value: {
        value: 45,
        discountCodes: [
          { code: "SAVE10", applicable: true },
          { code: "BOGUS", applicable: false },
        ],
      },
    });
    await expect(cart.clear()).resolves.toMatchObject({ ok: true, value: { count: 0, value: 0 } });
    expect(actions).toEqual(["add", "remove", "discount", "discount", "clear"]);
  });

  it("tags the cart with the _convertflow attribute (SPEC 7)", async () => {
    const cart = headless();
    await expect(cart.tagCart("visitor-token-9")).resolves.toMatchObject({ ok: true });
    const write = shop.state.cartWrites.find((w) => w.op === "BeckonCartAttributesUpdate");
    expect(write?.body).toMatchObject({ attributes: [{ key: "_convertflow", value: "visitor-token-9" }] });
    expect([...shop.state.carts.values()][0].attributes).toEqual({ _convertflow: "visitor-token-9" });
  });

  it("replaces an expired cart, retrying after 1 s", async () => {
    const waits: number[] = [];
    const timers: Timers = {
      now: () => Date.now(),
      setTimeout: (fn, ms) => {
        waits.push(ms);
        queueMicrotask(fn);
        return 0;
      },
    };
    const cart = headless({ timers });
    await cart.addLines([{ variantId: "70011", quantity: 1 }]);
    shop.state.carts.clear(); // the cart expired on Shopify's side
    const r = await cart.addLines([{ variantId: "70061", quantity: 1 }]);
    expect(r).toMatchObject({ ok: true, value: { cart: { count: 1, value: 25 } } });
    expect(waits).toContain(1000);
    expect(creates()).toBe(2);
  });

  it("two fast clicks add two lines in order, never interleaved", async () => {
    await withSlowStorefront(async (slow) => {
      const cart = createStorefrontCart({
        storeDomain: "fixture.myshopify.com",
        publicAccessToken: "x",
        fetch: rewriteToOrigin(slow.origin),
      });
      const [, b] = await twoFastClicks(cart);
      const adds = slow.state.cartWrites.filter((w) => w.op === "BeckonCartLinesAdd");
      expect(adds.map((w) => (w.body as { lines: { merchandiseId: string }[] }).lines[0].merchandiseId)).toEqual([
        "gid://shopify/ProductVariant/70011",
        "gid://shopify/ProductVariant/70051",
      ]);
      expect(adds[0].end!).toBeLessThan(adds[1].start);
      expect(slow.state.maxConcurrentWrites).toBe(1);
      expect(b.ok && b.value.cart.lines.map((l) => l.variantId)).toEqual([
        "gid://shopify/ProductVariant/70011",
        "gid://shopify/ProductVariant/70051",
      ]);
    });
  });
});
