/**
 * POST /webhooks/customers/redact (mandatory privacy webhook): delete what
 * Beckon holds about a customer of the shop: the people with their Shopify
 * customer id (linked through the app proxy's signature), e-mail or phone,
 * and their events, submissions, orders, list memberships and syncs; and
 * queue the deletion of their address in the e-mail tools Beckon sent it to.
 * HMAC-verified (401 otherwise). A replay finds nothing left to delete.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { isTopic, redactCustomer } from "~/models/privacy.server";
import { logger } from "~/lib/logger.server";

export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, payload, webhookId } = await authenticate.webhook(request);
  if (!isTopic(topic, "customers/redact"))
    return new Response("This address handles customers/redact only", { status: 400 });
  const deleted = await redactCustomer(prisma, shop, payload);
  logger("webhooks").info(
    `customers/redact ${webhookId} for ${shop}: deleted ${deleted.people} people, ${deleted.events} events, ${deleted.submissions} submissions, ${deleted.orders} orders; queued ${deleted.toolRemovals} removals in e-mail tools`,
  );
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
