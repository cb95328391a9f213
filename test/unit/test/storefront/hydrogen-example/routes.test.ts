/**
 * The Hydrogen-shaped example's cart route on the fixture storefront, driven
 * from Node by Beckon's own server cart adapter (a cookie jar standing in for
 * the browser): CartForm posts reach the server's cart handler, the cart id
 * comes back in the `cart` cookie and every later write goes to that cart.
 * Broken, oversized and unknown posts answer 4xx JSON and change nothing.
 */
import { describe, expect, it } from "vitest";
import { createServerCart } from "#widget/react/server-cart";
import { cookieFetch } from "#test/storefront/client-fetch";
import type { RunningStorefront } from "#test/storefront/server";
import { HYDROGEN_CART_ROUTE } from "#test/storefront/hydrogen-example/routes";
import { serveFixtureStore, STOREFRONT_TOKEN } from "#test/unit/widget/store/storefront-harness";

let shop: RunningStorefront;
serveFixtureStore(
  {
    headlessExample: (origin) => ({
      cta: {} as never,
      config: {} as never,
      storeDomain: origin,
      storefrontToken: STOREFRONT_TOKEN,
      country: "SE",
      language: "SV",
    }),
  },
  (running) => (shop = running),
);

/** Beckon's server cart on the route, with a browser's cookie jar, revalidating like the page: its loader read again. */
function beckonOnRoute() {
  const jar = cookieFetch();
  const loaded: unknown[] = [];
  const cart = createServerCart({
    action: shop.origin + HYDROGEN_CART_ROUTE,
    fetch: jar,
    tag: () => "visitor-token-1",
    revalidate: async () => {
      const page = await (await jar(shop.origin + HYDROGEN_CART_ROUTE)).json();
      loaded.push(page);
      cart.pageCart(page);
    },
  });
  return { cart, jar, loaded };
}

describe("the Hydrogen-shaped example's cart route", () => {
  it("takes Beckon's CartForm posts: the cart created with the first add, its id in the cookie, later writes on it", async () => {
    const { cart, jar, loaded } = beckonOnRoute();
    const first = await cart.addLines([{ variantId: "70011", quantity: 2 }]);
    expect(first.ok).toBe(true);
    const token = jar.jar.get("cart")!;
    expect(token).toBeTruthy();
    expect(first.ok && first.value.cart.id).toBe(`gid://shopify/Cart/${token}`);
    await cart.addLines([{ variantId: "70051", quantity: 1 }]);
    await expect(cart.applyDiscount("SAVE10")).resolves.toMatchObject({ ok: true });
    await expect(cart.applyDiscount("FIVEOFF")).resolves.toMatchObject({ ok: true });
    await cart.tagCart("visitor-token-1");

    expect(shop.state.carts.size).toBe(1);
    const server = shop.state.carts.get(token)!;
    expect(server.lines.map((l) => [l.variantId, l.quantity, l.properties])).toEqual([
      [70011, 2, { _convertflow: "visitor-token-1" }],
      [70051, 1, { _convertflow: "visitor-token-1" }],
    ]);
    // The discount kept the code already on the cart (read from the revalidated loader).
    expect(server.discountCodes).toEqual(["SAVE10", "FIVEOFF"]);
    expect(server.attributes).toEqual({ _convertflow: "visitor-token-1" });
    const ops = shop.state.cartWrites.map((w) => w.op);
    expect(ops[0]).toBe("ExampleCartCreate");
    expect(ops.slice(1).every((op) => op !== "ExampleCartCreate")).toBe(true);
    for (const w of shop.state.cartWrites) expect(w.inContext).toEqual({ country: "SE", language: "SV" });

    expect(loaded).toHaveLength(5);
    const page = await cart.getCart();
    expect(page.ok && page.value).toMatchObject({ count: 3, checkoutUrl: `${shop.origin}/checkouts/cn/${token}` });
    const removed = await cart.removeLine(page.ok ? page.value.lines[0].id : "");
    expect(removed.ok).toBe(true);
    expect(shop.state.carts.get(token)!.lines.map((l) => l.variantId)).toEqual([70051]);
  });

  it("a sold-out add fails with the Storefront API's word and leaves the cart as it was", async () => {
    const { cart } = beckonOnRoute();
    await cart.addLines([{ variantId: "70011", quantity: 1 }]);
    const refused = await cart.addLines([{ variantId: "70041", quantity: 1 }]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe("MERCHANDISE_OUT_OF_STOCK");
    expect([...shop.state.carts.values()][0].lines.map((l) => l.variantId)).toEqual([70011]);
  });

  it.each([
    ["cartFormInput that is not JSON", 400, () => form("{"), "cartFormInput is not JSON"],
    ["an unknown action", 400, () => form(JSON.stringify({ action: "CustomDrop", inputs: {} })), "No such cart action"],
    ["no cartFormInput at all", 400, () => new URLSearchParams({ other: "1" }), "No such cart action"],
    ["a form of over a megabyte", 413, () => form("x".repeat(1_100_000)), "The form is too large"],
  ])("answers %s with %i JSON and writes nothing", async (_name, status, body, message) => {
    const res = await fetch(shop.origin + HYDROGEN_CART_ROUTE, { method: "POST", body: body() });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ errors: [{ message }] });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(shop.state.cartWrites).toEqual([]);
  });

  it("answers other methods 405, and its loader null without a cart cookie or with a hostile one", async () => {
    expect((await fetch(shop.origin + HYDROGEN_CART_ROUTE, { method: "PUT" })).status).toBe(405);
    expect(await (await fetch(shop.origin + HYDROGEN_CART_ROUTE)).json()).toBeNull();
    const hostile = await fetch(shop.origin + HYDROGEN_CART_ROUTE, { headers: { Cookie: 'cart=") { evil }' } });
    expect(await hostile.json()).toBeNull();
  });
});

function form(value: string) {
  const data = new FormData();
  data.set("cartFormInput", value);
  return data;
}
