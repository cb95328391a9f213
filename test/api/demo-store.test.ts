/**
 * The demo store's Shopify Ajax API as the built server answers it under
 * /demo/store/ (what `npm start` serves): a cart per `cart` cookie, add,
 * change and clear in Shopify's shapes, and Shopify's 4xx JSON errors
 * ({ status, message, description }) for bad input, within bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";

let tdb: TestDatabase;
let server: TestServer;

const available = DEMO_STORE_PRODUCTS.filter((p) => p.variants.some((v) => v.available));
const variantA = available[0].variants.find((v) => v.available)!;
const variantB = available[1].variants.find((v) => v.available)!;
const soldOut = DEMO_STORE_PRODUCTS.flatMap((p) => p.variants).find((v) => !v.available);

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  server = await startTestServer({ databaseUrl: tdb.url });
});

afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

/** A visitor: fetches with the cookies the store set. */
function visitor() {
  const jar = new Map<string, string>();
  return async (path: string, init: RequestInit = {}) => {
    const res = await fetch(server.origin + path, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.body ? { "Content-Type": "application/json" } : {}),
        Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(init.headers as Record<string, string>),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

describe("the demo store's Ajax cart", () => {
  it("starts empty with a cart cookie scoped to the store", async () => {
    const res = await fetch(`${server.origin}/demo/store/cart.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^cart=\w+; Path=\/demo\/store\/;/);
    const cart = await res.json();
    expect(cart).toMatchObject({ item_count: 0, items: [], total_price: 0, currency: "USD" });
  });

  it("adds, merges, changes and clears lines of one visitor's cart only", async () => {
    const shopper = visitor();
    const added = await shopper("/demo/store/cart/add.js", post({ items: [{ id: variantA.id, quantity: 2 }] }));
    expect(added.status).toBe(200);
    expect((await added.json()).items).toMatchObject([{ variant_id: variantA.id, quantity: 2 }]);
    await shopper("/demo/store/cart/add.js", post({ id: variantA.id, quantity: 1 }));
    await shopper("/demo/store/cart/add.js", post({ items: [{ id: variantB.id }] }));
    let cart = await (await shopper("/demo/store/cart.js")).json();
    expect(cart.items.map((i: { variant_id: number; quantity: number }) => [i.variant_id, i.quantity])).toEqual(
      expect.arrayContaining([
        [variantA.id, 3],
        [variantB.id, 1],
      ]),
    );
    expect(cart.item_count).toBe(4);
    expect(cart.total_price).toBe(variantA.price * 3 + variantB.price);

    const changed = await shopper("/demo/store/cart/change.js", post({ id: variantA.id, quantity: 0 }));
    expect(changed.status).toBe(200);
    cart = await changed.json();
    expect(cart.items.map((i: { variant_id: number }) => i.variant_id)).toEqual([variantB.id]);
    // A line links to its product page under the store's root.
    expect(cart.items[0].url).toMatch(/^\/demo\/store\/products\/[^/?]+\?variant=\d+$/);
    expect((await fetch(server.origin + cart.items[0].url)).status).toBe(200);

    // Another visitor has a cart of their own.
    expect((await (await visitor()("/demo/store/cart.js")).json()).item_count).toBe(0);

    const cleared = await shopper("/demo/store/cart/clear.js", { method: "POST" });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toMatchObject({ item_count: 0, items: [] });
  });

  it("answers the product, recommendation and search endpoints the widget calls, with images under the store", async () => {
    const handle = available[0].handle;
    const product = await (await fetch(`${server.origin}/demo/store/products/${handle}.js`)).json();
    expect(product).toMatchObject({ handle, id: available[0].id });
    expect(product.images[0]).toMatch(/^\/demo\/store\/cdn\/shop\/files\//);
    const image = await fetch(server.origin + product.images[0]);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const recs = await fetch(
      `${server.origin}/demo/store/recommendations/products.json?product_id=${available[0].id}&limit=3&intent=related`,
    );
    expect(recs.status).toBe(200);
    const recommended = (await recs.json()).products as { url: string }[];
    expect(recommended.length).toBeGreaterThan(0);
    const suggest = await fetch(
      `${server.origin}/demo/store/search/suggest.json?q=coffee&resources[type]=product&limit=3`,
    );
    expect(suggest.status).toBe(200);
    const suggested = (await suggest.json()).resources.results.products as {
      url: string;
      variants: { url: string }[];
    }[];
    expect(suggested.length).toBeGreaterThan(0);
    expect((await fetch(`${server.origin}/demo/store/products/no-such-product.js`)).status).toBe(404);
    // The product pages these answers link to are the store's own, under its root (a product feed's cards link there).
    const pages = [product.url, ...recommended.map((p) => p.url), suggested[0].url, suggested[0].variants[0].url];
    for (const url of pages) {
      expect(url).toMatch(/^\/demo\/store\/products\//);
      expect((await fetch(server.origin + url)).status, url).toBe(200);
    }
  });

  it.each([
    ["no id", "/demo/store/cart/add.js", {}, 400],
    ["an empty items list", "/demo/store/cart/add.js", { items: [] }, 400],
    ["an unknown variant", "/demo/store/cart/add.js", { items: [{ id: 1 }] }, 422],
    ["a quantity of zero", "/demo/store/cart/add.js", { items: [{ id: variantA.id, quantity: 0 }] }, 422],
    ["a fractional quantity", "/demo/store/cart/add.js", { items: [{ id: variantA.id, quantity: 1.5 }] }, 422],
    ["a quantity past the bound", "/demo/store/cart/add.js", { items: [{ id: variantA.id, quantity: 10_000 }] }, 422],
    ["a change of a line not in the cart", "/demo/store/cart/change.js", { id: variantA.id, quantity: 1 }, 400],
    ["a negative change", "/demo/store/cart/change.js", { line: 1, quantity: -1 }, 400],
  ])("refuses %s with Shopify's JSON error", async (_name, path, body, status) => {
    const res = await visitor()(path, post(body));
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const json = await res.json();
    expect(json).toMatchObject({ status, message: expect.any(String), description: expect.any(String) });
  });

  it("refuses a sold-out variant and malformed JSON", async () => {
    expect(soldOut, "the seed catalogue has a sold-out variant").toBeDefined();
    const res = await visitor()("/demo/store/cart/add.js", post({ items: [{ id: soldOut!.id }] }));
    expect(res.status).toBe(422);
    expect((await res.json()).description).toMatch(/sold out/);
    const bad = await fetch(`${server.origin}/demo/store/cart/add.js`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, message: "Bad Request" });
  });

  it("leaves the store's pages to the app: /demo/store and /demo/store/cart embed the widget with Shopify's routes root", async () => {
    for (const path of ["/demo/store", "/demo/store/cart"]) {
      const res = await fetch(server.origin + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('routes: { root: "/demo/store/" }');
      expect(html).toContain('id="cart-icon-bubble"');
      expect(html).toContain("<cart-drawer");
    }
  });
});
