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
import { CTA_TYPES } from "#contract/schema/cta";
import { formatUtcDateTime } from "#app/components/format";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AdminForm } from "#app/components/editor/AdminForm";
import { SUBTYPES, typeLabel, type CtaType } from "#app/components/editor/document";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n";
import { TemplateGallery } from "#app/components/TemplateGallery";
import { adminPaths } from "#app/view/admin-links";
import type { actionCtas, loadCtas } from "./ctas.server";

const STATUS_TONE = { published: "success", draft: "info", archived: undefined } as const;

/** A CTA's status as a badge. */
export function StatusBadge({ status }: { status: "draft" | "published" | "archived" }) {
  const translate = useT();
  return <Badge tone={STATUS_TONE[status]}>{translate(`ctas.${status}`)}</Badge>;
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
  const translate = useT();
  return (
    <Page title={translate("ctas.title")} subtitle={translate("ctas.subtitle")}>
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <TemplateGallery templates={templates} preview={preview} csrfToken={links.csrfToken} />
        <NewCtaCard csrfToken={links.csrfToken} errors={result && !result.ok ? result.fieldErrors : {}} />
        <Card padding="0">
          {ctas.length === 0 ? (
            <Box padding="400">
              <Text as="p">{translate("ctas.empty")}</Text>
            </Box>
          ) : (
            <IndexTable
              itemCount={ctas.length}
              selectable={false}
              resourceName={{ singular: translate("ctas.singular"), plural: translate("ctas.plural") }}
              headings={[
                { title: translate("ctas.name") },
                { title: translate("ctas.type") },
                { title: translate("ctas.status") },
                { title: translate("ctas.campaign") },
                { title: translate("ctas.publishedAt") },
                { title: translate("ctas.actions") },
              ]}
            >
              {ctas.map((cta, index) => (
                <IndexTable.Row id={String(cta.id)} key={cta.id} position={index}>
                  <IndexTable.Cell>
                    <Link to={paths.cta(cta.id)}>{cta.name}</Link>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{typeLabel(cta, translate)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <StatusBadge status={cta.status} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {cta.broadcast_id ? (
                      <Link to={paths.broadcast(cta.broadcast_id)}>
                        {broadcastNames[cta.broadcast_id] ??
                          translate("ctas.campaignFallback", { id: cta.broadcast_id })}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {cta.published_at ? formatUtcDateTime(cta.published_at, translate.lang) : "—"}
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <InlineStack gap="100" wrap={false}>
                      {cta.status !== "published" ? (
                        <RowAction
                          csrfToken={links.csrfToken}
                          intent="publish"
                          id={cta.id}
                          label={translate("ctas.publish")}
                          name={cta.name}
                        />
                      ) : null}
                      {cta.status === "published" ? (
                        <RowAction
                          csrfToken={links.csrfToken}
                          intent="draft"
                          id={cta.id}
                          label={translate("ctas.unpublish")}
                          name={cta.name}
                        />
                      ) : null}
                      <RowAction
                        csrfToken={links.csrfToken}
                        intent="duplicate"
                        id={cta.id}
                        label={translate("ctas.duplicate")}
                        name={cta.name}
                      />
                      {cta.status !== "archived" ? (
                        <RowAction
                          csrfToken={links.csrfToken}
                          intent="archive"
                          id={cta.id}
                          label={translate("ctas.archive")}
                          name={cta.name}
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
  const translate = useT();
  return (
    <Card>
      <AdminForm csrfToken={csrfToken} intent="create" aria-label={translate("templates.scratch")}>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {translate("templates.scratch")}
          </Text>
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label={translate("ctas.name")}
                name="name"
                value={name}
                onChange={setName}
                autoComplete="off"
                error={errors.name}
                requiredIndicator
              />
              <Select
                label={translate("ctas.type")}
                name="cta_type"
                options={CTA_TYPES.map((ty) => ({ label: translate(`ctaType.${ty}` as AdminKey), value: ty }))}
                value={ctaType}
                onChange={(v) => {
                  setCtaType(v as CtaType);
                  setSubtype(SUBTYPES[v as CtaType]?.values[0] ?? "");
                }}
                error={errors.cta_type}
              />
              {sub ? (
                <Select
                  label={translate(`ctaType.sub.${sub.key}` as AdminKey)}
                  name="subtype"
                  options={sub.values.map((v) => ({ label: translate(`ctaType.value.${v}` as AdminKey), value: v }))}
                  value={subtype}
                  onChange={setSubtype}
                />
              ) : null}
              <Select
                label={translate("ctas.template")}
                name="template"
                options={[
                  { label: translate("ctas.templateForm"), value: "form" },
                  { label: translate("ctas.templateBlank"), value: "blank" },
                ]}
                value={template}
                onChange={setTemplate}
              />
            </FormLayout.Group>
          </FormLayout>
          <InlineStack>
            <Button submit variant="primary" loading={creating}>
              {translate("ctas.create")}
            </Button>
          </InlineStack>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
