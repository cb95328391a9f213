/**
 * POST /webhooks/app/scopes_update (shopify.app.toml): the shop granted or
 * revoked optional scopes, or accepted the app's new required ones. The
 * stored offline session's scope is set to the payload's `current` list, so
 * the library's scope check (authenticate.admin) sees what was granted
 * instead of sending the merchant through OAuth again.
 * HMAC-verified by authenticate.webhook (401 otherwise); safe to run twice.
 * Shopify's payload names the shop by shop_id only, so the header's shop is
 * used, but a body that does carry a shop_domain must name that same shop
 * (lib/webhook-binding.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { authenticate } from "#app/shopify.server";
import { updateShopScopes } from "#app/models/owner.server";
import { receiveWebhook } from "#app/server/webhook-binding.server";

export async function action({ request }: ActionFunctionArgs) {
  const webhook = await receiveWebhook(request, authenticate.webhook, "app/scopes_update");
  if (webhook instanceof Response) return webhook;
  const { shop, payload } = webhook;
  const current: unknown = payload.current;
  if (!Array.isArray(current) || !current.every((s) => typeof s === "string" && /^[a-z_]+$/.test(s))) {
    return new Response("The payload's current must be a list of scopes", { status: 400 });
  }
  await updateShopScopes(prisma, shop, current as string[]);
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
