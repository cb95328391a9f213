/**
 * POST /webhooks/shop/redact (mandatory privacy webhook, 48 hours after an
 * uninstall): delete the shop's website with everything in it (CTAs,
 * contacts, events, lists, integrations), its Shopify sessions and the
 * owner profile that only existed for it.
 * HMAC-verified (401 otherwise); acts on the shop its signed body names
 * (400 when the header names another). Runs once per webhook id: a replay
 * answers 200 and changes nothing, even if the shop reinstalled since.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { authenticate } from "#app/shopify.server";
import { answerWebhookOnce } from "#app/models/webhook-receipt.server";
import { receiveWebhook } from "#app/server/webhook-binding.server";
import { redactShop } from "#app/models/privacy.server";

export async function action({ request }: ActionFunctionArgs) {
  return answerWebhookOnce(
    prisma,
    await receiveWebhook(request, authenticate.webhook, "shop/redact"),
    (tx, webhook) => redactShop(tx, webhook.shop),
    (deleted) => `deleted ${deleted.websites} website, ${deleted.sessions} sessions, ${deleted.profiles} profiles`,
  );
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
