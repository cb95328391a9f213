/**
 * GET /proxy/api/websites/shop.js: the shop's site-specific widget script,
 * requested by the theme app extension's app embed as
 * /apps/beckon/api/websites/shop.js on the storefront; Shopify's app proxy
 * forwards it here with a signature. The shop comes from the values the
 * signature covers (authenticateAppProxy), never from anything the visitor
 * could choose, and the answer is the same
 * script as GET /api/websites/{id}.js.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError } from "#app/server/http.server";
import { resolveOrigin } from "#app/server/origin.server";
import { websiteIdForShop } from "#app/models/owner.server";
import { siteScriptResponse } from "#app/models/site-script.server";
import { authenticateAppProxy } from "#app/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // Throws 400 on a missing, bad or ambiguous signed query, 503 while Shopify install is off.
  const { shop } = authenticateAppProxy(request);
  const websiteId = await websiteIdForShop(prisma, shop);
  if (!websiteId)
    return apiError(404, "This shop has no Beckon website: open the Beckon app in the Shopify admin once", "shop");
  return siteScriptResponse(prisma, request, websiteId, resolveOrigin(request));
}
