/** The demo store page's product grid, from the seeded catalogue. */
import { DEMO_STORE_PRODUCTS } from "../../prisma/seed-data/demo-store-products";
import { escapeHtml } from "./html";

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** HTML cards for every demo product (prices in dollars, sold-out marked). */
export function demoProductsHtml(): string {
  return DEMO_STORE_PRODUCTS.map((p) => {
    const price = p.compare_at_price && p.compare_at_price > p.price
      ? `<s>${money(p.compare_at_price)}</s> ${money(p.price)}`
      : money(p.price);
    return `<article class="product" data-product-handle="${escapeHtml(p.handle)}">
      <div class="img" role="img" aria-label="${escapeHtml(p.title)}"></div>
      <h2>${escapeHtml(p.title)}</h2>
      <p class="price">${price}</p>
      ${p.available ? "" : '<p class="sold-out">Sold out</p>'}
    </article>`;
  }).join("\n");
}
