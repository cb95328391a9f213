/**
 * The demo store as a shopper walks it, in Chromium: from the front page the
 * header's menu leads to a collection, where the seeded collection-page
 * popup (targeted at /collections/) shows by itself; a product card opens the
 * product page, whose variant picker changes the price and whose Add to cart
 * posts to the store's cart/add.js and opens the theme's drawer with the
 * line, the header bubble's count and the total. A discount code applied
 * afterwards (as a CTA's apply-discount action applies it) shows in that
 * drawer: the discount line and the total after it.
 */
import { describe, expect, it } from "vitest";
import { newWatchedPage, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { cartLoaded, dollars } from "#test/support/demo-store-page";

withE2eStack();

const coffee = DEMO_STORE_PRODUCTS.find((p) => p.handle === "morning-ritual-coffee")!;
const kilo = coffee.variants.find((v) => v.options[0] === "1 kg")!;

describe("the demo store's pages", () => {
  it(
    "menu → collection (its popup shows) → product → Add to cart: the drawer opens with the count and the total",
    { timeout: 90_000 },
    async () => {
      const popup = await tdb.db.cta.findFirstOrThrow({
        where: { website: { shopDomain: DEMO_SHOP_DOMAIN }, ctaType: "overlay" },
        select: { id: true },
      });
      const { context, page, errors } = await newWatchedPage({ viewport: { width: 1366, height: 900 } });
      await page.goto(`${server.origin}/demo/store`);
      await page.locator('nav[aria-label="Main menu"] a', { hasText: "Coffee" }).click();
      await page.waitForURL(`${server.origin}/demo/store/collections/coffee`);
      await cartLoaded(page);

      // The collection popup's targeting (URL contains /collections/) and its delayed trigger show it here.
      const shown = page.locator(`beckon-cta[data-beckon-cta="${popup.id}"] .bk-frame`);
      await shown.waitFor({ state: "visible", timeout: 20_000 });
      expect(await shown.textContent()).toContain("Our bestsellers");
      await page.locator(`beckon-cta[data-beckon-cta="${popup.id}"] .bk-close`).click();
      await shown.waitFor({ state: "detached" });

      await page.locator("#product-grid .card__heading a", { hasText: coffee.title }).click();
      await page.waitForURL(`${server.origin}/demo/store/products/${coffee.handle}`);
      await cartLoaded(page);
      expect(await page.locator("[data-product-price]").textContent()).toContain(dollars(coffee.variants[0].price));
      // A combination the store does not sell (1 kg ground) cannot be added; the 1 kg whole bean can.
      await page.selectOption("#Option-1", "1 kg");
      await page.selectOption("#Option-2", "Ground");
      expect(await page.locator('button[name="add"]').textContent()).toBe("Unavailable");
      expect(await page.locator('button[name="add"]').isDisabled()).toBe(true);
      await page.selectOption("#Option-2", "Whole bean");
      expect(await page.locator("[data-product-price]").textContent()).toContain(dollars(kilo.price));
      expect(page.url()).toBe(`${server.origin}/demo/store/products/${coffee.handle}?variant=${kilo.id}`);
      await page.fill("#Quantity", "2");

      const adding = expectResponse(page, { method: "POST", origin: server.origin, path: "/demo/store/cart/add.js" });
      await page.locator('button[name="add"]').click();
      expect((await adding).status()).toBe(200);
      const drawer = page.locator("cart-drawer.active");
      await drawer.waitFor({ state: "visible", timeout: 10_000 });
      await expect.poll(() => drawer.locator(".cart-line").count()).toBe(1);
      expect(await drawer.locator(".cart-line").getAttribute("data-variant-id")).toBe(String(kilo.id));
      expect(await drawer.locator(".cart-line").textContent()).toContain("× 2");
      expect(await drawer.locator(".totals__total-value").textContent()).toBe(dollars(kilo.price * 2));
      const bubble = page.locator("#cart-icon-bubble .cart-count-bubble span[aria-hidden]");
      expect(await bubble.textContent()).toBe("2");

      // A code applied the way the widget's Ajax adapter applies it; Dawn's cart-update makes the drawer render again.
      await page.evaluate(async () => {
        await fetch("/demo/store/discount/SAVE10?redirect=/demo/store/cart", { redirect: "manual" });
        await (window as unknown as { publish(e: string, d: unknown): Promise<unknown> }).publish("cart-update", {
          source: "beckon",
        });
      });
      const discounted = Math.round(kilo.price * 2 * 0.9);
      await expect.poll(() => drawer.locator(".totals__total-value").textContent()).toBe(dollars(discounted));
      expect(await drawer.locator(".discounts__discount").textContent()).toContain(
        `SAVE10 (-${dollars(kilo.price * 2 - discounted)})`,
      );

      // The cart page shows the same totals.
      await page.goto(`${server.origin}/demo/store/cart`);
      await cartLoaded(page);
      expect(await page.locator("#shopify-section-main-cart-footer .totals__total-value").textContent()).toBe(
        dollars(discounted),
      );
      expect(await page.locator("#cart-page-lines .cart-line").count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
