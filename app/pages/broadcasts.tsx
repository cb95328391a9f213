/**
 * Campaigns (broadcasts) of a website, each with a plain-language summary of
 * who sees what, and the site-wide conditions every CTA must pass.
 */
import { useState } from "react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import type { Condition } from "../../contract/schema/condition";
import { SUMMARY_LOCALES, summarizeBroadcast } from "~/lib/broadcast-summary";
import { ActionBanner } from "~/components/editor/ActionBanner";
import { AdminForm } from "~/components/editor/AdminForm";
import { ConditionsBuilder } from "~/components/campaigns/ConditionsBuilder";
import { adminPaths } from "~/lib/admin-links";
import type { actionBroadcasts, loadBroadcasts } from "./broadcasts.server";
import { useT } from "~/i18n/useT";

/** The campaigns list page. */
export function BroadcastsPage() {
  const t = useT();
  const { links, broadcasts, ctas, siteConditions } = useLoaderData<typeof loadBroadcasts>();
  const result = useActionData<typeof actionBroadcasts>();
  const navigation = useNavigation();
  const paths = adminPaths(links);
  const ctaNames = Object.fromEntries(ctas.map((c) => [c.id, c.name]));
  const errors = result && !result.ok ? result.fieldErrors : {};

  return (
    <Page title={t("campaigns.title")} primaryAction={{ content: t("campaigns.new"), url: paths.broadcast("new") }}>
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Layout>
          <Layout.Section>
            {broadcasts.length === 0 ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {t("campaigns.empty")}
                  </Text>
                  <Text as="p">{t("campaigns.emptyHelp")}</Text>
                </BlockStack>
              </Card>
            ) : (
              <BlockStack gap="300">
                {broadcasts.map((b) => (
                  <Card key={b.id}>
                    <BlockStack gap="200">
                      <InlineStack align="space-between" blockAlign="center" gap="200">
                        <InlineStack gap="200" blockAlign="center">
                          <Text as="h2" variant="headingMd">
                            {b.name}
                          </Text>
                          {b.status ? (
                            <Badge tone="success">{t("campaigns.on")}</Badge>
                          ) : (
                            <Badge>{t("campaigns.paused")}</Badge>
                          )}
                          {b.quick ? <Badge tone="info">{t("campaigns.quick")}</Badge> : null}
                        </InlineStack>
                        <InlineStack gap="200">
                          <Button url={paths.broadcast(b.id)} accessibilityLabel={`${t("editorUi.edit")} ${b.name}`}>
                            {t("editorUi.edit")}
                          </Button>
                          <AdminForm
                            csrfToken={links.csrfToken}
                            intent={b.status ? "pause" : "resume"}
                            aria-label={`${b.status ? t("campaigns.pause") : t("campaigns.turnOn")} ${b.name}`}
                          >
                            <input type="hidden" name="id" value={b.id} />
                            <Button
                              submit
                              accessibilityLabel={`${b.status ? t("campaigns.pause") : t("campaigns.turnOn")} ${b.name}`}
                            >
                              {b.status ? t("campaigns.pause") : t("campaigns.turnOn")}
                            </Button>
                          </AdminForm>
                        </InlineStack>
                      </InlineStack>
                      <Text as="p">
                        {summarizeBroadcast(b, { ctaNames, ctaIds: b.cta_ids, t, locale: SUMMARY_LOCALES[t.lang] })}
                      </Text>
                    </BlockStack>
                  </Card>
                ))}
              </BlockStack>
            )}
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <SiteConditionsCard
              initial={siteConditions}
              ctas={ctas}
              errors={errors}
              csrfToken={links.csrfToken}
              saving={navigation.state === "submitting" && navigation.formData?.get("intent") === "site-conditions"}
            />
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}

function SiteConditionsCard(props: {
  initial: Condition[];
  ctas: { id: number; name: string }[];
  errors: Record<string, string>;
  csrfToken: string | null;
  saving: boolean;
}) {
  const t = useT();
  const [conditions, setConditions] = useState(props.initial);
  // Site-wide condition errors come back with paths "0.url" (the list itself is the document).
  const errors = Object.fromEntries(Object.entries(props.errors).map(([k, v]) => [`site.${k}`, v]));
  return (
    <Card>
      <AdminForm csrfToken={props.csrfToken} intent="site-conditions" aria-label={t("campaigns.site")}>
        <input type="hidden" name="conditions" value={JSON.stringify(conditions)} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t("campaigns.site")}
          </Text>
          <Text as="p" tone="subdued">
            {t("campaigns.siteHelp")}
          </Text>
          <ConditionsBuilder
            conditions={conditions}
            onChange={setConditions}
            errors={errors}
            errorPrefix="site"
            ctaOptions={props.ctas}
            label={t("campaigns.site")}
            emptyText={t("campaigns.siteEmpty")}
          />
          <Box>
            <Button submit loading={props.saving}>
              {t("campaigns.saveSite")}
            </Button>
          </Box>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
