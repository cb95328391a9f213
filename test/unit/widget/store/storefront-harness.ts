/**
 * The local storefront the store adapter tests run against, serving the
 * fixture catalogue: one per test file, its carts and records emptied after
 * each test so no test sees another's writes.
 */
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { memorySession } from "#widget/store/serialize";
import { createStorefrontCart, type StorefrontCart, type StorefrontCartConfig } from "#widget/store/storefront-cart";
import type { CartAdapter } from "#widget/store/types";
import { storeCatalogFixture } from "#test/fixtures/store";
import { rewriteToOrigin } from "#test/storefront/client-fetch";
import { startStorefront, type LocalStorefrontOptions, type RunningStorefront } from "#test/storefront/server";

/** The Storefront API token the headless tests' storefront is started with. */
export const STOREFRONT_TOKEN = "public-token-1";

/**
 * Starts the fixture storefront (with `options`) before this file's tests and
 * hands it to `started`; the caller keeps it in its own `let`, since it only
 * exists once the hook ran.
 */
export function serveFixtureStore(
  options: Omit<LocalStorefrontOptions, "products">,
  started: (shop: RunningStorefront) => void,
): void {
  let shop: RunningStorefront;
  beforeAll(async () => {
    shop = await startStorefront({ products: storeCatalogFixture(), ...options });
    started(shop);
  });
  afterAll(() => shop.stop());
  afterEach(() => shop.state.reset());
}

/** The headless Storefront API cart on `shop`, with its own session unless `extra` gives one. */
export const headlessCartOn = (shop: RunningStorefront, extra: Partial<StorefrontCartConfig> = {}): StorefrontCart =>
  createStorefrontCart({
    storeDomain: "fixture.myshopify.com",
    publicAccessToken: STOREFRONT_TOKEN,
    fetch: rewriteToOrigin(shop.origin),
    session: memorySession(),
    ...extra,
  });

/**
 * Runs `test` against a fixture storefront of its own that takes 30 ms per
 * cart write, long enough for two writes to overlap unless serialized.
 */
export async function withSlowStorefront(test: (slow: RunningStorefront) => Promise<void>): Promise<void> {
  const slow = await startStorefront({ products: storeCatalogFixture(), writeDelayMs: 30 });
  try {
    await test(slow);
  } finally {
    await slow.stop();
  }
}

/** Two fast add-to-cart clicks (70011, then 70051) sent at once; both adds succeed. */
export async function twoFastClicks(cart: CartAdapter) {
  const [first, second] = await Promise.all([
    cart.addLines([{ variantId: "70011", quantity: 1 }]),
    cart.addLines([{ variantId: "70051", quantity: 1 }]),
  ]);
  expect(first.ok && second.ok).toBe(true);
  return [first, second] as const;
}
