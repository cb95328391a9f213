/** One connected tool: its key (hint only), sync counts, lists, and the forms that change them. */
import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { IntegrationSummary } from "~/models/integration-admin.server";
import { AdminForm } from "~/components/editor/AdminForm";
import { FormTextField } from "./fields";
import { useT } from "~/i18n/useT";

export interface IntegrationCardProps {
  integration: IntegrationSummary;
  csrfToken: string | null;
  busy: boolean;
}

/** A connected integration. */
export function IntegrationCard({ integration: i, csrfToken, busy }: IntegrationCardProps) {
  const t = useT();
  // Beckon's own lists are named in the owner's language; the tools by their product names.
  const tool = i.type === "builtin" ? t("integrations.builtinName") : i.label;
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="100">
            <Text as="h3" variant="headingMd">
              {i.name}
            </Text>
            <Text as="p" tone="subdued">
              {tool}
              {i.keyHint ? ` · ${t("integrations.keyHint", { hint: i.keyHint })}` : ""}
              {i.apiUrl ? ` · ${i.apiUrl}` : ""}
            </Text>
          </BlockStack>
          <InlineStack gap="100">
            {i.external ? (
              <>
                <Badge tone={i.syncs.failed ? "critical" : "success"}>
                  {t("integrations.syncsFailed", { n: i.syncs.failed })}
                </Badge>
                <Badge tone={i.syncs.pending + i.syncs.running ? "attention" : undefined}>
                  {t("integrations.syncsWaiting", { n: i.syncs.pending + i.syncs.running })}
                </Badge>
                <Badge>{t("integrations.syncsDone", { n: i.syncs.done })}</Badge>
              </>
            ) : (
              <Badge tone="info">{t("integrations.builtIn")}</Badge>
            )}
          </InlineStack>
        </InlineStack>

        <BlockStack gap="200">
          <Text as="h4" variant="headingSm">
            {t("integrations.lists")}
          </Text>
          {i.lists.length ? (
            <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: "none" }}>
              {i.lists.map((l) => (
                <li key={l.id}>
                  <Box paddingBlock="100">
                    <InlineStack align="space-between" blockAlign="center" gap="200">
                      <Text as="span">
                        {l.name}{" "}
                        <Text as="span" tone="subdued">
                          (
                          {i.external
                            ? t("integrations.listId", { id: l.listId })
                            : t("integrations.listIdMembers", { id: l.listId, n: l.members })}
                          )
                        </Text>
                      </Text>
                      <AdminForm csrfToken={csrfToken} intent="remove-list">
                        <input type="hidden" name="listRowId" value={l.id} />
                        <Button
                          submit
                          variant="plain"
                          tone="critical"
                          disabled={busy}
                          accessibilityLabel={t("integrations.removeList", { name: l.name })}
                        >
                          {t("integrations.remove")}
                        </Button>
                      </AdminForm>
                    </InlineStack>
                  </Box>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" tone="subdued">
              {t("integrations.noLists", { tool })}
            </Text>
          )}
          <AdminForm csrfToken={csrfToken} intent="add-list">
            <input type="hidden" name="integrationId" value={i.id} />
            <InlineStack gap="200" blockAlign="end" wrap>
              <FormTextField
                label={t("integrations.listIdIn", { tool })}
                name="listId"
                maxLength={100}
                requiredIndicator
              />
              <FormTextField label={t("integrations.listName")} name="listName" maxLength={200} />
              <Button submit disabled={busy}>
                {t("integrations.addList")}
              </Button>
            </InlineStack>
          </AdminForm>
        </BlockStack>

        {i.external ? (
          <AdminForm csrfToken={csrfToken} intent="update">
            <input type="hidden" name="integrationId" value={i.id} />
            <BlockStack gap="200">
              <Text as="h4" variant="headingSm">
                {t("integrations.changeKey")}
              </Text>
              <InlineStack gap="200" blockAlign="end" wrap>
                <FormTextField
                  label={t("integrations.newKey")}
                  name="apiKey"
                  type="password"
                  autoComplete="new-password"
                  maxLength={500}
                  helpText={i.type === "activecampaign" ? t("integrations.keepKeyUrl") : t("integrations.keepKey")}
                />
                {i.type === "activecampaign" ? (
                  <FormTextField
                    label={t("integrations.apiUrl")}
                    name="apiUrl"
                    type="url"
                    initial={i.apiUrl ?? ""}
                    maxLength={500}
                  />
                ) : null}
                <Button submit disabled={busy}>
                  {t("integrations.saveKey")}
                </Button>
              </InlineStack>
            </BlockStack>
          </AdminForm>
        ) : null}

        <InlineStack gap="200">
          {i.syncs.failed ? (
            <AdminForm csrfToken={csrfToken} intent="retry-all">
              <input type="hidden" name="integrationId" value={i.id} />
              <Button submit disabled={busy}>
                {t("integrations.retryFailed", { n: i.syncs.failed })}
              </Button>
            </AdminForm>
          ) : null}
          <AdminForm csrfToken={csrfToken} intent="disconnect">
            <input type="hidden" name="integrationId" value={i.id} />
            <Button
              submit
              tone="critical"
              disabled={busy}
              accessibilityLabel={t("integrations.disconnectName", { name: i.name })}
            >
              {t("integrations.disconnect")}
            </Button>
          </AdminForm>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
