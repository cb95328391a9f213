/**
 * "New CTA": the template gallery first (each template in the website's
 * language, drawn by the real renderer), then a CTA built from scratch by
 * type. Both create a draft and open its editor.
 */
import { useState } from "react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BlockStack, Button, Card, FormLayout, InlineStack, Page, Select, Text, TextField } from "@shopify/polaris";
import { CTA_TYPES } from "#contract/schema/cta";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AdminForm } from "#app/components/editor/AdminForm";
import { SUBTYPES, type CtaType } from "#app/components/editor/document";
import { TemplateGallery } from "#app/components/TemplateGallery";
import { useT } from "#app/i18n/useT";
import type { AdminKey } from "#app/i18n";
import { adminPaths } from "#app/view/admin-links";
import type { actionNewCta, loadNewCta } from "./cta-new.server";

/** Where the page's "Build one from scratch" link jumps to. */
const SCRATCH_ANCHOR = "from-scratch";

/** The "New CTA" page. */
export function NewCtaPage() {
  const { links, templates, preview } = useLoaderData<typeof loadNewCta>();
  const result = useActionData<typeof actionNewCta>();
  const translate = useT();
  return (
    <Page
      title={translate("ctas.new")}
      backAction={{ content: translate("ctas.title"), url: adminPaths(links).ctas }}
      secondaryActions={[{ content: translate("templates.scratch"), url: `#${SCRATCH_ANCHOR}` }]}
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <TemplateGallery templates={templates} preview={preview} csrfToken={links.csrfToken} />
        <NewCtaCard csrfToken={links.csrfToken} errors={result && !result.ok ? result.fieldErrors : {}} />
      </BlockStack>
    </Page>
  );
}

/** A CTA from scratch: a name, a type (and its subtype) and what it starts with. */
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
    <div id={SCRATCH_ANCHOR}>
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
    </div>
  );
}
