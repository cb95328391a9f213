/** /owner/websites/:websiteId/ctas: the website's CTAs (standalone owner admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "~/pages/admin-context.server";
import { actionCtas, loadCtas } from "~/pages/ctas.server";
import { CtasPage } from "~/pages/ctas";
import { ownerTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("ctas.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCtas(await ownerAdminContext(request, params), request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionCtas(await ownerAdminContext(request, params), request);
}

export default CtasPage;
