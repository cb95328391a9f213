/** /owner/websites/:websiteId/integrations: e-mail marketing tools, their lists, lists and tags per CTA, failed syncs. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionIntegrations, loadIntegrations } from "#app/pages/integrations.server";
import { IntegrationsPage } from "#app/pages/integrations";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("integrations.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadIntegrations(await ownerAdminContext(request, params), request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionIntegrations(await ownerAdminContext(request, params), request);
}

export default IntegrationsPage;
