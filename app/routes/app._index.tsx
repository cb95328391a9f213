/** /app: the shop's contacts in the Shopify admin (its home page), with the same page as the standalone admin. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "~/pages/admin-context.server";
import { loadContacts } from "~/pages/contacts.server";
import { ContactsPage } from "~/pages/contacts";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadContacts(await shopifyAdminContext(request), request);
}

export default ContactsPage;
