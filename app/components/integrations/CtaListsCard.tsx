/**
 * Lists and tags per CTA: for every element that collects leads, where its
 * leads go (each list or tag action, removable) and a form to add one.
 */
import { useState } from "react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { CtaListSettings, IntegrationSummary } from "~/models/integration-admin.server";
import { AdminForm } from "~/components/editor/AdminForm";
import { FormSelect, FormTextField } from "./fields";

const ACTION_LABELS: Record<string, string> = {
  subscribe_list: "Subscribe to",
  unsubscribe_list: "Unsubscribe from",
  add_list_tag: "Tag within",
  remove_list_tag: "Remove tag within",
  add_tag: "Add tag",
  remove_tag: "Remove tag",
};

const ACTION_OPTIONS = [
  { label: "Subscribe to list", value: "subscribe_list" },
  { label: "Unsubscribe from list", value: "unsubscribe_list" },
  { label: "Add tag", value: "add_tag" },
  { label: "Remove tag", value: "remove_tag" },
  { label: "Add tag within list", value: "add_list_tag" },
];

function describe(a: CtaListSettings["elements"][number]["actions"][number]): string {
  const verb = ACTION_LABELS[a.actionType] ?? a.actionType;
  const list = a.listId ? `${a.listName ?? "list"} (${a.listId})` : "";
  const tag = a.tag ? `“${a.tag}”` : "";
  if (a.actionType === "add_tag" || a.actionType === "remove_tag") return `${verb} ${tag} in ${a.integrationName}`;
  if (a.actionType.endsWith("list_tag")) return `${verb} ${list}: ${tag} in ${a.integrationName}`;
  return `${verb} ${list} in ${a.integrationName}`;
}

function AddActionForm({
  ctaId,
  elementId,
  label,
  integrations,
  csrfToken,
  busy,
}: {
  ctaId: number;
  elementId: number;
  label: string;
  integrations: IntegrationSummary[];
  csrfToken: string | null;
  busy: boolean;
}) {
  const [actionType, setActionType] = useState("subscribe_list");
  const needsTag = actionType !== "subscribe_list" && actionType !== "unsubscribe_list";
  const needsList = actionType !== "add_tag" && actionType !== "remove_tag";
  const targets = integrations.flatMap((i) =>
    needsList
      ? i.lists.map((l) => ({ label: `${i.name}: ${l.name} (${l.listId})`, value: `${i.id}:${l.listId}` }))
      : [{ label: i.name, value: `${i.id}:` }]
  );
  return (
    <AdminForm csrfToken={csrfToken} intent="add-action">
      <input type="hidden" name="ctaId" value={ctaId} />
      <input type="hidden" name="elementId" value={elementId} />
      <InlineStack gap="200" blockAlign="end" wrap>
        <FormSelect label="Do" name="actionType" options={ACTION_OPTIONS} initial={actionType} onValue={setActionType} />
        {targets.length ? (
          <FormSelect key={needsList ? "lists" : "tools"} label={needsList ? "List" : "Tool"} name="target" options={targets} />
        ) : (
          <Text as="p" tone="subdued">
            {needsList ? "Add a list to a connected tool first." : "Connect a tool first."}
          </Text>
        )}
        {needsTag ? <FormTextField label="Tag" name="tag" maxLength={200} /> : null}
        <Button submit disabled={busy || !targets.length} accessibilityLabel={`Add to ${label}`}>
          Add
        </Button>
      </InlineStack>
    </AdminForm>
  );
}

/** Every CTA element that collects leads, with its lists and tags. */
export function CtaListsCard({
  ctas,
  integrations,
  csrfToken,
  busy,
}: {
  ctas: CtaListSettings[];
  integrations: IntegrationSummary[];
  csrfToken: string | null;
  busy: boolean;
}) {
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Lists and tags per CTA
          </Text>
          <Text as="p" tone="subdued">
            Where the leads of each form, quiz and survey go. Changes apply to new submissions.
          </Text>
        </BlockStack>
        {ctas.length === 0 ? (
          <Text as="p" tone="subdued">
            No CTA collects leads yet.
          </Text>
        ) : (
          ctas.map((cta) => (
            <Box key={cta.ctaId} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="300">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {cta.name}
                  </Text>
                  <Badge tone={cta.status === "published" ? "success" : undefined}>{cta.status}</Badge>
                </InlineStack>
                {cta.elements.map((el) => {
                  const label = `${cta.name}, ${el.label}`;
                  return (
                    <BlockStack key={el.elementId} gap="200">
                      <Text as="p" fontWeight="semibold">
                        {el.label}
                      </Text>
                      {el.actions.length ? (
                        <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: "none" }}>
                          {el.actions.map((a) => (
                            <li key={a.id}>
                              <InlineStack gap="200" blockAlign="center">
                                <Text as="span">
                                  {describe(a)}
                                  {a.conditional ? " (when its conditions match)" : ""}
                                </Text>
                                <AdminForm csrfToken={csrfToken} intent="remove-action">
                                  <input type="hidden" name="ctaId" value={cta.ctaId} />
                                  <input type="hidden" name="actionId" value={a.id} />
                                  <Button
                                    submit
                                    variant="plain"
                                    tone="critical"
                                    disabled={busy}
                                    accessibilityLabel={`Remove: ${describe(a)} (${label})`}
                                  >
                                    Remove
                                  </Button>
                                </AdminForm>
                              </InlineStack>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <Text as="p" tone="subdued">
                          Leads are kept in Beckon only.
                        </Text>
                      )}
                      <AddActionForm
                        ctaId={cta.ctaId}
                        elementId={el.elementId}
                        label={label}
                        integrations={integrations}
                        csrfToken={csrfToken}
                        busy={busy}
                      />
                    </BlockStack>
                  );
                })}
              </BlockStack>
            </Box>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
