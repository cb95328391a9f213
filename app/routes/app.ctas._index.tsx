/** /app/ctas: the shop's CTAs (Shopify admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionCtas, loadCtas } from "#app/pages/ctas.server";
import { CtasPage } from "#app/pages/ctas";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCtas(await shopifyAdminContext(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actionCtas(await shopifyAdminContext(request), request);
}

export default CtasPage;
