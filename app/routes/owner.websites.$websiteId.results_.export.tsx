/** GET /owner/websites/:websiteId/results/export (and …/results?export=csv): the results (same period and CTA) as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { exportResultsPage } from "#app/pages/results.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return exportResultsPage(await ownerAdminContext(request, params), request);
}
