/**
 * POST /webhooks/customers/redact (mandatory privacy webhook): delete what
 * Beckon holds about a customer of the shop: the people with their Shopify
 * customer id (linked through the app proxy's signature), e-mail or phone,
 * and their events, submissions, orders, list memberships and syncs; and
 * queue the deletion of their address in the e-mail tools Beckon sent it to.
 * HMAC-verified (401 otherwise); acts on the shop its signed body names
 * (400 when the header names another). Runs once per webhook id: a replay
 * answers 200 and changes nothing, even if the customer came back since.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { authenticate } from "#app/shopify.server";
import { answerWebhookOnce } from "#app/models/webhook-receipt.server";
import { receiveWebhook } from "#app/server/webhook-binding.server";
import { redactCustomer } from "#app/models/privacy.server";

export async function action({ request }: ActionFunctionArgs) {
  return answerWebhookOnce(
    prisma,
    await receiveWebhook(request, authenticate.webhook, "customers/redact"),
    (tx, webhook) => redactCustomer(tx, webhook.shop, webhook.payload),
    (deleted) =>
      `deleted ${deleted.people} people, ${deleted.events} events, ${deleted.submissions} submissions, ${deleted.orders} orders; queued ${deleted.toolRemovals} removals in e-mail tools`,
  );
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
