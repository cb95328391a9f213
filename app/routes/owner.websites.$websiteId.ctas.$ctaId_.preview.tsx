/**
 * /owner/websites/:websiteId/ctas/:ctaId/preview?iframe=true&variant=<id>:
 * the stored CTA (draft included) as visitors will see it, tracking nothing
 * and sending nothing. Only for the website's owners.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { loadCtaPreview } from "#app/pages/cta-preview.server";
import { nonceOf } from "#app/server/csp-nonce";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadCtaPreview(await ownerAdminContext(request, params), request, params.ctaId, nonceOf(context));
}
