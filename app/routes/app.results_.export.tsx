/** GET /app/results/export (and /app/results?export=csv): the shop's results (same period and CTA) as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { exportResultsPage } from "#app/pages/results.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return exportResultsPage(await shopifyAdminContext(request), request);
}
