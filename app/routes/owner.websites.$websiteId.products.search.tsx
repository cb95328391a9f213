/**
 * /owner/websites/:websiteId/products/search: the CTA editor's product
 * search for a store website (POST only; the embedded admin uses Shopify's
 * resource picker instead).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionProductSearch } from "#app/pages/product-search.server";

export async function loader() {
  return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionProductSearch(await ownerAdminContext(request, params), request);
}
