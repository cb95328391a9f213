/** For end-to-end tests on the demo store's theme pages (/demo/store): its prices as the theme prints them, and when a page has its cart. */
import type { Page } from "playwright-core";

/** A price in cents as the store (USD) prints it: 1800 → "$18.00". */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Waits until the page has read its cart (the theme marks <html data-cart-loaded="true">). */
export async function cartLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.cartLoaded === "true");
}
