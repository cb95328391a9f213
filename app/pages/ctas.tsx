/** The CTAs of a website: a table with status and campaign, per-row actions, and a form that creates a new draft. */
import { useState } from "react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, FormLayout, IndexTable, InlineStack, Page, Select, Text, TextField } from "@shopify/polaris";
import { CTA_TYPES } from "~/lib/schema/cta";
import { formatUtcDateTime } from "~/components/format";
import { ActionBanner } from "~/components/editor/ActionBanner";
import { AdminForm } from "~/components/editor/AdminForm";
import { CTA_TYPE_LABELS, SUBTYPES, typeLabel, type CtaType } from "~/components/editor/document";
import { adminPaths } from "./admin-links";
import type { actionCtas, loadCtas } from "./ctas.server";

const STATUS_TONE = { published: "success", draft: "info", archived: undefined } as const;

/** A CTA's status as a badge. */
export function StatusBadge({ status }: { status: "draft" | "published" | "archived" }) {
  return <Badge tone={STATUS_TONE[status]}>{status[0].toUpperCase() + status.slice(1)}</Badge>;
}

function RowAction({ csrfToken, intent, id, label, name }: { csrfToken: string | null; intent: string; id: number; label: string; name: string }) {
  return (
    <AdminForm csrfToken={csrfToken} intent={intent} aria-label={`${label} ${name}`}>
      <input type="hidden" name="id" value={id} />
      <Button submit size="slim" accessibilityLabel={`${label} ${name}`}>
        {label}
      </Button>
    </AdminForm>
  );
}

/** The CTAs list page. */
export function CtasPage() {
  const { links, ctas, broadcastNames } = useLoaderData<typeof loadCtas>();
  const result = useActionData<typeof actionCtas>();
  const paths = adminPaths(links);
  return (
    <Page title="CTAs" subtitle="Popups, bars, inline forms and landing pages">
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <NewCtaCard csrfToken={links.csrfToken} errors={result && !result.ok ? result.fieldErrors : {}} />
        <Card padding="0">
          {ctas.length === 0 ? (
            <Box padding="400">
              <Text as="p">No CTAs yet. Create one above.</Text>
            </Box>
          ) : (
            <IndexTable
              itemCount={ctas.length}
              selectable={false}
              resourceName={{ singular: "CTA", plural: "CTAs" }}
              headings={[{ title: "Name" }, { title: "Type" }, { title: "Status" }, { title: "Campaign" }, { title: "Published" }, { title: "Actions" }]}
            >
              {ctas.map((c, i) => (
                <IndexTable.Row id={String(c.id)} key={c.id} position={i}>
                  <IndexTable.Cell>
                    <Link to={paths.cta(c.id)}>{c.name}</Link>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{typeLabel(c)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <StatusBadge status={c.status} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {c.broadcast_id ? <Link to={paths.broadcast(c.broadcast_id)}>{broadcastNames[c.broadcast_id] ?? `Campaign ${c.broadcast_id}`}</Link> : "—"}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{c.published_at ? formatUtcDateTime(c.published_at) : "—"}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="100" wrap={false}>
                      {c.status !== "published" ? <RowAction csrfToken={links.csrfToken} intent="publish" id={c.id} label="Publish" name={c.name} /> : null}
                      {c.status === "published" ? <RowAction csrfToken={links.csrfToken} intent="draft" id={c.id} label="Unpublish" name={c.name} /> : null}
                      <RowAction csrfToken={links.csrfToken} intent="duplicate" id={c.id} label="Duplicate" name={c.name} />
                      {c.status !== "archived" ? <RowAction csrfToken={links.csrfToken} intent="archive" id={c.id} label="Archive" name={c.name} /> : null}
                    </InlineStack>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </Card>
      </BlockStack>
    </Page>
  );
}

function NewCtaCard({ csrfToken, errors }: { csrfToken: string | null; errors: Record<string, string> }) {
  const navigation = useNavigation();
  const [name, setName] = useState("");
  const [ctaType, setCtaType] = useState<CtaType>("overlay");
  const sub = SUBTYPES[ctaType];
  const [subtype, setSubtype] = useState<string>(sub?.values[0] ?? "");
  const [template, setTemplate] = useState("form");
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  return (
    <Card>
      <AdminForm csrfToken={csrfToken} intent="create" aria-label="New CTA">
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            New CTA
          </Text>
          <FormLayout>
            <FormLayout.Group>
              <TextField label="Name" name="name" value={name} onChange={setName} autoComplete="off" error={errors.name} requiredIndicator />
              <Select
                label="Type"
                name="cta_type"
                options={CTA_TYPES.map((t) => ({ label: CTA_TYPE_LABELS[t], value: t }))}
                value={ctaType}
                onChange={(v) => {
                  setCtaType(v as CtaType);
                  setSubtype(SUBTYPES[v as CtaType]?.values[0] ?? "");
                }}
                error={errors.cta_type}
              />
              {sub ? (
                <Select label={sub.label} name="subtype" options={sub.values.map((v) => ({ label: v, value: v }))} value={subtype} onChange={setSubtype} />
              ) : null}
              <Select
                label="Start from"
                name="template"
                options={[
                  { label: "Heading and e-mail form", value: "form" },
                  { label: "Blank text", value: "blank" },
                ]}
                value={template}
                onChange={setTemplate}
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack>
            <Button submit variant="primary" loading={creating}>
              Create CTA
            </Button>
          </InlineStack>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
