/** /app/ctas/:ctaId/preview?iframe=true&variant=<id>: the stored CTA as visitors will see it (Shopify admin). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "~/pages/admin-context.server";
import { loadCtaPreview } from "~/pages/cta-preview.server";
import { nonceOf } from "~/lib/csp-nonce";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadCtaPreview(await shopifyAdminContext(request), request, params.ctaId, nonceOf(context));
}
