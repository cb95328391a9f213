/** GET /owner/websites/:websiteId/contacts/export: the contacts list (same search and filters) as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { loadContactsExport } from "#app/pages/contacts.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContactsExport(await ownerAdminContext(request, params), request);
}
