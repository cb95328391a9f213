/**
 * /owner/websites/:websiteId/contacts: a website's contacts, newest first,
 * with search (?q=), filters (?cta=, ?list=, ?from=, ?to=, ?consent=) and
 * pages (?page=). Only for owners who are members of the website; any other
 * id, known or not, is the same 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { loadContacts } from "#app/pages/contacts.server";
import { ContactsPage } from "#app/pages/contacts";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  ownerTitle(matches, (t) => [t("contacts.title"), data?.websiteName]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContacts(await ownerAdminContext(request, params), request);
}

export default ContactsPage;
