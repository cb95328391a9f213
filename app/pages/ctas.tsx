/** The CTAs of a website: a table with status and campaign, per-row actions, and a form that creates a new draft. */
import { useState } from "react";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  IndexTable,
  InlineStack,
  Page,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { CTA_TYPES } from "../../contract/schema/cta";
import { formatUtcDateTime } from "~/components/format";
import { ActionBanner } from "~/components/editor/ActionBanner";
import { AdminForm } from "~/components/editor/AdminForm";
import { SUBTYPES, typeLabel, type CtaType } from "~/components/editor/document";
import { useT } from "~/i18n/useT";
import type { AdminKey } from "~/i18n";
import { TemplateGallery } from "~/components/TemplateGallery";
import { adminPaths } from "~/lib/admin-links";
import type { actionCtas, loadCtas } from "./ctas.server";

const STATUS_TONE = { published: "success", draft: "info", archived: undefined } as const;

/** A CTA's status as a badge. */
export function StatusBadge({ status }: { status: "draft" | "published" | "archived" }) {
  const t = useT();
  return <Badge tone={STATUS_TONE[status]}>{t(`ctas.${status}`)}</Badge>;
}

function RowAction({
  csrfToken,
  intent,
  id,
  label,
  name,
}: {
  csrfToken: string | null;
  intent: string;
  id: number;
  label: string;
  name: string;
}) {
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
  const { links, ctas, broadcastNames, templates, preview } = useLoaderData<typeof loadCtas>();
  const result = useActionData<typeof actionCtas>();
  const paths = adminPaths(links);
  const t = useT();
  return (
    <Page title={t("ctas.title")} subtitle={t("ctas.subtitle")}>
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <TemplateGallery templates={templates} preview={preview} csrfToken={links.csrfToken} />
        <NewCtaCard csrfToken={links.csrfToken} errors={result && !result.ok ? result.fieldErrors : {}} />
        <Card padding="0">
          {ctas.length === 0 ? (
            <Box padding="400">
              <Text as="p">{t("ctas.empty")}</Text>
            </Box>
          ) : (
            <IndexTable
              itemCount={ctas.length}
              selectable={false}
              resourceName={{ singular: t("ctas.singular"), plural: t("ctas.plural") }}
              headings={[
                { title: t("ctas.name") },
                { title: t("ctas.type") },
                { title: t("ctas.status") },
                { title: t("ctas.campaign") },
                { title: t("ctas.publishedAt") },
                { title: t("ctas.actions") },
              ]}
            >
              {ctas.map((c, i) => (
                <IndexTable.Row id={String(c.id)} key={c.id} position={i}>
                  <IndexTable.Cell>
                    <Link to={paths.cta(c.id)}>{c.name}</Link>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{typeLabel(c, t)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <StatusBadge status={c.status} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {c.broadcast_id ? (
                      <Link to={paths.broadcast(c.broadcast_id)}>
                        {broadcastNames[c.broadcast_id] ?? t("ctas.campaignFallback", { id: c.broadcast_id })}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{c.published_at ? formatUtcDateTime(c.published_at, t.lang) : "—"}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="100" wrap={false}>
                      {c.status !== "published" ? (
                        <RowAction
                          csrfToken={links.csrfToken}
                          intent="publish"
                          id={c.id}
                          label={t("ctas.publish")}
                          name={c.name}
                        />
                      ) : null}
                      {c.status === "published" ? (
                        <RowAction
                          csrfToken={links.csrfToken}
                          intent="draft"
                          id={c.id}
                          label={t("ctas.unpublish")}
                          name={c.name}
                        />
                      ) : null}
                      <RowAction
                        csrfToken={links.csrfToken}
                        intent="duplicate"
                        id={c.id}
                        label={t("ctas.duplicate")}
                        name={c.name}
                      />
                      {c.status !== "archived" ? (
                        <RowAction
                          csrfToken={links.csrfToken}
                          intent="archive"
                          id={c.id}
                          label={t("ctas.archive")}
                          name={c.name}
                        />
                      ) : null}
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
  const creating =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "create" &&
    !navigation.formData?.get("from_gallery");
  const t = useT();
  return (
    <Card>
      <AdminForm csrfToken={csrfToken} intent="create" aria-label={t("templates.scratch")}>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("templates.scratch")}
          </Text>
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label={t("ctas.name")}
                name="name"
                value={name}
                onChange={setName}
                autoComplete="off"
                error={errors.name}
                requiredIndicator
              />
              <Select
                label={t("ctas.type")}
                name="cta_type"
                options={CTA_TYPES.map((ty) => ({ label: t(`ctaType.${ty}` as AdminKey), value: ty }))}
                value={ctaType}
                onChange={(v) => {
                  setCtaType(v as CtaType);
                  setSubtype(SUBTYPES[v as CtaType]?.values[0] ?? "");
                }}
                error={errors.cta_type}
              />
              {sub ? (
                <Select
                  label={t(`ctaType.sub.${sub.key}` as AdminKey)}
                  name="subtype"
                  options={sub.values.map((v) => ({ label: t(`ctaType.value.${v}` as AdminKey), value: v }))}
                  value={subtype}
                  onChange={setSubtype}
                />
              ) : null}
              <Select
                label={t("ctas.template")}
                name="template"
                options={[
                  { label: t("ctas.templateForm"), value: "form" },
                  { label: t("ctas.templateBlank"), value: "blank" },
                ]}
                value={template}
                onChange={setTemplate}
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack>
            <Button submit variant="primary" loading={creating}>
              {t("ctas.create")}
            </Button>
          </InlineStack>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
