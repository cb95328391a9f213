/**
 * POST /webhooks/app/uninstalled (shopify.app.toml): the shop removed the app.
 * Its Shopify sessions are deleted; the website and its contacts stay, so a
 * reinstall finds them (shop/redact, 48 hours later, deletes them for good).
 * HMAC-verified by authenticate.webhook (401 otherwise); acts on the shop
 * the signed body names in myshopify_domain (400 when the header names
 * another). Runs once per webhook id: a replay after a reinstall would
 * otherwise sign the shop out of the app it just installed again.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { authenticate } from "#app/shopify.server";
import { answerWebhookOnce } from "#app/models/webhook-receipt.server";
import { receiveWebhook } from "#app/server/webhook-binding.server";
import { deleteShopSessions } from "#app/models/owner.server";

export async function action({ request }: ActionFunctionArgs) {
  return answerWebhookOnce(
    prisma,
    await receiveWebhook(request, authenticate.webhook, "app/uninstalled"),
    (tx, webhook) => deleteShopSessions(tx, webhook.shop),
    (sessions) => `deleted ${sessions} sessions`,
  );
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
