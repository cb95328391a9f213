/**
 * /owner/websites/:websiteId/contacts: a website's contacts, newest first,
 * with search (?q=) and pages (?page=). Only for owners who are members of the
 * website; any other id, known or not, is the same 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { prisma } from "~/db.server";
import { requireOwner } from "~/lib/owner-session.server";
import { ownerWebsite } from "~/models/owner.server";
import { listContacts } from "~/models/contact-list.server";
import { ContactsTable } from "~/components/ContactsTable";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Contacts · ${data.website.name} · Beckon` : "Contacts · Beckon" },
];

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const owner = await requireOwner(request);
  const raw = params.websiteId ?? "";
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound();
  const website = await ownerWebsite(prisma, owner.profileId, Number(raw));
  if (!website) throw notFound();
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Math.min(1_000_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const list = await listContacts(prisma, website.id, { page, query });
  return { website: { id: website.id, name: website.name }, query, ...list };
}

export default function OwnerWebsiteContacts() {
  const { website, query, contacts, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Page title="Contacts" subtitle={website.name} backAction={{ content: "Your websites", url: "/owner" }} fullWidth>
      <ContactsTable contacts={contacts} total={total} page={page} pageCount={pageCount} query={query} />
    </Page>
  );
}
