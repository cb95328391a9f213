/** GET /owner/websites/:websiteId/contacts/:contactId/export: everything stored about the contact, as JSON (access requests). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { loadContactExport } from "#app/pages/contact-detail.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContactExport(await ownerAdminContext(request, params), request, params.contactId);
}
