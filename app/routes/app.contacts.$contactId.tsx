/** /app/contacts/:contactId: one of the shop's contacts, with delete for erasure requests. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopifyAdminContext } from "#app/pages/admin-context.server";
import { actionContactDetail, loadContactDetail } from "#app/pages/contact-detail.server";
import { ContactDetailPage } from "#app/pages/contact-detail";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadContactDetail(await shopifyAdminContext(request), request, params.contactId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return actionContactDetail(await shopifyAdminContext(request), request, params.contactId);
}

export default ContactDetailPage;
