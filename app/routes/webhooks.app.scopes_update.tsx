/**
 * POST /webhooks/app/scopes_update (shopify.app.toml): the shop granted or
 * revoked optional scopes, or accepted the app's new required ones. The
 * stored offline session's scope is set to the payload's `current` list, so
 * the library's scope check (authenticate.admin) sees what was granted
 * instead of sending the merchant through OAuth again.
 * HMAC-verified by authenticate.webhook (401 otherwise); safe to run twice.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { updateShopScopes } from "~/models/owner.server";
import { isTopic } from "~/models/privacy.server";

export async function action({ request }: ActionFunctionArgs) {
  const { shop, topic, payload } = await authenticate.webhook(request);
  if (!isTopic(topic, "app/scopes_update"))
    return new Response("This address handles app/scopes_update only", { status: 400 });
  const current: unknown = (payload as { current?: unknown }).current;
  if (!Array.isArray(current) || !current.every((s) => typeof s === "string" && /^[a-z_]+$/.test(s))) {
    return new Response("The payload's current must be a list of scopes", { status: 400 });
  }
  await updateShopScopes(prisma, shop, current as string[]);
  return new Response(null, { status: 200 });
}

/** Webhooks are POSTed; anything else is 405. */
export const loader = () => new Response("Shopify webhooks are POSTed", { status: 405, headers: { Allow: "POST" } });
