/** GET /app/data-requests/:requestId: a stored customers/data_request report of the shop, as a JSON download. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { loadDataRequestDownload } from "#app/pages/settings.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDataRequestDownload(await shopifyAdminContext(request), params.requestId);
}
