/** GET /app/contacts/export: the shop's contacts (same search and filters) as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { loadContactsExport } from "#app/pages/contacts.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadContactsExport(await shopifyAdminContext(request), request);
}
