/** /app/ctas/:ctaId/preview?iframe=true&variant=<id>: the stored CTA as visitors will see it (Shopify admin). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { loadCtaPreview } from "#app/pages/cta-preview.server";
import { nonceOf } from "#app/server/csp-nonce";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadCtaPreview(await shopifyAdminContext(request), request, params.ctaId, nonceOf(context));
}
