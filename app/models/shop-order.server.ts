/**
 * Orders the Shopify web pixel reports (POST /api/websites/{id}/orders).
 * Anyone holding a visitor token can post one, with any order id and
 * amount, so a report is never revenue: it is kept as a claim
 * (ShopOrderClaim) saying "this visitor placed this order". Revenue comes
 * from Shopify's orders/create webhook (shop-order-verification.server.ts),
 * which credits the order with Shopify's amount to the visitor of the one
 * claim that names the order's checkout token, a value only the buyer's
 * checkout knows. Claims with no verified order are shown on Results as
 * unverified, apart from revenue. Several visitors may claim one order id,
 * so a forged claim that comes first blocks nothing.
 */
import type { Db } from "#app/db.server";
import { isUniqueViolation } from "#app/db/db-errors.server";
import { InputError } from "#app/server/input-error";
import type { ShopOrderInput } from "#contract/schema/shop-order";
import { personIdsByToken } from "./person.server";
import { linkClaimedBuyer } from "./shop-order-verification.server";

/** Marks where an Order event came from, in its data (the pixel's reports before claims were kept apart). */
export const SHOP_PIXEL_SOURCE = "shopify_pixel";

/**
 * The order id as Order rows keep it: Shopify's numeric id, whether the
 * pixel reported it bare or as a gid (gid://shopify/Order/… or
 * …/OrderIdentity/…), so a claim and the webhook's order meet; any other
 * id as it came.
 */
export function shopOrderKey(orderId: string): string {
  const gid = /^(?:gid:\/\/shopify\/(?:Order|OrderIdentity)\/)?([1-9]\d{0,19})$/.exec(orderId);
  return gid ? gid[1] : orderId.slice(0, 100);
}

export interface RecordShopOrderResult {
  /** False when this visitor already reported this order. */
  stored: boolean;
}

/** Keeps a pixel's order report as a claim; InputError (naming the field) for one that cannot be kept. */
export async function recordShopOrder(
  db: Db,
  websiteId: number,
  order: ShopOrderInput,
  now = Date.now(),
): Promise<RecordShopOrderResult> {
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { currency: true } });
  if (!website) throw new InputError("Unknown website", "website_id", 404);
  // Amounts have no currency of their own: they are summed in the website's. An order in another
  // (a Shopify Markets presentment currency) would add, say, euros to kronor.
  if (order.currency !== website.currency.toUpperCase()) {
    throw new InputError(
      `currency must be the website's currency (${website.currency}); this order is in ${order.currency}`,
      "currency",
      422,
    );
  }
  const personId = (await personIdsByToken(db, websiteId, [order.visitor_token])).get(order.visitor_token);
  if (personId === undefined) throw new InputError("Unknown visitor for this website", "visitor_token", 422);
  const orderId = shopOrderKey(order.order_id);
  let stored = true;
  try {
    await db.shopOrderClaim.create({
      data: {
        websiteId,
        personId,
        orderId,
        checkoutToken: order.checkout_token ?? null,
        amount: order.amount,
        currency: order.currency,
        createdAt: new Date(now),
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    stored = false;
  }
  // The webhook may have come first: a claim naming its checkout token tells it the buyer.
  if (stored && order.checkout_token) await linkClaimedBuyer(db, websiteId, orderId);
  return { stored };
}

/** Pixel reports of a period that Shopify has not confirmed: shown on Results apart from revenue. */
export interface UnverifiedOrders {
  orders: number;
  /** The smallest amount claimed for each order id, summed: claims are the visitor's word. */
  amount: number;
}

/** The claims made in [from, to) whose order id no verified Order has, each order id once. */
export async function unverifiedOrders(db: Db, websiteId: number, from: Date, to: Date): Promise<UnverifiedOrders> {
  const rows = await db.$queryRaw<{ orders: number | bigint; amount: number | null }[]>`
    SELECT COUNT(*) AS "orders", SUM(x."amount") AS "amount" FROM (
      SELECT c."orderId", MIN(c."amount") AS "amount" FROM "ShopOrderClaim" c
      WHERE c."websiteId" = ${websiteId} AND c."createdAt" >= ${from} AND c."createdAt" < ${to}
        AND NOT EXISTS (SELECT 1 FROM "Order" o WHERE o."websiteId" = c."websiteId" AND o."orderId" = c."orderId")
      GROUP BY c."orderId") x`;
  const row = rows[0];
  return { orders: Number(row?.orders ?? 0), amount: Math.round(Number(row?.amount ?? 0) * 100) / 100 };
}
