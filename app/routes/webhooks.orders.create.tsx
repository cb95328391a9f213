/**
 * POST /webhooks/orders/create (shopify.app.toml, scope read_orders): Shopify
 * confirms an order. It becomes verified revenue with Shopify's amount, the
 * buyer taken from the pixel's claim that names its checkout token
 * (app/models/shop-order-verification.server.ts). HMAC-verified by
 * authenticate.webhook (401 otherwise); a body that is not Shopify's order
 * resource is refused with a 400 naming the field and stores nothing. A
 * replay (same order id) changes nothing, so Shopify's retries are safe.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { authenticate } from "#app/shopify.server";
import { websiteIdForShop } from "#app/models/owner.server";
import { readShopifyOrder, recordVerifiedOrder } from "#app/models/shop-order-verification.server";
import { apiError } from "#app/server/http.server";
import { logger } from "#app/server/logger.server";
import { receiveWebhook } from "#app/server/webhook-binding.server";
import { markCodesRedeemed } from "#app/models/discount-codes/redeem.server";

export async function action({ request }: ActionFunctionArgs) {
  const webhook = await receiveWebhook(request, authenticate.webhook, "orders/create");
  if (webhook instanceof Response) return webhook;
  const reading = readShopifyOrder(webhook.payload);
  if (!reading.ok) return apiError(400, reading.message, reading.field);
  const websiteId = await websiteIdForShop(prisma, webhook.shop);
  // Answered 200 all the same: Shopify would retry a refusal for two days, and retrying changes nothing here.
  if (websiteId === null) {
    logger("shopify").warn(
      `orders/create for ${webhook.shop}, which has no website: order ${reading.order.orderId} not kept`,
    );
    return new Response(null, { status: 200 });
  }
  const website = await prisma.website.findUniqueOrThrow({ where: { id: websiteId }, select: { currency: true } });
  if (reading.order.currency !== website.currency.toUpperCase()) {
    logger("shopify").warn(
      `order ${reading.order.orderId} of ${webhook.shop} is in ${reading.order.currency}, the website sums ${website.currency}: not counted`,
    );
    return new Response(null, { status: 200 });
  }
  await recordVerifiedOrder(prisma, websiteId, reading.order);
  // A unique code a lead was handed is redeemed once an order Shopify confirms carries it.
  if (!reading.order.test)
    await markCodesRedeemed(prisma, websiteId, reading.order.discountCodes, reading.order.createdAt);
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
