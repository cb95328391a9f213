/** /app/ctas/new: a new CTA from a template or from scratch (Shopify admin). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionNewCta, loadNewCta } from "#app/pages/cta-new.server";
import { NewCtaPage } from "#app/pages/cta-new";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadNewCta(await shopifyAdminContext(request), request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actionNewCta(await shopifyAdminContext(request), request);
}

export default NewCtaPage;
