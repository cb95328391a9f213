/**
 * POST /webhooks/shop/redact (mandatory privacy webhook, 48 hours after an
 * uninstall): delete the shop's website with everything in it (CTAs,
 * contacts, events, lists, integrations), its Shopify sessions and the
 * owner profile that only existed for it.
 * HMAC-verified (401 otherwise). A replay finds nothing left to delete.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { isTopic, redactShop } from "~/models/privacy.server";
import { logger } from "~/lib/logger.server";

export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, webhookId } = await authenticate.webhook(request);
  if (!isTopic(topic, "shop/redact")) return new Response("This address handles shop/redact only", { status: 400 });
  const deleted = await redactShop(prisma, shop);
  logger("webhooks").info(
    `shop/redact ${webhookId} for ${shop}: deleted ${deleted.websites} website, ${deleted.sessions} sessions, ${deleted.profiles} profiles`,
  );
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
