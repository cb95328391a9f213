/**
 * SPEC 7: after a cart add, remove or discount the widget tells the app server
 * which cart the visitor has (GET {api}/?cf_action=cf_shopify_cart&cart_id={id}),
 * fire and forget: the answer is unused and a failure must never reach the shopper.
 */

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
    const r = send(cartNoticeUrl(apiRoot, cartId));
    if (r && typeof (r as Promise<unknown>).then === "function") (r as Promise<unknown>).then(undefined, () => undefined);
  } catch {
    /* fire and forget */
  }
}
