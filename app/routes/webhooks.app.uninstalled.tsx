/**
 * POST /webhooks/app/uninstalled (shopify.app.toml): the shop removed the app.
 * Its Shopify sessions are deleted; the website and its contacts stay, so a
 * reinstall finds them (shop/redact, 48 hours later, deletes them for good).
 * HMAC-verified by authenticate.webhook (401 otherwise); safe to run twice.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { deleteShopSessions } from "~/models/owner.server";
import { isTopic } from "~/models/privacy.server";

export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic } = await authenticate.webhook(request);
  if (!isTopic(topic, "app/uninstalled"))
    return new Response("This address handles app/uninstalled only", { status: 400 });
  await deleteShopSessions(prisma, shop);
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
