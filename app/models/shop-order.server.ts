/**
 * Orders reported by the Shopify web pixel. Each is stored as the Order
 * event trackPurchase would send (event.server.ts), so the results page
 * credits it exactly like one: to the visitor's latest CTA conversion within
 * the attribution window, else as unattributed revenue (app/models/results/conversions.ts).
 */
import { createHash } from "node:crypto";
import type { Db } from "#app/db.server";
import { InputError } from "#app/server/input-error";
import type { EventInput } from "#contract/schema/public-api";
import type { ShopOrderInput } from "#contract/schema/shop-order";
import { storeEvents } from "./event.server";

/** Marks where an Order event came from, in its data. */
export const SHOP_PIXEL_SOURCE = "shopify_pixel";

/**
 * The event id of a shop order: derived from the order id, so a retried or
 * duplicated pixel event hits the (website, client id) unique index and is
 * stored once, and a later copy with another visitor token cannot move the
 * order's credit.
 */
export function shopOrderClientId(orderId: string): string {
  return `so_${createHash("sha256").update(orderId).digest("base64url").slice(0, 40)}`;
}

export interface RecordShopOrderResult {
  /** False when this order was already recorded. */
  stored: boolean;
}

/** Records a shop order for a website; InputError (naming the field) for an order that cannot be counted. */
export async function recordShopOrder(
  db: Db,
  websiteId: number,
  order: ShopOrderInput,
  now = Date.now(),
): Promise<RecordShopOrderResult> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { currency: true } });
  if (!website) throw new InputError("Unknown website", "website_id", 404);
  // Revenue has no currency of its own: it is summed in the website's. An order in another
  // (a Shopify Markets presentment currency) would add, say, euros to kronor.
  if (order.currency !== website.currency.toUpperCase()) {
    throw new InputError(
      `currency must be the website's currency (${website.currency}); this order is in ${order.currency}`,
      "currency",
      422,
    );
  }
  const event: EventInput = {
    id: shopOrderClientId(order.order_id),
    event_type: "Order",
    visitor_token: order.visitor_token,
    revenue: order.amount,
    data: {
      order_id: order.order_id,
      currency: order.currency,
      source: SHOP_PIXEL_SOURCE,
      ...(order.items !== undefined ? { items: order.items } : {}),
    },
    at: now,
  };
  const result = await storeEvents(db, websiteId, [event]);
  if (result.rejected.length) {
    const rejection = result.rejected[0];
    throw new InputError(rejection.message, rejection.field, 422);
  }
  return { stored: result.stored === 1 };
}
