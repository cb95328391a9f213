/**
 * What both example apps (headless-example/app.tsx, hydrogen-example/app.tsx)
 * put on their pages: Beckon's Storefront settings for this local storefront,
 * and where Beckon's adds go, for the page and its tests.
 */
import type { StorefrontCartConfig } from "#widget/store/storefront-cart";
import { useBeckon } from "#widget/react";
import type { HeadlessExampleData } from "./app";

/**
 * Beckon's Storefront client always calls https://{storeDomain}; this local
 * storefront speaks http on the page's origin, so requests are sent there.
 * A real storefront leaves `fetch` out.
 */
export const toPageOrigin: typeof fetch = (input, init) =>
  fetch(String(input instanceof Request ? input.url : input).replace(/^https:\/\/[^/]+/, location.origin), init);

/** The `storefront` prop of a page outside a ShopifyProvider: the example's shop and token, on the page's origin. */
export const exampleStorefront = (data: HeadlessExampleData): Partial<StorefrontCartConfig> => ({
  storeDomain: new URL(data.storeDomain).host,
  publicAccessToken: data.storefrontToken,
  fetch: toPageOrigin,
});

/** Where Beckon's adds go (useBeckon().cartSource). */
export function BeckonCartSource() {
  const { cartSource } = useBeckon();
  return <p id="beckon-cart-source">{cartSource}</p>;
}
