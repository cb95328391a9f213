/** /app/settings: the shop's website settings, with the theme app embed link and status (Shopify admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionSettings, loadSettings } from "#app/pages/settings.server";
import { SettingsPage } from "#app/pages/settings";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSettings(await shopifyAdminContext(request), request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actionSettings(await shopifyAdminContext(request), request);
}

export default SettingsPage;
