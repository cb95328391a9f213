/**
 * /owner/websites/:websiteId/broadcasts/:broadcastId ("new" creates one): a
 * campaign's edit page (standalone owner admin). A stable deep link: the
 * widget's test panel opens it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionBroadcastEdit, loadBroadcastEdit } from "#app/pages/broadcast-edit.server";
import { BroadcastEditPage } from "#app/pages/broadcast-edit";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  ownerTitle(matches, (t) => (data?.broadcast.id ? [data.broadcast.name, t("campaigns.title")] : [t("campaigns.new")]));

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadBroadcastEdit(await ownerAdminContext(request, params), request, params.broadcastId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionBroadcastEdit(await ownerAdminContext(request, params), request, params.broadcastId);
}

export default BroadcastEditPage;
