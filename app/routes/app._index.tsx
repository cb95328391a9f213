/** /app: the Shopify admin's home page, the setup guide from install to the first lead. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { loadSetupGuide } from "#app/pages/setup-guide.server";
import { SetupGuidePage } from "#app/pages/setup-guide";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSetupGuide(await shopifyAdminContext(request));
}

export default SetupGuidePage;
