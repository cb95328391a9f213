import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS_MODULE } from "#demo/store/server/catalog";
import { cookieFetch } from "#test/storefront/client-fetch";
import { startStorefront, type RunningStorefront } from "#test/storefront/server";
import { serveFixtureStore } from "#test/unit/widget/store/storefront-harness";

let shop: RunningStorefront;
serveFixtureStore({}, (running) => (shop = running));

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> });
const post = (f: typeof fetch, path: string, body?: unknown) =>
  f(shop.origin + path, {
    method: "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("local storefront: Ajax API shapes", () => {
  it("cart.js: token, items, item_count, total_price in cents, currency; cart cookie set once", async () => {
    const f = cookieFetch();
    const first = await f(shop.origin + "/cart.js");
    expect(first.headers.getSetCookie()[0]).toMatch(/^cart=hWN\w+; Path=\/; SameSite=Lax$/);
    const { body } = await json(first);
    expect(body).toMatchObject({ token: f.jar.get("cart"), item_count: 0, total_price: 0, items: [], currency: "USD" });
    const again = await f(shop.origin + "/cart.js");
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("cart/add.js returns the added items in Shopify's line item shape", async () => {
    const f = cookieFetch();
    const { status, body } = await json(
      await post(f, "/cart/add.js", { items: [{ id: 70011, quantity: 2, selling_plan: 8001 }] }),
    );
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: 70011,
      variant_id: 70011,
      key: expect.stringMatching(/^70011:[0-9a-f]{32}$/),
      quantity: 2,
      price: 1275,
      line_price: 2550,
      final_line_price: 2550,
      product_id: 7001,
      handle: "house-blend",
      product_title: "House Blend",
      variant_title: "250 g",
      selling_plan_allocation: {
        price: 1275,
        compare_at_price: 1500,
        selling_plan: { id: 8001, name: "Monthly, 15% off" },
      },
    });
    const cart = await json(await f(shop.origin + "/cart.js"));
    expect(cart.body).toMatchObject({ item_count: 2, total_price: 2550, items_subtotal_price: 2550 });
    // A single {id, quantity} add answers the line item itself.
    const single = await json(await post(f, "/cart/add.js", { id: 70061, quantity: 1 }));
    expect(single.body).toMatchObject({ id: 70061, quantity: 1, price: 2500 });
  });

  it("answers 422 {status, message, description} for sold-out variants and bad ids", async () => {
    const f = cookieFetch();
    expect(await json(await post(f, "/cart/add.js", { items: [{ id: 70041, quantity: 1 }] }))).toEqual({
      status: 422,
      body: { status: 422, message: "Cart Error", description: "The product 'Burr Grinder' is already sold out." },
    });
    expect(await json(await post(f, "/cart/add.js", { items: [{ id: 123, quantity: 1 }] }))).toEqual({
      status: 422,
      body: { status: 422, message: "Cart Error", description: "Cannot find variant" },
    });
  });

  it("cart/change.js and cart/clear.js return the cart", async () => {
    const f = cookieFetch();
    await post(f, "/cart/add.js", {
      items: [
        { id: 70011, quantity: 1 },
        { id: 70051, quantity: 3 },
      ],
    });
    const changed = await json(await post(f, "/cart/change.js", { id: 70051, quantity: 0 }));
    expect(changed.body).toMatchObject({ item_count: 1, total_price: 1500, items: [{ variant_id: 70011 }] });
    const byLine = await json(await post(f, "/cart/change.js", { line: 1, quantity: 4 }));
    expect(byLine.body).toMatchObject({ item_count: 4, total_price: 6000 });
    const cleared = await json(await post(f, "/cart/clear.js"));
    expect(cleared.body).toMatchObject({ item_count: 0, total_price: 0, items: [] });
  });

  it("/discount/{code}?redirect=… sets the discount cookie and 302-redirects", async () => {
    const res = await fetch(shop.origin + "/discount/SAVE10?redirect=/checkout", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/checkout");
    expect(res.headers.getSetCookie()).toContain("discount_code=SAVE10; Path=/; SameSite=Lax");
    const offsite = await fetch(shop.origin + "/discount/SAVE10?redirect=https://evil.test/", { redirect: "manual" });
    expect(offsite.headers.get("location")).toBe("/");
  });

  it("serves the redirect targets and product pages", async () => {
    for (const path of ["/cart", "/checkout", "/products/house-blend", "/collections/gift", "/"])
      expect((await fetch(shop.origin + path)).status).toBe(200);
    expect((await fetch(shop.origin + "/products/nope")).status).toBe(404);
    const img = await fetch(shop.origin + "/cdn/shop/files/house-blend.svg");
    expect(img.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("products/{handle}.js, recommendations and search suggest", async () => {
    const product = await json(await fetch(shop.origin + "/products/espresso-cups.js"));
    expect(product.body).toMatchObject({
      id: 7003,
      handle: "espresso-cups",
      type: "Drinkware",
      price: 1200,
      compare_at_price: 1500,
      available: true,
      url: "/products/espresso-cups",
    });
    expect(product.body.variants.map((v: { id: number; available: boolean }) => [v.id, v.available])).toEqual([
      [70031, true],
      [70032, false],
    ]);
    expect((await fetch(shop.origin + "/products/nope.js")).status).toBe(404);

    const recs = await json(
      await fetch(shop.origin + "/recommendations/products.json?product_id=7003&limit=2&intent=related"),
    );
    expect(recs.body.intent).toBe("related");
    expect(recs.body.products.map((p: { handle: string }) => p.handle)).toEqual(["canvas-tote", "gift-card"]);
    expect(
      (await fetch(shop.origin + "/recommendations/products.json?product_id=1&limit=2&intent=related")).status,
    ).toBe(404);

    const suggest = await json(
      await fetch(
        shop.origin +
          "/search/suggest.json?q=coffee&resources[type]=product&limit=10&resources[options][unavailable_products]=hide&resources[options][fields]=title,product_type,variants.title,tag",
      ),
    );
    expect(
      suggest.body.resources.results.products.map((p: { handle: string; price: string }) => [p.handle, p.price]),
    ).toEqual([
      ["house-blend", "15.00"],
      ["subscription-box", "25.00"],
    ]);

    // Not part of Shopify's documented Ajax API, so not served here.
    expect((await fetch(shop.origin + "/collections/gift/products.json?limit=2")).status).toBe(404);
  });

  it("the Section Rendering API: ?sections= on any page, ?section_id=, and bundled with cart writes", async () => {
    const f = cookieFetch();
    const grid = await json(
      await f(shop.origin + "/collections/gift?sections=main-collection-product-grid,no-such-section"),
    );
    expect(grid.status).toBe(200);
    expect(Object.keys(grid.body)).toEqual(["main-collection-product-grid", "no-such-section"]);
    expect(grid.body["no-such-section"]).toBeNull();
    expect(grid.body["main-collection-product-grid"]).toMatch(
      /^<div id="shopify-section-main-collection-product-grid" class="shopify-section">/,
    );
    expect(
      [...grid.body["main-collection-product-grid"].matchAll(/href="\/products\/([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(["espresso-cups", "canvas-tote", "gift-card"]);
    // An unknown collection is a 404 page; outside a collection the grid is empty.
    expect((await f(shop.origin + "/collections/none?sections=main-collection-product-grid")).status).toBe(404);
    expect(
      (await json(await f(shop.origin + "/?sections[]=main-collection-product-grid"))).body[
        "main-collection-product-grid"
      ],
    ).not.toContain("/products/");
    expect((await f(shop.origin + "/?sections=a,b,c,d,e,f")).status).toBe(400);

    const empty = await json(await f(shop.origin + "/?sections=cart-drawer,cart-icon-bubble"));
    expect(empty.body["cart-drawer"]).toContain(
      '<cart-drawer class="drawer is-empty"><div id="CartDrawer" class="cart-drawer">',
    );
    expect(empty.body["cart-icon-bubble"]).not.toContain("cart-count-bubble");

    const added = await json(
      await post(f, "/cart/add.js", {
        items: [{ id: 70031, quantity: 2 }],
        sections: "cart-drawer,cart-icon-bubble",
        sections_url: "/products/espresso-cups",
      }),
    );
    expect(added.body.items.map((i: { id: number }) => i.id)).toEqual([70031]);
    expect(added.body.sections["cart-drawer"]).toContain('<cart-drawer class="drawer">');
    expect(added.body.sections["cart-drawer"]).toMatch(
      /<li class="cart-item cart-line" id="CartDrawer-Item-70031:\w+" data-variant-id="70031">.*× 2/,
    );
    expect(added.body.sections["cart-icon-bubble"]).toContain(
      '<div class="cart-count-bubble"><span aria-hidden="true">2</span>',
    );
    // Without sections the answer is the plain Ajax one; a single {id} answers the line, with sections beside it.
    expect(
      Object.keys((await json(await post(f, "/cart/add.js", { items: [{ id: 70031, quantity: 1 }] }))).body),
    ).toEqual(["items"]);
    const single = await json(
      await post(f, "/cart/add.js", { id: 70011, quantity: 1, sections: ["cart-icon-bubble"] }),
    );
    expect(single.body).toMatchObject({
      id: 70011,
      key: expect.any(String),
      sections: { "cart-icon-bubble": expect.stringContaining(">4</span>") },
    });
    const changed = await json(
      await post(f, "/cart/change.js", { line: 1, quantity: 0, sections: "cart-icon-bubble" }),
    );
    expect(changed.body).toMatchObject({
      item_count: 3,
      sections: { "cart-icon-bubble": expect.stringContaining(">3</span>") },
    });
    expect(await (await f(shop.origin + "/cart?section_id=cart-icon-bubble")).text()).toMatch(
      /^<div id="shopify-section-cart-icon-bubble"/,
    );
    expect((await f(shop.origin + "/cart?section_id=nope")).status).toBe(404);
  });

  it("answers the Storefront GraphQL endpoint with Shopify's schema (validation errors included)", async () => {
    const ask = async (query: string, variables = {}) =>
      json(
        await fetch(shop.origin + "/api/2026-07/graphql.json", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": "t" },
          body: JSON.stringify({ query, variables }),
        }),
      );
    const ok = await ask(
      `query P($h: String!) { product(handle: $h) { title variants(first: 1) { edges { node { price { amount } } } } } }`,
      { h: "gift-card" },
    );
    expect(ok.body).toEqual({
      data: { product: { title: "Gift Card", variants: { edges: [{ node: { price: { amount: "25.00" } } }] } } },
    });
    const bad = await ask(`{ product(handle: "x") { nope } }`);
    expect(bad.body.errors[0].message).toMatch(/Cannot query field "nope" on type "Product"/);
  });

  it("keeps carts apart per cookie", async () => {
    const a = cookieFetch();
    const b = cookieFetch();
    await post(a, "/cart/add.js", { items: [{ id: 70061, quantity: 1 }] });
    expect((await json(await b(shop.origin + "/cart.js"))).body.item_count).toBe(0);
    expect((await json(await a(shop.origin + "/cart.js"))).body.item_count).toBe(1);
    expect(shop.state.carts.size).toBe(2);
  });
});

describe("local storefront catalogue source", () => {
  it.runIf(existsSync(SEED_PRODUCTS_MODULE))("loads the demo store's seed products by default", async () => {
    const demo = await startStorefront();
    try {
      expect(demo.state.catalogFrom).toBe("seed");
      const { body } = await json(await fetch(demo.origin + `/products/${demo.state.products[0].handle}.js`));
      expect(body).toMatchObject({
        handle: demo.state.products[0].handle,
        type: expect.any(String),
        url: `/products/${demo.state.products[0].handle}`,
      });
      expect(typeof body.price).toBe("number");
    } finally {
      await demo.stop();
    }
  });
});
