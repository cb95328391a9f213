/** The integrations page of both admins: connected tools and their lists, lists and tags per CTA, failed syncs. */
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BlockStack, Layout, Page, Text } from "@shopify/polaris";
import { ActionBanner } from "#app/components/editor/ActionBanner";
import { ConnectForm } from "#app/components/integrations/ConnectForm";
import { CtaListsCard } from "#app/components/integrations/CtaListsCard";
import { FailedSyncsCard } from "#app/components/integrations/FailedSyncsCard";
import { IntegrationCard } from "#app/components/integrations/IntegrationCard";
import { MailSendingBanner } from "#app/components/integrations/MailSendingBanner";
import { ShopifyCustomersCard } from "#app/components/integrations/ShopifyCustomersCard";
import { leadPaths } from "./lead-paths";
import type { actionIntegrations, loadIntegrations } from "./integrations.server";
import { useT } from "#app/i18n/useT";

/** The integrations page. */
export function IntegrationsPage() {
  const translate = useT();
  const { links, integrations, ctas, failed, connectable, mail, customerSync } =
    useLoaderData<typeof loadIntegrations>();
  const result = useActionData<typeof actionIntegrations>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const paths = leadPaths(links);
  const hasBuiltin = integrations.some((i) => i.type === "builtin");
  return (
    <Page title={translate("integrations.title")} subtitle={translate("integrations.subtitle")}>
      <BlockStack gap="400">
        <ActionBanner result={result} />
        {hasBuiltin ? <MailSendingBanner smtp={mail.smtp} from={mail.from} /> : null}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Text as="h2" variant="headingLg">
                {translate("integrations.connected")}
              </Text>
              {integrations.length === 0 ? (
                <Text as="p" tone="subdued">
                  Nothing connected yet: leads are kept in Beckon. Connect a tool to send them on.
                </Text>
              ) : (
                integrations.map((i) => (
                  <IntegrationCard key={i.id} integration={i} csrfToken={links.csrfToken} busy={busy} />
                ))
              )}
              {customerSync.store ? (
                <ShopifyCustomersCard
                  setting={customerSync}
                  surface={links.surface}
                  csrfToken={links.csrfToken}
                  busy={busy}
                />
              ) : null}
              <CtaListsCard ctas={ctas} integrations={integrations} csrfToken={links.csrfToken} busy={busy} />
              <FailedSyncsCard failed={failed} contactHref={paths.contact} csrfToken={links.csrfToken} busy={busy} />
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <ConnectForm
              types={connectable.filter((t) => t !== "builtin" || !hasBuiltin)}
              csrfToken={links.csrfToken}
              busy={busy}
            />
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
