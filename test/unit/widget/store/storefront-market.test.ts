/**
 * The Storefront adapter's headless integration: the market on every
 * operation (@inContext), the storefront's own cart id (never a second
 * cartCreate), onCartCreated, and malformed answers failing in words.
 */
import { describe, expect, it, vi } from "vitest";
import { type StorefrontCartConfig } from "#widget/store/storefront-cart";
import { checkCartId, normalizeMarket, withMarket } from "#widget/store/storefront-context";
import type { RunningStorefront } from "#test/storefront/server";
import { headlessCartOn, serveFixtureStore, STOREFRONT_TOKEN } from "./storefront-harness";

let shop: RunningStorefront;
serveFixtureStore(
  { publicAccessToken: STOREFRONT_TOKEN, markets: { SE: { currency: "SEK", rate: 10 } } },
  (running) => (shop = running),
);

const headless = (extra: Partial<StorefrontCartConfig> = {}) => headlessCartOn(shop, extra);

/** A fetch answering every request with this JSON (or throwing), for answers the local storefront never gives. */
const answering = (body: unknown, status = 200) =>
  (async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": typeof body === "string" ? "text/html" : "application/json" },
    })) as unknown as typeof fetch;

describe("market and cart id variables", () => {
  it("normalizes country and language to the enums' spelling", () => {
    expect(normalizeMarket({ country: "se", language: "sv" })).toEqual({ country: "SE", language: "SV" });
    expect(normalizeMarket({ country: " US ", language: "pt-BR" })).toEqual({ country: "US", language: "PT_BR" });
    expect(normalizeMarket({})).toEqual({ country: null, language: null });
    expect(normalizeMarket({ country: "", language: null })).toEqual({ country: null, language: null });
  });

  it("rejects values that cannot be codes, in words", () => {
    expect(() => normalizeMarket({ country: "Sweden" })).toThrow(
      '"Sweden" is not a Storefront API country code (expected e.g. "SE")',
    );
    expect(() => normalizeMarket({ language: "svenska" })).toThrow("is not a Storefront API language code");
    expect(() => normalizeMarket({ country: 'SE") { __typename }' })).toThrow(RangeError);
    expect(() => normalizeMarket({ country: "X".repeat(100_000) })).toThrow(/^\[beckon\] "X{40}" is not/);
    expect(() => normalizeMarket({ country: 46 as unknown as string })).toThrow("must be a string");
  });

  it("adds the market to an operation's own variables without changing them", () => {
    const own = { cartId: "gid://shopify/Cart/a", lines: [] };
    expect(withMarket(own, { country: "SE", language: "SV" })).toEqual({ ...own, country: "SE", language: "SV" });
    expect(withMarket(own, { country: null, language: null })).toEqual({ ...own, country: null, language: null });
    expect(own).toEqual({ cartId: "gid://shopify/Cart/a", lines: [] });
  });

  it("accepts Storefront cart gids only", () => {
    expect(checkCartId("gid://shopify/Cart/c1-7a2abe82733a34e84aa472d57fb5c3c1?key=abc123")).toBe(
      "gid://shopify/Cart/c1-7a2abe82733a34e84aa472d57fb5c3c1?key=abc123",
    );
    expect(checkCartId(" gid://shopify/Cart/hWN0123 ")).toBe("gid://shopify/Cart/hWN0123");
    for (const bad of [
      "c1-abc",
      "gid://shopify/Product/1",
      "gid://shopify/Cart/",
      "gid://shopify/Cart/a b",
      "gid://shopify/Cart/" + "a".repeat(300),
      42,
      null,
      {},
    ])
      expect(() => checkCartId(bad), String(bad)).toThrow("The cart id must be a Storefront Cart id");
  });

  it("a bad market or cart id fails when the adapter is made, not on the first add", () => {
    expect(() => headless({ country: "Sverige" })).toThrow("not a Storefront API country code");
    expect(() => headless({ cartId: "12345" })).toThrow("The cart id must be a Storefront Cart id");
  });
});

