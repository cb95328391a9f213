/** /app/contacts: the shop's contacts in the Shopify admin, the same page as the standalone admin's. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { loadContacts } from "#app/pages/contacts.server";
import { ContactsPage } from "#app/pages/contacts";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadContacts(await shopifyAdminContext(request), request);
}

export default ContactsPage;
