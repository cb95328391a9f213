/** GET /app/contacts/export: the shop's contacts (same search and filters) as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "~/pages/admin-context.server";
import { loadContactsExport } from "~/pages/contacts.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadContactsExport(await shopifyAdminContext(request), request);
}
