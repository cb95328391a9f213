import { describe, expect, it } from "vitest";
import {
  cartJsUrl,
  collectionFromPath,
  collectionSectionsUrl,
  discountUrl,
  isCartPage,
  linkedHandles,
  normalizeRoot,
  productJsUrl,
  recommendationsUrl,
  redirectTarget,
  searchSuggestUrl,
} from "#widget/store/paths";

describe("store paths (SPEC 2 and 7)", () => {
  it("builds the documented storefront URLs from the shop root", () => {
    expect(cartJsUrl("/")).toBe("/cart.js");
    expect(productJsUrl("/", "morning-ritual")).toBe("/products/morning-ritual.js");
    expect(recommendationsUrl("/", "81", 4, "related")).toBe(
      "/recommendations/products.json?product_id=81&limit=4&intent=related",
    );
    // A collection's products come from its page's product grid (Section Rendering API), never products.json.
    expect(collectionSectionsUrl("/", "summer")).toBe(
      "/collections/summer?sections=main-collection-product-grid,main-collection,collection-template",
    );
    expect(collectionSectionsUrl("/en/", "sommar rea", ["a", "b", "c", "d", "e", "f"])).toBe(
      "/en/collections/sommar%20rea?sections=a,b,c,d,e",
    );
    expect(searchSuggestUrl("/", "dark roast", 3)).toBe(
      "/search/suggest.json?q=dark%20roast&resources[type]=product&limit=3&resources[options][unavailable_products]=hide&resources[options][fields]=title,product_type,variants.title,tag",
    );
  });

  it("reads product handles from a rendered section's links, in order, each once (image URLs are not links)", () => {
    const html = `<div id="shopify-section-main-collection-product-grid" class="shopify-section"><ul>
      <li><img srcset="//shop.test/cdn/shop/products/hat.jpg?v=1 165w" src="//cdn.shopify.com/s/files/1/products/hat.jpg"><a href="/products/hat?variant=1" class="full-unstyled-link">Hat</a></li>
      <li><a href='/en/collections/summer/products/t%C3%A9-kopp'>Te</a><a href="/products/hat">Hat again</a></li>
      <li><a href="https://shop.test/products/scarf#reviews">Scarf</a><a href="/pages/products">Not a product</a><a href="/collections/products">Nor this</a></li>
    </ul></div>`;
    expect(linkedHandles(html)).toEqual(["hat", "té-kopp", "scarf"]);
    expect(linkedHandles("")).toEqual([]);
  });

  it("keeps a localized root (Shopify.routes.root) and absolute roots", () => {
    expect(normalizeRoot(undefined)).toBe("/");
    expect(normalizeRoot("/en")).toBe("/en/");
    expect(cartJsUrl("/en/")).toBe("/en/cart.js");
    expect(productJsUrl("http://127.0.0.1:9/", "a b")).toBe("http://127.0.0.1:9/products/a%20b.js");
  });

  it.each([
    ["cart", {}, "/cart"],
    ["checkout", {}, "/checkout"],
    ["product", { handle: "kettle" }, "/products/kettle"],
    ["cart", { discountCode: "SAVE10" }, "/discount/SAVE10?redirect=/cart"],
    ["checkout", { discountCode: "SAVE10" }, "/discount/SAVE10?redirect=/checkout"],
    ["product", { handle: "kettle", discountCode: "SAVE 10" }, "/discount/SAVE%2010?redirect=/products/kettle"],
  ] as const)("redirect target %s %j → %s", (to, opts, expected) => {
    expect(redirectTarget("/", to, opts)).toBe(expected);
  });

  it("uses relative redirect parameters even from an absolute root", () => {
    expect(redirectTarget("http://shop.test/en/", "cart", { discountCode: "X" })).toBe(
      "http://shop.test/en/discount/X?redirect=/en/cart",
    );
    expect(discountUrl("/", "X", "/cart")).toBe("/discount/X?redirect=/cart");
  });

  it.each([
    ["https://shop.test/cart", true],
    ["https://shop.test/cart/", true],
    ["https://shop.test/en/cart?x=1", true],
    ["/cart", true],
    ["https://shop.test/cart.js", true],
    ["https://shop.test/", false],
    ["https://shop.test/collections/cartoons", false],
    ["https://shop.test/products/cart-charm", false],
    ["https://shop.test/?next=/cart", false],
  ])("isCartPage(%s) is %s", (url, expected) => {
    expect(isCartPage(url)).toBe(expected);
  });

  it.each([
    ["https://shop.test/collections/summer-sale", "summer-sale"],
    ["https://shop.test/collections/summer-sale/products/hat", "summer-sale"],
    ["/en/collections/t%C3%A9", "té"],
    ["https://shop.test/products/hat", null],
    ["https://shop.test/collections", null],
  ])("collectionFromPath(%s) is %s", (url, expected) => {
    expect(collectionFromPath(url)).toBe(expected);
  });
});
