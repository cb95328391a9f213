/** /app/ctas/:ctaId: the CTA editor (Shopify admin; deep link of the widget's test panel). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionCtaEdit, loadCtaEdit } from "#app/pages/cta-edit.server";
import { CtaEditPage } from "#app/pages/cta-edit";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCtaEdit(await shopifyAdminContext(request), request, params.ctaId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionCtaEdit(await shopifyAdminContext(request), request, params.ctaId);
}

export default CtaEditPage;