describe("@inContext against the local storefront", () => {
  it("sends the market with every operation, queries and mutations", async () => {
    const cart = headless({ country: "se", language: "sv" });
    await cart.product("house-blend");
    await cart.search(["tote"], { limit: 2 });
    await cart.collection("gift", { limit: 2 });
    await cart.recommendations("7001", { limit: 2, intent: "related" });
    await cart.addLines([{ variantId: "70011", quantity: 1 }]);
    await cart.getCart();
    await cart.applyDiscount("SAVE10");
    await cart.tagCart("visitor-1");
    const r = await cart.getCart();
    if (!r.ok) throw new Error(r.error.message);
    await cart.removeLine(r.value.lines[0].id);
    const ops = shop.state.graphql.map((g) => g.operation);
    expect(new Set(ops)).toEqual(
      new Set([
        "BeckonProduct",
        "BeckonProducts",
        "BeckonCollectionProducts",
        "BeckonProductRecommendations",
        "BeckonCartCreate",
        "BeckonCartLinesAdd",
        "BeckonCart",
        "BeckonCartDiscountCodesUpdate",
        "BeckonCartAttributesUpdate",
        "BeckonCartLinesRemove",
      ]),
    );
    for (const g of shop.state.graphql) expect(g.inContext, g.operation).toEqual({ country: "SE", language: "SV" });
  });

  it("answers prices in the market's currency", async () => {
    const se = await headless({ country: "SE" }).product("house-blend");
    const us = await headless().product("house-blend");
    if (!se.ok || !us.ok) throw new Error("product failed");
    expect(us.value.variants[0]).toMatchObject({ price_currency: "USD" });
    expect(se.value.variants[0]).toMatchObject({ price_currency: "SEK", price: us.value.variants[0].price * 10 });
    const added = await headless({ country: "SE" }).addLines([{ variantId: "70011", quantity: 1 }]);
    expect(added).toMatchObject({ ok: true, value: { cart: { currency: "SEK", value: 150 } } });
  });
});

describe("the storefront's own cart", () => {
  it("adds to the given cart with cartLinesAdd and never creates one", async () => {
    const own = await headless().addLines([{ variantId: "70011", quantity: 1 }]); // the storefront made this cart
    if (!own.ok) throw new Error(own.error.message);
    const cartId = own.value.cart.id;
    // Keep the carts, forget the records: only what Beckon sends from here counts.
    shop.state.cartWrites.length = 0;
    shop.state.graphql.length = 0;
    const onCartCreated = vi.fn();
    const cart = headless({ cartId, onCartCreated });
    const r = await cart.addLines([{ variantId: "70061", quantity: 2 }]);
    expect(r).toMatchObject({ ok: true, value: { cart: { id: cartId, count: 3 } } });
    await cart.getCart();
    expect(shop.state.cartWrites.map((w) => [w.op, (w.body as { cartId?: string }).cartId])).toEqual([
      ["BeckonCartLinesAdd", cartId],
    ]);
    expect(shop.state.graphql.map((g) => g.operation)).not.toContain("BeckonCartCreate");
    expect(onCartCreated).not.toHaveBeenCalled();
    await expect(cart.checkoutUrl()).resolves.toMatchObject({ ok: true });
  });

  it("fails in words when the given cart is gone, and still creates none", async () => {
    const cart = headless({ cartId: "gid://shopify/Cart/hWNgone" });
    await expect(cart.addLines([{ variantId: "70011", quantity: 1 }])).resolves.toMatchObject({
      ok: false,
      error: {
        message:
          "The storefront's cart gid://shopify/Cart/hWNgone no longer exists (The specified cart does not exist.)",
      },
    });
    await expect(cart.getCart()).resolves.toMatchObject({
      ok: false,
      error: { message: "The storefront's cart gid://shopify/Cart/hWNgone no longer exists" },
    });
    expect(shop.state.graphql.map((g) => g.operation)).not.toContain("BeckonCartCreate");
  });

  it("without an id creates one cart and reports it once through onCartCreated", async () => {
    const onCartCreated = vi.fn();
    const cart = headless({ onCartCreated });
    const [a, b] = await Promise.all([
      cart.addLines([{ variantId: "70011", quantity: 1 }]),
      cart.addLines([{ variantId: "70061", quantity: 1 }]),
    ]);
    if (!a.ok || !b.ok) throw new Error("add failed");
    expect(onCartCreated).toHaveBeenCalledTimes(1);
    expect(onCartCreated).toHaveBeenCalledWith(a.value.cart.id);
    expect(shop.state.carts.size).toBe(1);
  });

  it("a throwing onCartCreated does not lose the add", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const r = await headless({
      onCartCreated: () => {
        throw new Error("storage full");
      },
    }).addLines([{ variantId: "70011", quantity: 1 }]);
    expect(r).toMatchObject({ ok: true, value: { cart: { count: 1 } } });
    expect(warn).toHaveBeenCalledWith("[beckon] onCartCreated threw", expect.any(Error));
    warn.mockRestore();
  });
});

