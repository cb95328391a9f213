/** /app: the shop's contacts in the Shopify admin, with the same table as the standalone admin. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Page } from "@shopify/polaris";
import { prisma } from "~/db.server";
import { authenticate } from "~/shopify.server";
import { linkShopOwner, websiteIdForShop } from "~/models/owner.server";
import { listContacts } from "~/models/contact-list.server";
import { ContactsTable } from "~/components/ContactsTable";

/** Parameters the embedded admin needs on every link. */
const EMBEDDED_PARAMS = ["shop", "host", "embedded", "locale"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await authenticate.admin(request);
  // afterAuth links the shop on install; this covers shops installed before it did.
  const websiteId = (await websiteIdForShop(prisma, session.shop)) ?? (await linkShopOwner(prisma, session.shop)).websiteId;
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Math.min(1_000_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const list = await listContacts(prisma, websiteId, { page, query });
  return { shop: session.shop, query, ...list };
}

export default function ShopifyContacts() {
  const { shop, query, contacts, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Page title="Contacts" subtitle={shop} fullWidth>
      <ContactsTable contacts={contacts} total={total} page={page} pageCount={pageCount} query={query} keepParams={EMBEDDED_PARAMS} />
    </Page>
  );
}
