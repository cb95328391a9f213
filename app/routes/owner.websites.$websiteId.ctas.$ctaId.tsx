/**
 * /owner/websites/:websiteId/ctas/:ctaId: the CTA editor (standalone owner
 * admin). A stable deep link: the widget's test panel opens it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionCtaEdit, loadCtaEdit } from "#app/pages/cta-edit.server";
import { CtaEditPage } from "#app/pages/cta-edit";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  ownerTitle(matches, (t) => [data?.cta.name, t("ctas.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCtaEdit(await ownerAdminContext(request, params), request, params.ctaId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionCtaEdit(await ownerAdminContext(request, params), request, params.ctaId);
}

export default CtaEditPage;
