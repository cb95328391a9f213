/**
 * The demo theme's templates and cart sections (demo/store/server/theme-pages.ts,
 * sections.ts): product pages from the storefront's own catalogue (price,
 * variant picker, Add to cart), collection grids, the cart's totals after
 * discounts in the drawer and on the cart page, and hostile catalogue text
 * and handles.
 */
import { describe, expect, it } from "vitest";
import { createStorefront } from "#demo/store/server/storefront";
import { toCatalogProduct } from "#demo/store/server/catalog";
import {
  collectionListMain,
  collectionMain,
  collectionTitle,
  findCollection,
  findProduct,
  productMain,
  selectedVariant,
  type ThemeData,
} from "#demo/store/server/theme-pages";
import { storeCatalogFixture } from "#test/fixtures/store";
import { cookieFetch } from "#test/storefront/client-fetch";
import type { RunningStorefront } from "#test/storefront/server";
import { serveFixtureStore } from "#test/unit/widget/store/storefront-harness";

let shop: RunningStorefront;
serveFixtureStore({}, (running) => (shop = running));

const data = (): ThemeData => ({ root: "/", products: shop.state.products, collections: shop.state.collections });

describe("the cart's totals after discounts", () => {
  it("the drawer and the cart page show the subtotal, each discount and the total after them (the drawer an add rendered, too)", async () => {
    const f = cookieFetch();
    const add = await f(shop.origin + "/cart/add.js", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items: [{ id: 70011, quantity: 2 }], sections: "cart-drawer" }),
    });
    const before = ((await add.json()) as { sections: Record<string, string> }).sections["cart-drawer"];
    expect(before).toContain('Estimated total <span class="totals__total-value">$30.00</span>');
    expect(before).not.toContain("discounts__discount");

    expect((await f(shop.origin + "/discount/SAVE10?redirect=/cart")).status).toBe(200);
    const sections = (await (
      await f(shop.origin + "/cart?sections=cart-drawer,main-cart-items,main-cart-footer")
    ).json()) as Record<string, string>;
    for (const id of ["cart-drawer", "main-cart-footer"]) {
      const html = sections[id];
      expect(html, id).toContain('Subtotal <span class="totals__subtotal-value">$30.00</span>');
      expect(html, id).toMatch(/<li class="discounts__discount">.*SAVE10.*\(-\$3\.00\)<\/span><\/li>/);
      expect(html, id).toContain('Estimated total <span class="totals__total-value">$27.00</span>');
    }
    expect(sections["main-cart-items"]).toMatch(/<ul class="cart-items cart-lines" id="cart-page-lines".*× 2/);
  });

  it("an empty cart page has no totals to show", async () => {
    const sections = (await (
      await fetch(shop.origin + "/cart?sections=main-cart-items,main-cart-footer")
    ).json()) as Record<string, string>;
    expect(sections["main-cart-items"]).toContain("Your cart is empty.");
    expect(sections["main-cart-footer"]).not.toContain("totals");
  });
});

describe("the product template", () => {
  it("renders price, a picker per option, the variant's id, quantity and Add to cart, opening on ?variant=", () => {
    const product = findProduct(data(), "house-blend")!;
    const html = productMain(data(), product, null);
    expect(html).toContain('<h1 class="product__title">House Blend</h1>');
    expect(html).toMatch(/<select id="Option-1"[^>]*name="options\[Size\]"/);
    expect(html).toContain(`<input type="hidden" name="id" value="${product.variants[0].id}">`);
    expect(html).toContain('name="quantity"');
    expect(html).toMatch(/<button type="submit" name="add" class="product-form__submit button">Add to cart<\/button>/);
    const second = product.variants[1];
    expect(selectedVariant(product, String(second.id))).toBe(second);
    expect(productMain(data(), product, String(second.id))).toContain(`name="id" value="${second.id}"`);
    // A variant of another product, or none at all, opens on the first available one.
    expect(selectedVariant(product, "70061").id).toBe(product.variants[0].id);
    expect(selectedVariant(product, "<script>").id).toBe(product.variants[0].id);
  });

  it("has no picker for a product of one default variant, and a sold-out product cannot be added", async () => {
    const shop = await createStorefront({
      products: [
        {
          id: 1,
          handle: "sold-out",
          title: "Gone",
          variants: [{ id: 11, price: 500, available: false }],
        },
      ],
      record: false,
    });
    const d = { root: "/", products: shop.state.products, collections: shop.state.collections };
    const html = productMain(d, findProduct(d, "sold-out")!, null);
    expect(html).not.toContain("<variant-selects");
    expect(html).toMatch(/<button[^>]* disabled>Sold out<\/button>/);
    expect(html).toContain("price__badge-sold-out");
  });

  it("escapes catalogue text everywhere but the description (the store's own HTML, as Shopify's body_html)", () => {
    const hostile = "<script>alert(1)</script>";
    const product = toCatalogProduct({
      id: 9,
      handle: `x"><script>`,
      title: hostile,
      vendor: hostile,
      options: [{ name: hostile }],
      variants: [{ id: 91, price: 100, option1: hostile }],
    });
    const d: ThemeData = { root: "/", products: [product], collections: new Map([["all", [product.handle]]]) };
    const page = productMain(d, product, null) + collectionMain(d, "all", [product]) + collectionListMain(d);
    expect(page).not.toContain("<script>alert");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain('href="/products/x%22%3E%3Cscript%3E"');
    // The variants' JSON sits in a <script type="application/json">: no "<" in it may close that.
    const json = /<script type="application\/json" data-product-variants>(.*?)<\/script>/s.exec(page)![1];
    expect(json).not.toContain("<");
    expect(JSON.parse(json)[0]).toMatchObject({ id: 91, options: [hostile], available: true });
  });

  it("finds nothing for unknown, traversing or oversized handles", () => {
    for (const handle of ["nope", "../house-blend", "house-blend/..", "", "x".repeat(10_000), "house-blend\u0000"])
      expect(findProduct(data(), handle), handle).toBeUndefined();
    expect(findCollection(data(), "../all")).toBeUndefined();
    expect(findCollection(data(), "a".repeat(300))).toBeUndefined();
  });
});

describe("the collection template", () => {
  it("lists the collection's products as cards linking to their pages, with prices, under its title", () => {
    const products = findCollection(data(), "gift")!;
    const html = collectionMain(data(), "gift", products);
    expect(html).toMatch(/^<h1 class="collection-hero__title">Gift<\/h1>/);
    expect([...html.matchAll(/href="\/products\/([^"]+)"/g)].map((m) => m[1])).toEqual(products.map((p) => p.handle));
    expect(html).toContain('<div id="shopify-section-main-collection-product-grid" class="shopify-section">');
    expect(html).toMatch(/class="price[^"]*"><span class="price-item[^"]*">(From )?\$\d+\.\d\d<\/span>/);
    expect(collectionTitle(data(), "all")).toBe("All products");
    expect(collectionListMain(data())).toContain('href="/collections/gift"');
  });
});

it("the fixture catalogue is the one these tests read", () => {
  expect(shop.state.products.map((p) => p.handle)).toEqual(storeCatalogFixture().map((p) => p.handle));
});
