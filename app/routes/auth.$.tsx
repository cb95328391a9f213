/** /auth/*: Shopify's OAuth and session-token paths, handled by the Shopify library (503 while install is off). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "#app/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await authenticate.admin(request);
  return null;
}
