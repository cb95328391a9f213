/** /app/broadcasts/:broadcastId ("new" creates one): a campaign's edit page (Shopify admin; deep link of the widget's test panel). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionBroadcastEdit, loadBroadcastEdit } from "#app/pages/broadcast-edit.server";
import { BroadcastEditPage } from "#app/pages/broadcast-edit";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadBroadcastEdit(await shopifyAdminContext(request), request, params.broadcastId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionBroadcastEdit(await shopifyAdminContext(request), request, params.broadcastId);
}

export default BroadcastEditPage;
