/**
 * The demo store's page shell (demo/store.html) and the mains of its front
 * and cart pages; the product and collection templates are theme-pages.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { esc as escapeHtml } from "#demo/sv/server/html";
import { toCatalogProduct } from "./catalog";
import { DEMO_STORE_ROOT, demoStoreCatalog } from "./demo";
import { CART_ICON, productGridHtml } from "./theme-snippets";
import type { ThemeData } from "./theme-pages";

/** The product grid of every demo product (prices in dollars, sold-out marked, each card linking to its page). */
export function demoProductsHtml(): string {
  return productGridHtml(demoStoreCatalog().map(toCatalogProduct), DEMO_STORE_ROOT);
}

/**
 * A demo store page: the store.html shell, a Dawn-like theme (header with
 * the menu and Dawn's #cart-icon-bubble, Dawn's <cart-drawer> and its
 * renderContents, the product form, the Shopify globals), around main.
 * Every page of the theme (front, product, collection, cart, 404) is this
 * shell. `root` is the store's Shopify.routes.root (the demo store's by
 * default; the tests' local storefront serves it at "/").
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
    .replaceAll("{{ROOT}}", () => escapeHtml(page.root ?? DEMO_STORE_ROOT))
    .replace("{{CART_ICON}}", () => CART_ICON)
    .replace("{{TITLE}}", () => escapeHtml(page.title))
    .replace("{{BODY_CLASS}}", () => page.bodyClass)
    .replace("{{MAIN}}", () => page.main)
    .replace("{{BECKON_SNIPPET}}", () => page.snippet);
}

/** The store's front page: the area where the product-feed CTA is placed and the product grid. */
export function demoStoreFrontMain(data: ThemeData): string {
  return `<h1>All products</h1>
    <div data-beckon-area="products"></div>
    ${productGridHtml(data.products, data.root)}`;
}

/** The cart page: Dawn's main-cart-items and main-cart-footer sections, which the shell's script fills. */
export function demoStoreCartMain(root: string = DEMO_STORE_ROOT): string {
  return `<h1>Your cart</h1>
    <div id="shopify-section-main-cart-items" class="shopify-section" data-cart-section></div>
    <div id="shopify-section-main-cart-footer" class="shopify-section" data-cart-section></div>
    <p><a href="${escapeHtml(root)}collections/all">Continue shopping</a></p>`;
}