describe("malformed and failed answers give clear errors", () => {
  const line = [{ variantId: "70011", quantity: 1 }];
  const id = "gid://shopify/Cart/hWNabc";

  it("userErrors: the first one's message and code", async () => {
    const cart = headless({
      cartId: id,
      fetch: answering({
        data: {
          cartLinesAdd: {
            cart: null,
            userErrors: [
              { field: ["lines", "0", "quantity"], message: "Quantity is too large", code: "INVALID_INCREMENT" },
            ],
            warnings: [],
          },
        },
      }),
    });
    await expect(cart.addLines(line)).resolves.toEqual({
      ok: false,
      error: { message: "Quantity is too large", code: "INVALID_INCREMENT" },
    });
  });

  it("a userError without a message still says which operation was refused", async () => {
    const cart = headless({
      cartId: id,
      fetch: answering({ data: { cartLinesAdd: { cart: null, userErrors: [{ code: "INVALID" }] } } }),
    });
    await expect(cart.addLines(line)).resolves.toMatchObject({
      ok: false,
      error: { message: "cartLinesAdd was refused" },
    });
  });

  it("a payload without its field, or a cart without lines", async () => {
    await expect(
      headless({ cartId: id, fetch: answering({ data: { cartLinesAdd: null } }) }).addLines(line),
    ).resolves.toEqual({ ok: false, error: { message: "Storefront API answered no cartLinesAdd payload" } });
    await expect(
      headless({ cartId: id, fetch: answering({ data: { cartLinesAdd: "yes" } }) }).addLines(line),
    ).resolves.toMatchObject({ ok: false, error: { message: "Storefront API answered no cartLinesAdd payload" } });
    await expect(
      headless({ cartId: id, fetch: answering({ data: { cartLinesAdd: { cart: { id }, userErrors: [] } } }) }).addLines(
        line,
      ),
    ).resolves.toMatchObject({
      ok: false,
      error: { message: "Storefront API answered a cartLinesAdd cart without lines or cost" },
    });
    await expect(
      headless({ cartId: id, fetch: answering({ data: { cart: { id, lines: null } } }) }).getCart(),
    ).resolves.toMatchObject({
      ok: false,
      error: { message: "Storefront API answered a cart without lines or cost" },
    });
  });

  it("GraphQL errors and HTTP failures", async () => {
    await expect(
      headless({ fetch: answering({ errors: [{ message: "Field 'x' doesn't exist" }] }) }).product("a"),
    ).resolves.toMatchObject({
      ok: false,
      error: { message: "Storefront API error: Field 'x' doesn't exist" },
    });
    const r = await headless({ fetch: answering("<html>Bad gateway</html>", 502) }).product("a");
    expect(r).toMatchObject({
      ok: false,
      error: { status: 502, message: expect.stringMatching(/^Storefront API error: /) },
    });
  });

  it("network errors", async () => {
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const r = await headless({ fetch: down, cartId: id }).addLines(line);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/^Storefront API (request failed|error): .*fetch failed/);
  });
});
