/**
 * Campaigns (broadcasts) of a website, each with a plain-language summary of
 * who sees what, and the site-wide conditions every CTA must pass.
 */
import { useState } from "react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import type { Condition } from "~/lib/schema/condition";
import { summarizeBroadcast } from "~/lib/broadcast-summary";
import { ActionBanner } from "~/components/editor/ActionBanner";
import { AdminForm } from "~/components/editor/AdminForm";
import { ConditionsBuilder } from "~/components/campaigns/ConditionsBuilder";
import { adminPaths } from "./admin-links";
import type { actionBroadcasts, loadBroadcasts } from "./broadcasts.server";

/** The campaigns list page. */
export function BroadcastsPage() {
  const { links, broadcasts, ctas, siteConditions } = useLoaderData<typeof loadBroadcasts>();
  const result = useActionData<typeof actionBroadcasts>();
  const navigation = useNavigation();
  const paths = adminPaths(links);
  const ctaNames = Object.fromEntries(ctas.map((c) => [c.id, c.name]));
  const errors = result && !result.ok ? result.fieldErrors : {};

  return (
    <Page title="Campaigns" primaryAction={{ content: "New campaign", url: paths.broadcast("new") }}>
      <BlockStack gap="400">
        <ActionBanner result={result} />
        <Layout>
          <Layout.Section>
            {broadcasts.length === 0 ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    No campaigns yet
                  </Text>
                  <Text as="p">
                    A campaign decides which visitors see which CTAs, and when. CTAs without a campaign show to every visitor who passes the site-wide
                    conditions.
                  </Text>
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
                          {b.status ? <Badge tone="success">On</Badge> : <Badge>Paused</Badge>}
                          {b.quick ? <Badge tone="info">Quick</Badge> : null}
                        </InlineStack>
                        <InlineStack gap="200">
                          <Button url={paths.broadcast(b.id)} accessibilityLabel={`Edit ${b.name}`}>
                            Edit
                          </Button>
                          <AdminForm
                            csrfToken={links.csrfToken}
                            intent={b.status ? "pause" : "resume"}
                            aria-label={`${b.status ? "Pause" : "Resume"} ${b.name}`}
                          >
                            <input type="hidden" name="id" value={b.id} />
                            <Button submit accessibilityLabel={`${b.status ? "Pause" : "Turn on"} ${b.name}`}>
                              {b.status ? "Pause" : "Turn on"}
                            </Button>
                          </AdminForm>
                        </InlineStack>
                      </InlineStack>
                      <Text as="p">{summarizeBroadcast(b, { ctaNames, ctaIds: b.cta_ids })}</Text>
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
  const [conditions, setConditions] = useState(props.initial);
  // Site-wide condition errors come back with paths "0.url" (the list itself is the document).
  const errors = Object.fromEntries(Object.entries(props.errors).map(([k, v]) => [`site.${k}`, v]));
  return (
    <Card>
      <AdminForm csrfToken={props.csrfToken} intent="site-conditions" aria-label="Site-wide conditions">
        <input type="hidden" name="conditions" value={JSON.stringify(conditions)} />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Site-wide conditions
          </Text>
          <Text as="p" tone="subdued">
            Every CTA, in every campaign, shows only to visitors who pass these.
          </Text>
          <ConditionsBuilder
            conditions={conditions}
            onChange={setConditions}
            errors={errors}
            errorPrefix="site"
            ctaOptions={props.ctas}
            label="Site-wide conditions"
            emptyText="None: CTAs may show on every page."
          />
          <Box>
            <Button submit loading={props.saving}>
              Save site-wide conditions
            </Button>
          </Box>
        </BlockStack>
      </AdminForm>
    </Card>
  );
}
