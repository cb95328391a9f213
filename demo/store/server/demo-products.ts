/** The demo store's pages (/demo/store and its cart), from demo/store.html and the seeded catalogue. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { esc as escapeHtml } from "#demo/sv/server/html";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** HTML cards for every demo product (prices in dollars, sold-out marked). */
export function demoProductsHtml(): string {
  return DEMO_STORE_PRODUCTS.map((product) => {
    const price =
      product.compare_at_price && product.compare_at_price > product.price
        ? `<s>${money(product.compare_at_price)}</s> ${money(product.price)}`
        : money(product.price);
    return `<article class="product" data-product-handle="${escapeHtml(product.handle)}">
      <div class="img" role="img" aria-label="${escapeHtml(product.title)}" style="background-image:url('/demo/store${escapeHtml(product.images[0] ?? "")}')"></div>
      <h2>${escapeHtml(product.title)}</h2>
      <p class="price">${price}</p>
      ${product.available ? "" : '<p class="sold-out">Sold out</p>'}
    </article>`;
  }).join("\n");
}

/**
 * A demo store page: the store.html shell, a Dawn-like theme (header with
 * Dawn's #cart-icon-bubble, Dawn's <cart-drawer> and its renderContents, the
 * Shopify globals), around main. `root` is the store's Shopify.routes.root
 * (the demo store's by default; the tests' local storefront serves it at "/").
 */
export function demoStorePage(page: {
  title: string;
  bodyClass: string;
  main: string;
  snippet: string;
  root?: string;
}): string {
  const template = readFileSync(path.join(process.cwd(), "demo", "store.html"), "utf8");
  // Function replacers: a $ in the content must not be read as a replacement pattern.
  return template
    .replaceAll("{{ROOT}}", () => escapeHtml(page.root ?? "/demo/store/"))
    .replace("{{TITLE}}", () => escapeHtml(page.title))
    .replace("{{BODY_CLASS}}", () => page.bodyClass)
    .replace("{{MAIN}}", () => page.main)
    .replace("{{BECKON_SNIPPET}}", () => page.snippet);
}

/** The store's front page: the product grid and the area where the product-feed CTA is placed. */
export function demoStoreFrontMain(): string {
  return `<h1>All products</h1>
    <div data-beckon-area="products"></div>
    <div class="grid">${demoProductsHtml()}</div>`;
}

/** The cart page: lines, quantities and total, filled from cart.js by the page's script. */
export function demoStoreCartMain(): string {
  return `<h1>Your cart</h1>
    <ul class="cart-lines" id="cart-page-lines" data-cart-lines></ul>
    <p class="cart-total">Total: <span data-cart-total>$0.00</span></p>
    <p><a href="/demo/store">Continue shopping</a></p>`;
}
