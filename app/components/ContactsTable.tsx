/**
 * A website's contacts as a Polaris table with a search box and pages; shared
 * by the standalone owner admin and the Shopify admin. Search and paging are
 * plain GET links and forms, so they work before (and without) JavaScript.
 */
import { useEffect, useState } from "react";
import { Form, useSearchParams } from "@remix-run/react";
import { BlockStack, Box, Button, Card, IndexTable, InlineStack, Pagination, Text, TextField } from "@shopify/polaris";
import type { ContactRow } from "~/models/contact-list.server";
import { formatConsents, formatUtcDateTime, fullName } from "./format";

export interface ContactsTableProps {
  contacts: ContactRow[];
  total: number;
  page: number;
  pageCount: number;
  query: string;
  /** Query parameters that page and search links keep (the Shopify admin's shop, host, embedded). */
  keepParams?: readonly string[];
}

const DASH = "—";
const HEADINGS: [{ title: string }, ...{ title: string }[]] = [
  { title: "E-mail" },
  { title: "Name" },
  { title: "Phone" },
  { title: "Consents" },
  { title: "Contact since" },
  { title: "CTA" },
];

/** Contacts of one website: e-mail, name, phone, consents, date, capturing CTA. */
export function ContactsTable({ contacts, total, page, pageCount, query, keepParams = [] }: ContactsTableProps) {
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(query);
  useEffect(() => setSearch(query), [query]);
  const kept = keepParams.flatMap((name) => searchParams.getAll(name).map((value) => [name, value] as const));

  const hrefFor = (target: { page?: number; q?: string }) => {
    const params = new URLSearchParams(kept.map(([k, v]) => [k, v]));
    const q = target.q ?? query;
    if (q) params.set("q", q);
    if (target.page && target.page > 1) params.set("page", String(target.page));
    const s = params.toString();
    return s ? `?${s}` : "?";
  };

  const rows = contacts.map((c, index) => (
    <IndexTable.Row id={String(c.id)} key={c.id} position={index}>
      <IndexTable.Cell>{c.email ?? DASH}</IndexTable.Cell>
      <IndexTable.Cell>{fullName(c.name, c.lastName) ?? DASH}</IndexTable.Cell>
      <IndexTable.Cell>{c.phone ?? DASH}</IndexTable.Cell>
      <IndexTable.Cell>{formatConsents(c) ?? DASH}</IndexTable.Cell>
      <IndexTable.Cell>{formatUtcDateTime(c.contactSince)}</IndexTable.Cell>
      <IndexTable.Cell>{c.ctaName ?? (c.ctaId !== null ? `CTA ${c.ctaId}` : DASH)}</IndexTable.Cell>
    </IndexTable.Row>
  ));

  return (
    <Card padding="0">
      <Box padding="400">
        <Form method="get" role="search">
          {kept.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <InlineStack gap="200" blockAlign="end" wrap={false}>
            <div style={{ flexGrow: 1 }}>
              <TextField
                label="Search contacts"
                labelHidden
                name="q"
                type="search"
                value={search}
                onChange={setSearch}
                placeholder="Search by e-mail or name"
                autoComplete="off"
                maxLength={200}
              />
            </div>
            <Button submit>Search</Button>
            {query ? <Button url={hrefFor({ q: "" })}>Clear</Button> : null}
          </InlineStack>
        </Form>
      </Box>
      {contacts.length === 0 ? (
        <Box padding="400">
          {query ? (
            <Text as="p" tone="subdued">
              No contacts match “{query}”.
            </Text>
          ) : (
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                No contacts yet
              </Text>
              <Text as="p" tone="subdued">
                People who fill in a form, quiz or survey on this website appear here, newest first.
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
            headings={HEADINGS}
          >
            {rows}
          </IndexTable>
          <Box padding="400">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="p" tone="subdued">
                {total === 1 ? "1 contact" : `${total} contacts`}
                {query ? ` matching “${query}”` : ""}
              </Text>
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
