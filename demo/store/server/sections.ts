/**
 * The storefront's Section Rendering API: the few theme sections the demo
 * store's Dawn-like theme has, rendered in the context of a page and a cart as
 * Shopify renders them (each wrapped in its
 * `<div id="shopify-section-{id}" class="shopify-section">`):
 * - `cart-drawer`: Dawn's `<cart-drawer>` with `#CartDrawer`, its overlay,
 *   `.drawer__inner` and one `.cart-item` per line (newest first);
 * - `cart-icon-bubble`: the header's cart icon, with `.cart-count-bubble` once
 *   the cart has items;
 * - `main-cart-items` and `main-cart-footer`: the cart page's lines and its
 *   totals (the drawer's lines and totals: subtotal, each discount, the
 *   total after discounts);
 * - `main-collection-product-grid`: a collection page's product grid (Dawn's
 *   section of that name), product cards linking to /products/{handle}; empty
 *   outside a collection.
 * Any other id does not exist in this theme: null, as Shopify answers it.
 * Requests: `?sections=a,b` (at most five) on any page answers
 * `{id: html | null}`, `?section_id=a` the one section's HTML, and a cart
 * write with `sections` answers them beside its JSON (bundled section
 * rendering), in the context of `sections_url` or the page it came from.
 */
import type { CatalogProduct } from "./catalog";
import type { CartBook, ServerCart } from "./carts";
import { escapeHtml as esc } from "./http";
import { CART_ICON, cartTotalsHtml, money, productGridHtml } from "./theme-snippets";

export interface SectionContext {
  /** The store's root ("/" or "/demo/store/"). */
  root: string;
  /** The page path the sections render for, relative to the root ("/collections/coffee"). */
  path: string;
  cart: ServerCart;
  book: CartBook;
  collections: Map<string, string[]>;
  byHandle(handle: string): CatalogProduct | undefined;
}

/** Shopify renders at most five sections a request; more is a 400. */
export const MAX_SECTIONS = 5;

const wrap = (id: string, html: string) => `<div id="shopify-section-${esc(id)}" class="shopify-section">${html}</div>`;

type CartJson = ReturnType<CartBook["cartJson"]>;

/** The cart's lines, newest first: the drawer's and the cart page's alike. */
function cartLines(ctx: SectionContext, cart: CartJson, id: string): string {
  const lines = cart.items
    .map(
      (i) =>
        `<li class="cart-item cart-line" id="${id}-Item-${esc(i.key)}" data-variant-id="${i.variant_id}"><a href="${esc(ctx.root + i.url.slice(1))}" class="cart-item__name">${esc(i.title)}</a><span class="cart-item__quantity">× ${i.quantity}</span><span class="price">${money(i.final_line_price)}</span></li>`,
    )
    .join("");
  return `<ul class="cart-items cart-lines" id="${id === "CartDrawer" ? "CartDrawer-Items" : "cart-page-lines"}" role="list">${lines}</ul>`;
}

const closeButton = `<button class="drawer__close" type="button" onclick="this.closest('cart-drawer').close()" aria-label="Close">&times;</button>`;

function cartDrawer(ctx: SectionContext): string {
  const cart = ctx.book.cartJson(ctx.cart);
  const empty = cart.items.length === 0;
  const inner = empty
    ? `<div class="drawer__inner-empty"><p class="cart__empty-text">Your cart is empty</p>${closeButton}</div>`
    : `<div class="drawer__header"><h2 class="drawer__heading">Your cart</h2>${closeButton}</div>` +
      `<cart-drawer-items>${cartLines(ctx, cart, "CartDrawer")}</cart-drawer-items>` +
      `<div class="cart-drawer__footer">${cartTotalsHtml(cart)}<a href="${esc(ctx.root)}cart" class="button">View cart</a></div>`;
  return (
    `<cart-drawer class="drawer${empty ? " is-empty" : ""}"><div id="CartDrawer" class="cart-drawer">` +
    `<div id="CartDrawer-Overlay" class="cart-drawer__overlay"></div>` +
    `<div class="drawer__inner" role="dialog" aria-modal="true" aria-label="Your cart" tabindex="-1">${inner}</div>` +
    `</div></cart-drawer>`
  );
}

/** The cart page's lines (Dawn's main-cart-items). */
function cartItems(ctx: SectionContext): string {
  const cart = ctx.book.cartJson(ctx.cart);
  return cart.items.length
    ? `<cart-items>${cartLines(ctx, cart, "CartItems")}</cart-items>`
    : `<p class="cart__empty-text">Your cart is empty.</p>`;
}

/** The cart page's totals (Dawn's main-cart-footer): the same totals as the drawer's. */
function cartFooter(ctx: SectionContext): string {
  const cart = ctx.book.cartJson(ctx.cart);
  if (!cart.items.length) return "";
  return `<div class="cart__footer">${cartTotalsHtml(cart)}<a href="${esc(ctx.root)}checkout" class="button">Check out</a></div>`;
}

function cartIconBubble(ctx: SectionContext): string {
  const count = ctx.book.cartJson(ctx.cart).item_count;
  return (
    CART_ICON +
    (count
      ? `<div class="cart-count-bubble"><span aria-hidden="true">${count < 100 ? count : ""}</span><span class="visually-hidden">${count} ${count === 1 ? "item" : "items"}</span></div>`
      : "")
  );
}

function collectionGrid(ctx: SectionContext): string {
  const match = /^\/collections\/([^/]+)\/?$/.exec(ctx.path);
  const handles = match ? (ctx.collections.get(decodeURIComponent(match[1])) ?? []) : [];
  // Dawn's default of 16 products a page.
  const products = handles
    .slice(0, 16)
    .map((h) => ctx.byHandle(h))
    .filter((p): p is CatalogProduct => !!p);
  return productGridHtml(products, ctx.root);
}

const SECTIONS: Record<string, (ctx: SectionContext) => string> = {
  "cart-drawer": cartDrawer,
  "cart-icon-bubble": cartIconBubble,
  "main-cart-items": cartItems,
  "main-cart-footer": cartFooter,
  "main-collection-product-grid": collectionGrid,
};

/** One section's HTML with its wrapper, or null for a section this theme does not have. */
export function renderSection(id: string, ctx: SectionContext): string | null {
  const render = Object.prototype.hasOwnProperty.call(SECTIONS, id) ? SECTIONS[id] : undefined;
  return render ? wrap(id, render(ctx)) : null;
}

/** The section ids of a `sections` parameter: a comma-separated string or an array. */
export function sectionIds(param: unknown): string[] {
  const list = Array.isArray(param) ? param.map(String) : typeof param === "string" ? param.split(",") : [];
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}

/** `{id: html | null}` for each id. */
export function renderSections(ids: string[], ctx: SectionContext): Record<string, string | null> {
  return Object.fromEntries(ids.map((id) => [id, renderSection(id, ctx)]));
}
