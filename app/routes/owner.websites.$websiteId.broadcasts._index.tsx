/** /owner/websites/:websiteId/broadcasts: the website's campaigns and site-wide conditions (standalone owner admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionBroadcasts, loadBroadcasts } from "#app/pages/broadcasts.server";
import { BroadcastsPage } from "#app/pages/broadcasts";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("campaigns.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadBroadcasts(await ownerAdminContext(request, params));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionBroadcasts(await ownerAdminContext(request, params), request);
}

export default BroadcastsPage;
