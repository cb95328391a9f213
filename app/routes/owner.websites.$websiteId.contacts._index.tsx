/**
 * /owner/websites/:websiteId/contacts: a website's contacts, newest first,
 * with search (?q=), filters (?cta=, ?list=, ?from=, ?to=, ?consent=) and
 * pages (?page=). Only for owners who are members of the website; any other
 * id, known or not, is the same 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "~/pages/admin-context.server";
import { loadContacts } from "~/pages/contacts.server";
import { ContactsPage } from "~/pages/contacts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Contacts · ${data.websiteName} · Beckon` : "Contacts · Beckon" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContacts(await ownerAdminContext(request, params), request);
}

export default ContactsPage;
