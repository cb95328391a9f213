/** /owner/websites/:websiteId/ctas/new: a new CTA from a template or from scratch (standalone owner admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionNewCta, loadNewCta } from "#app/pages/cta-new.server";
import { NewCtaPage } from "#app/pages/cta-new";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction = ({ matches }) => ownerTitle(matches, (t) => [t("ctas.new"), t("ctas.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadNewCta(await ownerAdminContext(request, params), request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionNewCta(await ownerAdminContext(request, params), request);
}

export default NewCtaPage;
