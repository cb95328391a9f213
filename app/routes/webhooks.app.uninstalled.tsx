/**
 * POST /webhooks/app/uninstalled (shopify.app.toml): the shop removed the app.
 * Its Shopify sessions are deleted; the website and its contacts stay, so a
 * reinstall finds them. Safe to run twice (Shopify retries webhooks).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { deleteShopSessions } from "~/models/owner.server";

export async function action({ request }: ActionFunctionArgs) {
  const { shop } = await authenticate.webhook(request);
  await deleteShopSessions(prisma, shop);
  return new Response(null, { status: 200 });
}
