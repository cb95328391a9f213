/**
 * /owner/websites/:websiteId/contacts/:contactId: one contact (answers,
 * events, consents, lists, syncs), with delete for erasure requests.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ownerAdminContext } from "#app/pages/admin-context.server";
import { actionContactDetail, loadContactDetail } from "#app/pages/contact-detail.server";
import { ContactDetailPage } from "#app/pages/contact-detail";
import { ownerTitle } from "#app/pages/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  ownerTitle(matches, (t) => [data?.contact.displayName, t("contacts.title")]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContactDetail(await ownerAdminContext(request, params), request, params.contactId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionContactDetail(await ownerAdminContext(request, params), request, params.contactId);
}

export default ContactDetailPage;
