/** /app/broadcasts: the shop's campaigns and site-wide conditions (Shopify admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionBroadcasts, loadBroadcasts } from "#app/pages/broadcasts.server";
import { BroadcastsPage } from "#app/pages/broadcasts";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadBroadcasts(await shopifyAdminContext(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actionBroadcasts(await shopifyAdminContext(request), request);
}

export default BroadcastsPage;
