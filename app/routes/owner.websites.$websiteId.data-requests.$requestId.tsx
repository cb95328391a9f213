/** GET /owner/websites/:websiteId/data-requests/:requestId: a stored customers/data_request report of a store website, as a JSON download. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { loadDataRequestDownload } from "#app/pages/settings.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDataRequestDownload(await ownerAdminContext(request, params), params.requestId);
}
