/** /app/integrations: the shop's e-mail marketing tools, lists and tags per CTA, failed syncs (Shopify admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionIntegrations, loadIntegrations } from "#app/pages/integrations.server";
import { IntegrationsPage } from "#app/pages/integrations";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadIntegrations(await shopifyAdminContext(request), request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actionIntegrations(await shopifyAdminContext(request), request);
}

export default IntegrationsPage;
