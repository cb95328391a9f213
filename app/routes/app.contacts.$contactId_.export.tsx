/** GET /app/contacts/:contactId/export: everything stored about one of the shop's contacts, as JSON. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { loadContactExport } from "#app/pages/contact-detail.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContactExport(await shopifyAdminContext(request), request, params.contactId);
}
