/**
 * POST /proxy/api/customer: what a CTA may prefill for the storefront's
 * logged-in customer. The widget posts to /apps/beckon/api/customer on the
 * shop's own origin; Shopify's app proxy forwards it here with a signed query
 * that names the shop and `logged_in_customer_id` (empty for guests). Both
 * come only from the values that signature covers (authenticateAppProxy),
 * never from the page or another copy in the query, so a visitor cannot ask
 * about another customer or another shop. Body (JSON, text/plain is
 * fine): `{ "visitor_token": "..." }`, optional, which links this browser's
 * visitor to the customer. Answer: `{ "customer": { email, name, last_name,
 * phone } | null }`, never cached by anyone. No CORS: only the storefront's
 * own pages read it.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { prisma } from "#app/db.server";
import { apiError, apiJson, readJson } from "#app/server/http.server";
import { visitorTokenSchema } from "#contract/schema/public-api";
import { websiteIdForShop } from "#app/models/owner.server";
import { parseShopifyCustomerId, recognizeShopCustomer } from "#app/models/shop-customer.server";
import { authenticateAppProxy } from "#app/shopify.server";

const bodySchema = z.object({ visitor_token: visitorTokenSchema.optional() }).strict();
const PRIVATE = { "Cache-Control": "private, no-store" };

async function answer(request: Request): Promise<Response> {
  if (request.method !== "POST") return apiError(405, "Use POST", null, { Allow: "POST" });
  // Throws 400 on a missing, bad or ambiguous signed query, 503 while Shopify install is off.
  const { shop, loggedInCustomerId } = authenticateAppProxy(request);
  const body = await readJson(request, bodySchema, 2048);
  const websiteId = await websiteIdForShop(prisma, shop);
  if (!websiteId)
    return apiError(404, "This shop has no Beckon website: open the Beckon app in the Shopify admin once", "shop");
  if (loggedInCustomerId === "") return apiJson({ customer: null }, { headers: PRIVATE });
  const customerId = parseShopifyCustomerId(loggedInCustomerId);
  if (!customerId) return apiError(422, "logged_in_customer_id must be a Shopify customer id", "logged_in_customer_id");
  const customer = await recognizeShopCustomer(prisma, websiteId, customerId, body.visitor_token ?? null);
  return apiJson({ customer }, { headers: PRIVATE });
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    return await answer(request);
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

export const loader = () => apiError(405, "Use POST", null, { Allow: "POST" });
