/** /owner/websites/:websiteId/ctas: the website's CTAs (standalone owner admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionCtas, loadCtas } from "#app/pages/ctas.server";
import { CtasPage } from "#app/pages/ctas";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("ctas.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCtas(await ownerAdminContext(request, params));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionCtas(await ownerAdminContext(request, params), request);
}

export default CtasPage;
