/** One connected tool: its key (hint only), sync counts, lists, and the forms that change them. */
import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { IntegrationSummary } from "#app/models/integration-admin.server";
import { AdminForm } from "#app/components/editor/AdminForm";
import { FormTextField } from "./fields";
import { ListConfirmationForm } from "./ListConfirmationForm";
import { useT } from "#app/i18n/useT";

export interface IntegrationCardProps {
  integration: IntegrationSummary;
  csrfToken: string | null;
  busy: boolean;
}

/** A connected integration. */
export function IntegrationCard({ integration: integration, csrfToken, busy }: IntegrationCardProps) {
  const translate = useT();
  // Beckon's own lists are named in the owner's language; the tools by their product names.
  const tool = integration.type === "builtin" ? translate("integrations.builtinName") : integration.label;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="100">
            <Text as="h3" variant="headingMd">
              {integration.name}
            </Text>
            <Text as="p" tone="subdued">
              {tool}
              {integration.keyHint ? ` · ${translate("integrations.keyHint", { hint: integration.keyHint })}` : ""}
              {integration.apiUrl ? ` · ${integration.apiUrl}` : ""}
            </Text>
          </BlockStack>
          <InlineStack gap="100">
            {integration.external ? (
              <>
                <Badge tone={integration.syncs.failed ? "critical" : "success"}>
                  {translate("integrations.syncsFailed", { n: integration.syncs.failed })}
                </Badge>
                <Badge tone={integration.syncs.pending + integration.syncs.running ? "attention" : undefined}>
                  {translate("integrations.syncsWaiting", { n: integration.syncs.pending + integration.syncs.running })}
                </Badge>
                <Badge>{translate("integrations.syncsDone", { n: integration.syncs.done })}</Badge>
              </>
            ) : (
              <Badge tone="info">{translate("integrations.builtIn")}</Badge>
            )}
          </InlineStack>
        </InlineStack>

        <BlockStack gap="200">
          <Text as="h4" variant="headingSm">
            {translate("integrations.lists")}
          </Text>
          {integration.lists.length ? (
            <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: "none" }}>
              {integration.lists.map((list) => (
                <li key={list.id}>
                  <Box paddingBlock="100">
                    <InlineStack align="space-between" blockAlign="center" gap="200">
                      <Text as="span">
                        {list.name}{" "}
                        <Text as="span" tone="subdued">
                          (
                          {integration.external
                            ? translate("integrations.listId", { id: list.listId })
                            : translate("integrations.listIdMembers", { id: list.listId, n: list.members })}
                          )
                        </Text>
                      </Text>
                      {integration.external ? null : (
                        <ListConfirmationForm list={list} csrfToken={csrfToken} busy={busy} />
                      )}
                      <AdminForm csrfToken={csrfToken} intent="remove-list">
                        <input type="hidden" name="listRowId" value={list.id} />
                        <Button
                          submit
                          variant="plain"
                          tone="critical"
                          disabled={busy}
                          accessibilityLabel={translate("integrations.removeList", { name: list.name })}
                        >
                          {translate("integrations.remove")}
                        </Button>
                      </AdminForm>
                    </InlineStack>
                  </Box>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" tone="subdued">
              {translate("integrations.noLists", { tool })}
            </Text>
          )}
          <AdminForm csrfToken={csrfToken} intent="add-list">
            <input type="hidden" name="integrationId" value={integration.id} />
            <InlineStack gap="200" blockAlign="end" wrap>
              <FormTextField
                label={translate("integrations.listIdIn", { tool })}
                name="listId"
                maxLength={100}
                requiredIndicator
              />
              <FormTextField label={translate("integrations.listName")} name="listName" maxLength={200} />
              <Button submit disabled={busy}>
                {translate("integrations.addList")}
              </Button>
            </InlineStack>
          </AdminForm>
        </BlockStack>

        {integration.external ? (
          <AdminForm csrfToken={csrfToken} intent="update">
            <input type="hidden" name="integrationId" value={integration.id} />
            <BlockStack gap="200">
              <Text as="h4" variant="headingSm">
                {translate("integrations.changeKey")}
              </Text>
              <InlineStack gap="200" blockAlign="end" wrap>
                <FormTextField
                  label={translate("integrations.newKey")}
                  name="apiKey"
                  type="password"
                  autoComplete="new-password"
                  maxLength={500}
                  helpText={
                    integration.type === "activecampaign"
                      ? translate("integrations.keepKeyUrl")
                      : translate("integrations.keepKey")
                  }
                />
                {integration.type === "activecampaign" ? (
                  <FormTextField
                    label={translate("integrations.apiUrl")}
                    name="apiUrl"
                    type="url"
                    initial={integration.apiUrl ?? ""}
                    maxLength={500}
                  />
                ) : null}
                <Button submit disabled={busy}>
                  {translate("integrations.saveKey")}
                </Button>
              </InlineStack>
            </BlockStack>
          </AdminForm>
        ) : null}

        <InlineStack gap="200">
          {integration.syncs.failed ? (
            <AdminForm csrfToken={csrfToken} intent="retry-all">
              <input type="hidden" name="integrationId" value={integration.id} />
              <Button submit disabled={busy}>
                {translate("integrations.retryFailed", { n: integration.syncs.failed })}
              </Button>
            </AdminForm>
          ) : null}
          <AdminForm csrfToken={csrfToken} intent="disconnect">
            <input type="hidden" name="integrationId" value={integration.id} />
            <Button
              submit
              tone="critical"
              disabled={busy}
              accessibilityLabel={translate("integrations.disconnectName", { name: integration.name })}
            >
              {translate("integrations.disconnect")}
            </Button>
          </AdminForm>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
