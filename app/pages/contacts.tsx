/** The contacts page of both admins: search, filters, pages, links to each contact, CSV export. */
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Page } from "@shopify/polaris";
import { ContactsTable, DownloadButton } from "#app/components/ContactsTable";
import { contactQueryParams } from "#app/view/contact-query";
import { leadPaths } from "./lead-paths";
import type { loadContacts } from "./contacts.server";
import { useT } from "#app/i18n/useT";

/** Query parameters the embedded Shopify admin needs on every document link. */
export const EMBEDDED_PARAMS = ["shop", "host", "embedded", "locale"] as const;

/** The contacts page. */
export function ContactsPage() {
  const translate = useT();
  const { links, websiteName, query, filters, options, deleted, contacts, total, page, pageCount } =
    useLoaderData<typeof loadContacts>();
  const paths = leadPaths(links);
  const exportParams = contactQueryParams({ query, filters }).toString();
  const exportHref = `${paths.contactsExport}${exportParams ? `?${exportParams}` : ""}`;
  return (
    <Page title={translate("contacts.title")} subtitle={websiteName} fullWidth>
      <BlockStack gap="400">
        {deleted ? (
          <div role="status">
            <Banner tone="success">
              <p>{translate("contacts.deleted")}</p>
            </Banner>
          </div>
        ) : null}
        <ContactsTable
          contacts={contacts}
          total={total}
          page={page}
          pageCount={pageCount}
          query={query}
          filters={filters}
          options={options}
          contactHref={paths.contact}
          actions={
            total > 0 ? (
              <DownloadButton href={exportHref} label={translate("contacts.export")} surface={links.surface} />
            ) : null
          }
          keepParams={links.surface === "shopify" ? EMBEDDED_PARAMS : []}
        />
      </BlockStack>
    </Page>
  );
}
