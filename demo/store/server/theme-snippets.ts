/**
 * The demo theme's snippets, shared by its pages (theme-pages.ts, the front
 * page) and its sections (sections.ts) as a Liquid theme shares
 * snippets/price.liquid, snippets/card-product.liquid and the cart totals:
 * one markup for a price, a product card and a cart's totals wherever they
 * show, so the Section Rendering API and the pages cannot disagree.
 */
import type { CatalogProduct, CatalogVariant } from "./catalog";
import { cheapestVariant, isAvailable } from "./catalog";
import { escapeHtml as esc } from "./http";

/** The header's cart icon (Dawn's icon-cart), the same in the page and in the cart-icon-bubble section. */
export const CART_ICON =
  '<span class="svg-wrapper" aria-hidden="true"><svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"><path d="M5 8h14l-1.2 12H6.2z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/></svg></span><span class="visually-hidden">Cart</span>';

/** "$12.50": the store sells in dollars, prices are cents. */
export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Dawn's price: the sale price with the compare-at price struck through, "From" when the variants' prices differ. */
export function priceHtml(
  price: { price: number; compare_at_price: number | null },
  opts: { from?: boolean; soldOut?: boolean } = {},
): string {
  const onSale = price.compare_at_price !== null && price.compare_at_price > price.price;
  const amount = `<span class="price-item ${onSale ? "price-item--sale" : "price-item--regular"}">${opts.from ? "From " : ""}${money(price.price)}</span>`;
  const compare = onSale
    ? ` <span class="visually-hidden">Regular price</span><s class="price-item price-item--regular">${money(price.compare_at_price!)}</s>`
    : "";
  const badge = opts.soldOut
    ? ` <span class="badge price__badge-sold-out">Sold out</span>`
    : onSale
      ? ` <span class="badge price__badge-sale">Sale</span>`
      : "";
  return `<div class="price${onSale ? " price--on-sale" : ""}${opts.soldOut ? " price--sold-out" : ""}">${amount}${compare}${badge}</div>`;
}

/** A product's price on a card: its cheapest variant, "From" when prices vary. */
export function productPriceHtml(product: CatalogProduct): string {
  const from = new Set(product.variants.map((v) => v.price)).size > 1;
  return priceHtml(cheapestVariant(product), { from, soldOut: !isAvailable(product) });
}

/** A variant's price on its product page. */
export const variantPriceHtml = (variant: CatalogVariant) => priceHtml(variant, { soldOut: !variant.available });

/** Dawn's card-product: image, title linking to the product page (the card's one link), price. */
export function productCardHtml(product: CatalogProduct, root: string): string {
  const image = product.images[0];
  return (
    `<li class="grid__item" data-product-handle="${esc(product.handle)}"><div class="card-wrapper product-card-wrapper">` +
    (image
      ? `<div class="card__media"><img src="${esc(image)}" alt="${esc(product.title)}" width="533" height="533" loading="lazy"></div>`
      : "") +
    `<h3 class="card__heading"><a href="${esc(root)}products/${encodeURIComponent(product.handle)}" class="full-unstyled-link">${esc(product.title)}</a></h3>` +
    productPriceHtml(product) +
    `</div></li>`
  );
}

/** Dawn's #product-grid of product cards (the main-collection-product-grid section's content). */
export function productGridHtml(products: CatalogProduct[], root: string): string {
  return `<div class="collection page-width"><ul id="product-grid" class="grid product-grid">${products.map((p) => productCardHtml(p, root)).join("")}</ul></div>`;
}

/** What the totals need of cart.js. */
export interface CartTotals {
  items_subtotal_price: number;
  total_price: number;
  cart_level_discount_applications: { title: string; total_allocated_amount: number }[];
}

/**
 * Dawn's cart footer totals: the subtotal, each cart-level discount as a line
 * with its amount off, and the estimated total after the discounts
 * (total_price, what checkout charges before shipping and taxes).
 */
export function cartTotalsHtml(cart: CartTotals): string {
  const discounts = cart.cart_level_discount_applications;
  const lines = discounts.length
    ? `<p class="totals totals--subtotal">Subtotal <span class="totals__subtotal-value">${money(cart.items_subtotal_price)}</span></p>` +
      `<ul class="discounts list-unstyled" role="list" aria-label="Discount">${discounts
        .map(
          (d) =>
            `<li class="discounts__discount"><span class="discounts__title">${esc(d.title)}</span> <span class="discounts__amount">(-${money(d.total_allocated_amount)})</span></li>`,
        )
        .join("")}</ul>`
    : "";
  return `${lines}<p class="totals" role="status">Estimated total <span class="totals__total-value">${money(cart.total_price)}</span></p>`;
}
