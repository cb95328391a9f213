/** /app/ctas: the shop's CTAs (Shopify admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "~/pages/admin-context.server";
import { actionCtas, loadCtas } from "~/pages/ctas.server";
import { CtasPage } from "~/pages/ctas";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCtas(await shopifyAdminContext(request), request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actionCtas(await shopifyAdminContext(request), request);
}

export default CtasPage;
