/**
 * The demo store's Shopify Ajax API as the built server answers it under
 * /demo/store/ (what `npm start` serves): a cart per `cart` cookie, add,
 * change and clear in Shopify's shapes, and Shopify's 4xx JSON errors
 * ({ status, message, description }) for bad input, within bounds; and the
 * theme's pages (front, cart, product, collection, 404), each in the one
 * shell with the header, the drawer and the widget.
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

  it("leaves the store's pages to the app: each embeds the widget with Shopify's routes root", async () => {
    for (const path of [
      "/demo/store",
      "/demo/store/cart",
      "/demo/store/collections",
      "/demo/store/collections/all",
      `/demo/store/products/${available[0].handle}`,
    ]) {
      const res = await fetch(server.origin + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('routes: { root: "/demo/store/" }');
      expect(html).toContain('id="cart-icon-bubble"');
      expect(html).toContain("<cart-drawer");
      // The shared shell: the header's menu, the footer area the newsletter is placed in, the generic snippet.
      expect(html).toContain('href="/demo/store/collections/all">Shop all</a>');
      expect(html).toContain('data-beckon-area="footer"');
      expect(html).toContain("<!-- Beckon -->");
    }
  });
});

describe("the demo store's product and collection pages", () => {
  it("a product page has the price, a picker per option, quantity and Add to cart posting to the store's cart", async () => {
    const product = DEMO_STORE_PRODUCTS.find((p) => p.options.length > 1)!;
    const res = await fetch(`${server.origin}/demo/store/products/${product.handle}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<h1 class="product__title">${product.title}</h1>`);
    expect(html).toContain(`$${(product.variants[0].price / 100).toFixed(2)}`);
    for (const option of product.options) expect(html).toContain(`name="options[${option.name}]"`);
    expect(html).toContain('action="/demo/store/cart/add"');
    expect(html).toContain(`name="id" value="${product.variants[0].id}"`);
    expect(html).toContain(">Add to cart</button>");
    // ?variant= opens the page on that variant.
    const second = product.variants[1];
    const chosen = await (
      await fetch(`${server.origin}/demo/store/products/${product.handle}?variant=${second.id}`)
    ).text();
    expect(chosen).toContain(`name="id" value="${second.id}"`);
  });

  it("the product form works without script: a form post to cart/add adds the line and goes on to the cart page", async () => {
    const shopper = visitor();
    const res = await shopper("/demo/store/cart/add", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: String(variantA.id), quantity: "2" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/demo/store/cart");
    const cart = await (await shopper("/demo/store/cart.js")).json();
    expect(cart.items).toMatchObject([{ variant_id: variantA.id, quantity: 2 }]);
  });

  it("a collection page lists its products as cards linking to their pages, with prices", async () => {
    const res = await fetch(`${server.origin}/demo/store/collections/all`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const linked = [...html.matchAll(/<h3 class="card__heading"><a href="\/demo\/store\/products\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(linked).toEqual(DEMO_STORE_PRODUCTS.map((p) => p.handle));
    expect(html).toContain("All products");
    const bestsellers = await (await fetch(`${server.origin}/demo/store/collections/bestseller`)).text();
    expect(bestsellers).toContain('href="/demo/store/products/morning-ritual-coffee"');
    expect(bestsellers).not.toContain('href="/demo/store/products/paper-filters"');
    const list = await (await fetch(`${server.origin}/demo/store/collections`)).text();
    for (const handle of ["all", "coffee", "brewing", "gift", "bestseller"])
      expect(list).toContain(`href="/demo/store/collections/${handle}"`);
  });

  it.each([
    ["an unknown product", "/demo/store/products/no-such-product"],
    ["an unknown collection", "/demo/store/collections/no-such-collection"],
    ["a traversing handle", "/demo/store/products/..%2F..%2Fcart"],
    ["an encoded slash", "/demo/store/collections/all%2F..%2Fcoffee"],
    ["a very long handle", `/demo/store/products/${"a".repeat(5000)}`],
    ["a NUL byte", "/demo/store/products/paper-filters%00"],
  ])("%s is the theme's own 404 page", async (_name, path) => {
    const res = await fetch(server.origin + path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('id="cart-icon-bubble"');
  });

  it("never echoes a hostile handle unescaped", async () => {
    const script = encodeURIComponent('<script>alert("x")</script>');
    for (const path of [`/demo/store/products/${script}`, `/demo/store/collections/${script}`]) {
      const res = await fetch(server.origin + path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<script>alert("x")');
    }
  });

  it("leaves products/{handle}.js and the Section Rendering API of a product page to the storefront", async () => {
    const handle = available[0].handle;
    const js = await fetch(`${server.origin}/demo/store/products/${handle}.js`);
    expect(js.headers.get("content-type")).toMatch(/^application\/json/);
    const sections = await fetch(
      `${server.origin}/demo/store/products/${handle}?sections=cart-drawer,cart-icon-bubble`,
    );
    expect(sections.status).toBe(200);
    expect(Object.keys(await sections.json())).toEqual(["cart-drawer", "cart-icon-bubble"]);
  });
});
