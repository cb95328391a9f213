/**
 * SPEC 7: after a cart add, remove or discount the widget tells the app server
 * which cart the visitor has (GET {api}/?cf_action=cf_shopify_cart&cart_id={id}),
 * fire and forget: the answer is unused and a failure must never reach the shopper.
 */

import type { Cart, CartAction, Result } from "./types";

/** Sends one GET; the caller supplies fetch, a JSONP loader or a beacon. */
export type NoticeSender = (url: string) => unknown;

/** The notice URL for a cart id. */
export function cartNoticeUrl(apiRoot: string, cartId: string): string {
  const base = apiRoot.endsWith("/") ? apiRoot : apiRoot + "/";
  return `${base}?cf_action=cf_shopify_cart&cart_id=${encodeURIComponent(cartId)}`;
}

/** Sends the cart notice; errors, sync or async, are swallowed. */
export function sendCartNotice(send: NoticeSender, apiRoot: string, cartId: string | null | undefined): void {
  if (!cartId) return;
  try {
    const pending = send(cartNoticeUrl(apiRoot, cartId));
    if (pending && typeof (pending as Promise<unknown>).then === "function")
      (pending as Promise<unknown>).then(undefined, () => undefined);
  } catch {
    /* fire and forget */
  }
}

/** Where an adapter sends its notices: a sender and the storefront origin; false turns them off. */
export type CartNoticeConfig = false | { send?: NoticeSender; origin?: string };

/** The cart changes that send a notice (SPEC 7: add, remove, discount; clearing does not). */
const NOTICE_ACTIONS: readonly CartAction[] = ["add", "remove", "discount"];

/**
 * The notice an adapter sends after a change: GET {storefront origin}/?cf_action=cf_shopify_cart
 * with plain fetch unless a sender is given; without a known origin (no page) nothing is sent.
 */
export function cartChangeNotice(
  config: CartNoticeConfig | undefined,
  doFetch: typeof fetch,
  base?: string,
): (cartId: string, action: CartAction) => void {
  return (cartId, action) => {
    if (config === false || !NOTICE_ACTIONS.includes(action)) return;
    let origin = config?.origin;
    try {
      origin ??= new URL(base ?? "/", globalThis.location?.href).origin;
    } catch {
      return;
    }
    sendCartNotice(
      config?.send ?? ((url) => doFetch(url, { credentials: "same-origin", keepalive: true })),
      origin,
      cartId,
    );
  };
}

/**
 * What both cart adapters run after a write: a successful one goes to the
 * adapter's onChange (read at each change, so a later assignment counts) and
 * then to the notice; a failed result passes through as it is.
 */
export function cartChangeReporter(
  config: { onChange?: (cart: Cart, action: CartAction) => void },
  notice: (cartId: string, action: CartAction) => void,
): (r: Result<Cart>, action: CartAction) => Result<Cart> {
  return (result, action) => {
    if (!result.ok) return result;
    config.onChange?.(result.value, action);
    notice(result.value.id, action);
    return result;
  };
}
