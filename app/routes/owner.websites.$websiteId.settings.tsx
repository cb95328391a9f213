/** /owner/websites/:websiteId/settings: the website's settings (standalone owner admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionSettings, loadSettings } from "#app/pages/settings.server";
import { SettingsPage } from "#app/pages/settings";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("settings.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSettings(await ownerAdminContext(request, params), request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionSettings(await ownerAdminContext(request, params), request);
}

export default SettingsPage;
