/**
 * Campaigns (broadcasts) of a website, each with a plain-language summary of
 * who sees what, and the site-wide conditions every CTA must pass.
 */
import { useState } from "react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import type { Condition } from "#contract/schema/condition";
import { SUMMARY_LOCALES, summarizeBroadcast } from "#app/view/broadcast-summary";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { AdminForm } from "#app/components/editor/AdminForm";
import { ConditionsBuilder } from "#app/components/campaigns/ConditionsBuilder";
import { adminPaths } from "#app/view/admin-links";
import type { actionBroadcasts, loadBroadcasts } from "./broadcasts.server";
import { useT } from "#app/i18n/useT";

/** The campaigns list page. */
export function BroadcastsPage() {
  const translate = useT();
  const { links, broadcasts, ctas, siteConditions } = useLoaderData<typeof loadBroadcasts>();
  const result = useActionData<typeof actionBroadcasts>();
  const navigation = useNavigation();
  const paths = adminPaths(links);
  const ctaNames = Object.fromEntries(ctas.map((c) => [c.id, c.name]));
  const errors = result && !result.ok ? result.fieldErrors : {};

  return (
    <Page
      title={translate("campaigns.title")}
      primaryAction={{ content: translate("campaigns.new"), url: paths.broadcast("new") }}
    >
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Layout>
          <Layout.Section>
            {broadcasts.length === 0 ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {translate("campaigns.empty")}
                  </Text>
                  <Text as="p">{translate("campaigns.emptyHelp")}</Text>
                </BlockStack>
              </Card>
            ) : (
              <BlockStack gap="300">
                {broadcasts.map((broadcast) => (
                  <Card key={broadcast.id}>
                    <BlockStack gap="200">
                      <InlineStack align="space-between" blockAlign="center" gap="200">
                        <InlineStack gap="200" blockAlign="center">
                          <Text as="h2" variant="headingMd">
                            {broadcast.name}
                          </Text>
                          {broadcast.status ? (
                            <Badge tone="success">{translate("campaigns.on")}</Badge>
                          ) : (
                            <Badge>{translate("campaigns.paused")}</Badge>
                          )}
                          {broadcast.quick ? <Badge tone="info">{translate("campaigns.quick")}</Badge> : null}
                        </InlineStack>
                        <InlineStack gap="200">
                          <Button
                            url={paths.broadcast(broadcast.id)}
                            accessibilityLabel={`${translate("editorUi.edit")} ${broadcast.name}`}
                          >
                            {translate("editorUi.edit")}
                          </Button>
                          <AdminForm
                            csrfToken={links.csrfToken}
                            intent={broadcast.status ? "pause" : "resume"}
                            aria-label={`${broadcast.status ? translate("campaigns.pause") : translate("campaigns.turnOn")} ${broadcast.name}`}
                          >
                            <input type="hidden" name="id" value={broadcast.id} />
                            <Button
                              submit
                              accessibilityLabel={`${broadcast.status ? translate("campaigns.pause") : translate("campaigns.turnOn")} ${broadcast.name}`}
                            >
                              {broadcast.status ? translate("campaigns.pause") : translate("campaigns.turnOn")}
                            </Button>
                          </AdminForm>
                        </InlineStack>
                      </InlineStack>
                      <Text as="p">
                        {summarizeBroadcast(broadcast, {
                          ctaNames,
                          ctaIds: broadcast.cta_ids,
                          t: translate,
                          locale: SUMMARY_LOCALES[translate.lang],
                        })}
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
  const translate = useT();
  const [conditions, setConditions] = useState(props.initial);
  // Site-wide condition errors come back with paths "0.url" (the list itself is the document).
  const errors = Object.fromEntries(Object.entries(props.errors).map(([k, v]) => [`site.${k}`, v]));
  return (
    <Card>
      <AdminForm csrfToken={props.csrfToken} intent="site-conditions" aria-label={translate("campaigns.site")}>
        <input type="hidden" name="conditions" value={JSON.stringify(conditions)} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {translate("campaigns.site")}
          </Text>
          <Text as="p" tone="subdued">
            {translate("campaigns.siteHelp")}
          </Text>
          <ConditionsBuilder
            conditions={conditions}
            onChange={setConditions}
            errors={errors}
            errorPrefix="site"
            ctaOptions={props.ctas}
            label={translate("campaigns.site")}
            emptyText={translate("campaigns.siteEmpty")}
          />
          <Box>
            <Button submit loading={props.saving}>
              {translate("campaigns.saveSite")}
            </Button>
          </Box>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
