/**
 * The demo store as `npm start` serves it, in Chromium: on /demo/store the
 * seeded front-page product feed shows; its Add to Cart adds through the
 * store's own Ajax API (/demo/store/cart/add.js, found through
 * Shopify.routes.root) with the theme's cart sections bundled, and the
 * store's Dawn-like cart drawer renders them and opens with the line while
 * the header bubble counts it; the button's View cart leads to
 * /demo/store/cart, which lists the line.
 */
import { describe, expect, it } from "vitest";
import { newWatchedPage, server, withE2eStack } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { cartLoaded } from "#test/support/demo-store-page";

const bestsellerVariants = new Set(
  DEMO_STORE_PRODUCTS.filter((p) => p.tags.includes("bestseller")).flatMap((p) => p.variants.map((v) => String(v.id))),
);

withE2eStack();

describe("the demo store", () => {
  it(
    "adds a product from the front-page feed to a cart that the cart page, bubble and drawer show",
    { timeout: 60_000 },
    async () => {
      const { context, page, errors } = await newWatchedPage();
      await page.goto(`${server.origin}/demo/store`);
      // The theme rendered its cart sections (empty: no count bubble).
      await cartLoaded(page);
      const bubble = page.locator("#cart-icon-bubble .cart-count-bubble span[aria-hidden]");
      expect(await bubble.count()).toBe(0);

      const feed = page.locator('[data-beckon-area="products"] beckon-cta');
      const button = feed.locator(".bk-product-button").first();
      await button.waitFor({ state: "visible", timeout: 20_000 });
      const adding = expectResponse(page, { method: "POST", origin: server.origin, path: "/demo/store/cart/add.js" });
      await button.click();
      expect((await adding).status()).toBe(200);

      // The theme's drawer renders the sections the add brought back and opens on the new cart; the bubble counts it.
      const drawer = page.locator("cart-drawer.active");
      await drawer.waitFor({ state: "visible", timeout: 10_000 });
      await expect.poll(() => drawer.locator(".cart-line").count()).toBe(1);
      const variantId = await drawer.locator(".cart-line").first().getAttribute("data-variant-id");
      expect(bestsellerVariants.has(variantId ?? "")).toBe(true);
      expect(await bubble.textContent()).toBe("1");

      // The button now reads "View cart" and leads to the cart page, which lists the same line.
      await drawer.locator(".drawer__close").click();
      await drawer.waitFor({ state: "detached" });
      await button.click();
      await page.waitForURL(`${server.origin}/demo/store/cart`, { timeout: 15_000 });
      const lines = page.locator("#cart-page-lines .cart-line");
      await lines.first().waitFor({ state: "attached", timeout: 10_000 });
      expect(await lines.count()).toBe(1);
      expect(await lines.first().getAttribute("data-variant-id")).toBe(variantId);
      expect(await lines.first().textContent()).toContain("× 1");
      await expect.poll(() => bubble.textContent()).toBe("1");
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
