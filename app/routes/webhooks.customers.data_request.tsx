/**
 * POST /webhooks/customers/data_request (mandatory privacy webhook): a
 * customer asked the shop for their data. Beckon assembles everything it
 * holds about them (people with the customer's Shopify id, e-mail or phone,
 * with their submissions, events, orders, lists and syncs) and stores the
 * report for the merchant, who downloads it from the app's Settings page and
 * hands it to the customer. The log holds counts only.
 * HMAC-verified (401 otherwise); acts on the shop its signed body names
 * (400 when the header names another). A replay (same webhook id) refreshes
 * the stored request instead of adding another.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { authenticate } from "#app/shopify.server";
import { recordDataRequest } from "#app/models/privacy.server";
import { receiveWebhook } from "#app/server/webhook-binding.server";
import { logger } from "#app/server/logger.server";

export async function action({ request }: ActionFunctionArgs) {
  const webhook = await receiveWebhook(request, authenticate.webhook, "customers/data_request");
  if (webhook instanceof Response) return webhook;
  const { shop, payload, webhookId } = webhook;
  const stored = await recordDataRequest(prisma, shop, webhookId, payload);
  logger("webhooks").info(
    stored
      ? `customers/data_request ${webhookId} for ${shop}: ${stored.people} people found, stored as request ${stored.id} for the merchant to download`
      : `customers/data_request ${webhookId} for ${shop}: no Beckon website, nothing held`,
  );
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
