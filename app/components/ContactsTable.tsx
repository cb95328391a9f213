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
import type { ContactRow } from "~/models/contact-list.server";
import type { ContactFilters } from "~/lib/contact-query";
import { fullName } from "~/lib/full-name";
import { formatConsents, formatUtcDateTime } from "./format";
import { useT } from "~/i18n/useT";
import type { Translate } from "~/i18n";

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

const consentOptions = (t: Translate) => [
  { label: t("contacts.anyConsent"), value: "" },
  { label: t("contacts.marketingGiven"), value: "marketing" },
  { label: t("contacts.noMarketing"), value: "no-marketing" },
  { label: t("contacts.privacyGiven"), value: "privacy" },
  { label: t("contacts.smsGiven"), value: "sms" },
];

/** The filter values as form strings (empty when unset). */
function filterStrings(f: ContactFilters | undefined) {
  return {
    cta: f?.ctaId ? String(f.ctaId) : "",
    list: f?.listId ? String(f.listId) : "",
    from: f?.from ?? "",
    to: f?.to ?? "",
    consent: f?.consent ?? "",
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
  const t = useT();
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
      for (const [k, v] of Object.entries(current)) if (v) params.set(k, v);
    }
    if (target.page && target.page > 1) params.set("page", String(target.page));
    const s = params.toString();
    return s ? `?${s}` : "?";
  };

  const headings: [{ title: string }, ...{ title: string }[]] = [
    { title: t("contacts.email") },
    { title: t("contacts.name") },
    { title: t("contacts.phone") },
    { title: t("contacts.consents") },
    { title: t("contacts.since") },
    { title: t("contacts.cta") },
    ...(contactHref ? [{ title: t("contacts.details") }] : []),
  ];

  const rows = contacts.map((c, index) => {
    const label = c.email ?? fullName(c.name, c.lastName) ?? c.phone ?? `contact ${c.id}`;
    return (
      <IndexTable.Row id={String(c.id)} key={c.id} position={index}>
        <IndexTable.Cell>{c.email ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{fullName(c.name, c.lastName) ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{c.phone ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{formatConsents(c, t) ?? DASH}</IndexTable.Cell>
        <IndexTable.Cell>{formatUtcDateTime(c.contactSince, t.lang)}</IndexTable.Cell>
        <IndexTable.Cell>{c.ctaName ?? (c.ctaId !== null ? `CTA ${c.ctaId}` : DASH)}</IndexTable.Cell>
        {contactHref ? (
          <IndexTable.Cell>
            <Link url={contactHref(c.id)} dataPrimaryLink accessibilityLabel={t("contacts.viewLabel", { name: label })}>
              {t("contacts.view")}
            </Link>
          </IndexTable.Cell>
        ) : null}
      </IndexTable.Row>
    );
  });

  const ctaOptions = [
    { label: t("contacts.anyCta"), value: "" },
    ...(options?.ctas ?? []).map((c) => ({ label: c.name, value: String(c.id) })),
  ];
  const listOptions = [
    { label: t("contacts.anyList"), value: "" },
    ...(options?.lists ?? []).map((l) => ({
      label: `${l.name} (${l.integrationName}, ${l.listId})`,
      value: String(l.id),
    })),
  ];

  return (
    <Card padding="0">
      <Box padding="400">
        <Form method="get" role="search" aria-label={t("contacts.searchFilter")}>
          {kept.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <BlockStack gap="300">
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div style={{ flexGrow: 1 }}>
                <TextField
                  label={t("contacts.search")}
                  labelHidden
                  name="q"
                  type="search"
                  value={search}
                  onChange={setSearch}
                  placeholder={t("contacts.searchPlaceholder")}
                  autoComplete="off"
                  maxLength={200}
                />
              </div>
              <Button submit>{t("contacts.searchButton")}</Button>
              {filtered ? <Button url={hrefFor({ clear: true })}>{t("contacts.clear")}</Button> : null}
            </InlineStack>
            {options ? (
              <InlineStack gap="300" blockAlign="end" wrap>
                <div style={{ minWidth: 180 }}>
                  <Select
                    label={t("contacts.cta")}
                    name="cta"
                    options={ctaOptions}
                    value={values.cta}
                    onChange={set("cta")}
                  />
                </div>
                <div style={{ minWidth: 180 }}>
                  <Select
                    label={t("contacts.list")}
                    name="list"
                    options={listOptions}
                    value={values.list}
                    onChange={set("list")}
                  />
                </div>
                <div style={{ minWidth: 180 }}>
                  <Select
                    label={t("contacts.consent")}
                    name="consent"
                    options={consentOptions(t)}
                    value={values.consent}
                    onChange={set("consent")}
                  />
                </div>
                <TextField
                  label={t("contacts.sinceFrom")}
                  name="from"
                  type="date"
                  value={values.from}
                  onChange={set("from")}
                  autoComplete="off"
                />
                <TextField
                  label={t("contacts.sinceTo")}
                  name="to"
                  type="date"
                  value={values.to}
                  onChange={set("to")}
                  autoComplete="off"
                />
                <Button submit>{t("contacts.apply")}</Button>
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
                {query ? t("contacts.noMatchQuery", { query }) : t("contacts.noMatch")}
                {Object.values(current).some((v) => v !== "") ? " with these filters." : "."}
              </Text>
              {actions}
            </BlockStack>
          ) : (
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {t("contacts.empty")}
              </Text>
              <Text as="p" tone="subdued">
                {t("contacts.emptyHelp")}
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
  const t = useT();
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
      const a = document.createElement("a");
      a.href = blobUrl;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : t("contacts.downloadFailed"));
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
