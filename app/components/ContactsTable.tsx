/**
 * A website's contacts as a Polaris table with a search box, filters (CTA,
 * list, date, consent) and pages; shared by the standalone owner admin and
 * the Shopify admin. Search, filters and paging are plain GET forms and
 * links, so they work before (and without) JavaScript.
 */
import { useEffect, useState, type ReactNode } from "react";
import { Form, useSearchParams } from "@remix-run/react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  InlineStack,
  Link,
  Pagination,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import type { ContactRow } from "#app/models/contact-list.server";
import type { ContactFilters } from "#app/view/contact-query";
import { fullName } from "#app/view/full-name";
import { formatConsents, formatUtcDateTime } from "./format";
import { useT } from "#app/i18n/useT";
import type { Translate } from "#app/i18n";

export interface FilterOptions {
  ctas: { id: number; name: string }[];
  lists: { id: number; listId: string; name: string; integrationName: string }[];
}

export interface ContactsTableProps {
  contacts: ContactRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
  filters?: ContactFilters;
  options?: FilterOptions;
  /** Link to a contact's page; without it rows are not links. */
  contactHref?: (id: number) => string;
  /** Shown beside the result count (the CSV export button). */
  actions?: ReactNode;
  /** Query parameters that page and search links keep (the Shopify admin's shop, host, embedded). */
  keepParams?: readonly string[];
}

const DASH = "—";

const consentOptions = (translate: Translate) => [
  { label: translate("contacts.anyConsent"), value: "" },
  { label: translate("contacts.marketingGiven"), value: "marketing" },
  { label: translate("contacts.noMarketing"), value: "no-marketing" },
  { label: translate("contacts.privacyGiven"), value: "privacy" },
  { label: translate("contacts.smsGiven"), value: "sms" },
];

/** The filter values as form strings (empty when unset). */
function filterStrings(filters: ContactFilters | undefined) {
  return {
    cta: filters?.ctaId ? String(filters.ctaId) : "",
    list: filters?.listId ? String(filters.listId) : "",
    from: filters?.from ?? "",
    to: filters?.to ?? "",
    consent: filters?.consent ?? "",
  };
}

