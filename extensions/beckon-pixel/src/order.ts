/**
 * What the Beckon pixel sends, kept apart from the Shopify runtime so it can
 * be read and tested on its own: the pixel's settings checked, and a
 * completed checkout turned into the order report of
 * POST /api/websites/{id}/orders (contract/schema/shop-order.ts).
 */
import type { Checkout } from "@shopify/web-pixels-extension";

export interface PixelConfig {
  websiteId: number;
  /** Where orders go: {appUrl}/api/websites/{id}/orders. */
  ordersUrl: string;
}

export interface OrderReport {
  order_id: string;
  visitor_token: string;
  amount: number;
  currency: string;
  items: number;
  /** checkout.token: Shopify states it again in orders/create, which is how the server knows the report is the buyer's. */
  checkout_token?: string;
}

/**
 * The widget's visitor cookie of a website (widget/core/visitor.ts
 * visitorCookieName): first-party, path /, readable by the pixel through
 * browser.cookie. Written out here because the pixel is bundled alone.
 */
export const visitorCookieName = (websiteId: number) => `cf_${websiteId}_id`;

/** The widget's visitor tokens (contract/schema/public-api.ts visitorTokenSchema). */
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Shopify's checkout tokens (contract/schema/shop-order.ts checkout_token). */
const CHECKOUT_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** Plain http only for a server on this machine (development, tests): orders otherwise travel over https. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The pixel's settings as the app stored them with webPixelCreate, or null when they are unusable. */
export function pixelConfig(settings: Record<string, unknown>): PixelConfig | null {
  const id =
    typeof settings.websiteId === "string" && /^[1-9]\d{0,9}$/.test(settings.websiteId)
      ? Number(settings.websiteId)
      : NaN;
  if (!(id <= 2_147_483_647)) return null;
  let url: URL;
  try {
    url = new URL(String(settings.appUrl ?? ""));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) return null;
  return { websiteId: id, ordersUrl: `${url.origin}/api/websites/${id}/orders` };
}

/** Whether a cookie value is a Beckon visitor token. */
export const isVisitorToken = (value: unknown): value is string =>
  typeof value === "string" && VISITOR_TOKEN.test(value);

/**
 * The order report of a completed checkout, or null when there is nothing
 * to credit: no order id, no total, or no Beckon visitor (the buyer never
 * met the widget, so no CTA can have earned the order).
 */
export function orderReport(
  checkout: Partial<Checkout> | null | undefined,
  token: string | null | undefined,
): OrderReport | null {
  if (!checkout || !isVisitorToken(token)) return null;
  const orderId = checkout.order?.id;
  const total = checkout.totalPrice;
  const currency = total?.currencyCode ?? checkout.currencyCode;
  if (typeof orderId !== "string" || !orderId || typeof total?.amount !== "number" || typeof currency !== "string")
    return null;
  let items = 0;
  for (const line of Array.isArray(checkout.lineItems) ? checkout.lineItems : []) {
    if (Number.isInteger(line?.quantity) && line.quantity > 0) items += line.quantity;
  }
  const checkoutToken =
    typeof checkout.token === "string" && CHECKOUT_TOKEN.test(checkout.token) ? checkout.token : undefined;
  return {
    order_id: orderId,
    visitor_token: token,
    amount: total.amount,
    currency,
    items,
    ...(checkoutToken ? { checkout_token: checkoutToken } : {}),
  };
}