/** Contacts of one website: e-mail, name, phone, consents, date, capturing CTA. */
export function ContactsTable({
  contacts,
  total,
  page,
  pageCount,
  query,
  filters,
  options,
  contactHref,
  actions,
  keepParams = [],
}: ContactsTableProps) {
  const translate = useT();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(query);
  const current = filterStrings(filters);
  const [values, setValues] = useState(current);
  const currentKey = JSON.stringify(current);
  useEffect(() => setSearch(query), [query]);
  // Back/forward navigation changes the URL's filters: show them.
  useEffect(() => setValues(JSON.parse(currentKey) as typeof current), [currentKey]);
  const kept = keepParams.flatMap((name) => searchParams.getAll(name).map((value) => [name, value] as const));
  const filtered = query !== "" || Object.values(current).some((v) => v !== "");
  const set = (key: keyof typeof current) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const hrefFor = (target: { page?: number; clear?: boolean }) => {
    const params = new URLSearchParams(kept.map(([k, v]) => [k, v]));
    if (!target.clear) {
      if (query) params.set("q", query);
      for (const [key, value] of Object.entries(current)) if (value) params.set(key, value);
    }
    if (target.page && target.page > 1) params.set("page", String(target.page));
    const queryString = params.toString();
    return queryString ? `?${queryString}` : "?";
  };

  const headings: [{ title: string }, ...{ title: string }[]] = [
    { title: translate("contacts.email") },
    { title: translate("contacts.name") },
    { title: translate("contacts.phone") },
    { title: translate("contacts.consents") },
    { title: translate("contacts.since") },
    { title: translate("contacts.cta") },
    ...(contactHref ? [{ title: translate("contacts.details") }] : []),
  ];

  const rows = contacts.map((contact, index) => {
    const label = contact.email ?? fullName(contact.name, contact.lastName) ?? contact.phone ?? `contact ${contact.id}`;
    return (
      <IndexTable.Row id={String(contact.id)} key={contact.id} position={index}>
        <IndexTable.Cell>{contact.email ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{fullName(contact.name, contact.lastName) ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{contact.phone ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{formatConsents(contact, translate) ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{formatUtcDateTime(contact.contactSince, translate.lang)}</IndexTable.Cell>
        <IndexTable.Cell>{contact.ctaName ?? (contact.ctaId !== null ? `CTA ${contact.ctaId}` : DASH)}</IndexTable.Cell>
        {contactHref ? (
          <IndexTable.Cell>
            <Link
              url={contactHref(contact.id)}
              dataPrimaryLink
              accessibilityLabel={translate("contacts.viewLabel", { name: label })}
            >
              {translate("contacts.view")}
            </Link>
          </IndexTable.Cell>
        ) : null}
      </IndexTable.Row>
    );
  });

  const ctaOptions = [
    { label: translate("contacts.anyCta"), value: "" },
    ...(options?.ctas ?? []).map((c) => ({ label: c.name, value: String(c.id) })),
  ];
  const listOptions = [
    { label: translate("contacts.anyList"), value: "" },
    ...(options?.lists ?? []).map((list) => ({
      label: `${list.name} (${list.integrationName}, ${list.listId})`,
      value: String(list.id),
    })),
  ];

  return (
    <Card padding="0">
      <Box padding="400">
        <Form method="get" role="search" aria-label={translate("contacts.searchFilter")}>
          {kept.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <BlockStack gap="300">
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div style={{ flexGrow: 1 }}>
                <TextField
                  label={translate("contacts.search")}
                  labelHidden
                  name="q"
                  type="search"
                  value={search}
                  onChange={setSearch}
                  placeholder={translate("contacts.searchPlaceholder")}
                  autoComplete="off"
                  maxLength={200}
                />
              </div>
              <Button submit>{translate("contacts.searchButton")}</Button>
              {filtered ? <Button url={hrefFor({ clear: true })}>{translate("contacts.clear")}</Button> : null}
            </InlineStack>
            {options ? (
              <InlineStack gap="300" blockAlign="end" wrap>
                <div style={{ minWidth: 180 }}>
                  <Select
                    label={translate("contacts.cta")}
                    name="cta"
                    options={ctaOptions}
                    value={values.cta}
                    onChange={set("cta")}
                  />
                </div>
                <div style={{ minWidth: 180 }}>
                  <Select
                    label={translate("contacts.list")}
                    name="list"
                    options={listOptions}
                    value={values.list}
                    onChange={set("list")}
                  />
                </div>
                <div style={{ minWidth: 180 }}>
                  <Select
                    label={translate("contacts.consent")}
                    name="consent"
                    options={consentOptions(translate)}
                    value={values.consent}
                    onChange={set("consent")}
                  />
                </div>
                <TextField
                  label={translate("contacts.sinceFrom")}
                  name="from"
                  type="date"
                  value={values.from}
                  onChange={set("from")}
                  autoComplete="off"
                />
                <TextField
                  label={translate("contacts.sinceTo")}
                  name="to"
                  type="date"
                  value={values.to}
                  onChange={set("to")}
                  autoComplete="off"
                />
                <Button submit>{translate("contacts.apply")}</Button>
              </InlineStack>
            ) : null}
          </BlockStack>
        </Form>
      </Box>
      {contacts.length === 0 ? (
        <Box padding="400">
          {filtered ? (
            <BlockStack gap="200">
              <Text as="p" tone="subdued">
                {query ? translate("contacts.noMatchQuery", { query }) : translate("contacts.noMatch")}
                {Object.values(current).some((v) => v !== "") ? " with these filters." : "."}
              </Text>
              {actions}
            </BlockStack>
          ) : (
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {translate("contacts.empty")}
              </Text>
              <Text as="p" tone="subdued">
                {translate("contacts.emptyHelp")}
              </Text>
            </BlockStack>
          )}
        </Box>
      ) : (
        <BlockStack>
          <IndexTable
            resourceName={{ singular: "contact", plural: "contacts" }}
            itemCount={contacts.length}
            selectable={false}
            headings={headings}
          >
            {rows}
          </IndexTable>
          <Box padding="400">
            <InlineStack align="space-between" blockAlign="center" gap="300">
              <InlineStack gap="300" blockAlign="center">
                <Text as="p" tone="subdued">
                  {total === 1 ? "1 contact" : `${total} contacts`}
                  {query ? ` matching “${query}”` : ""}
                </Text>
                {actions}
              </InlineStack>
              <Pagination
                hasPrevious={page > 1}
                previousURL={page > 1 ? hrefFor({ page: page - 1 }) : undefined}
                hasNext={page < pageCount}
                nextURL={page < pageCount ? hrefFor({ page: page + 1 }) : undefined}
                label={`Page ${page} of ${pageCount}`}
              />
            </InlineStack>
          </Box>
        </BlockStack>
      )}
    </Card>
  );
}

/**
 * A download of a file the server makes (the CSV export). In the owner admin
 * a plain GET form, so the browser downloads it even without JavaScript; in
 * the embedded Shopify admin a fetch (App Bridge adds the session token that
 * a plain navigation inside the iframe would lack), saved through a blob link.
 */
export function DownloadButton({
  href,
  label,
  surface,
}: {
  href: string;
  label: string;
  surface: "owner" | "shopify";
}) {
  const translate = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = new URL(href, "http://beckon.invalid");
  if (surface === "owner") {
    return (
      <Form method="get" action={url.pathname} reloadDocument>
        {[...url.searchParams].map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <Button submit>{label}</Button>
      </Form>
    );
  }
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`The download failed (${response.status})`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "export.csv";
      const blobUrl = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = blobUrl;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : translate("contacts.downloadFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <InlineStack gap="200" blockAlign="center">
      <Button onClick={download} loading={busy}>
        {label}
      </Button>
      {error ? (
        <span role="alert">
          <Text as="span" tone="critical">
            {error}
          </Text>
        </span>
      ) : null}
    </InlineStack>
  );
}
