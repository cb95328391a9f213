/**
 * Lists and tags per CTA: for every element that collects leads, where its
 * leads go (each list or tag action, removable) and a form to add one.
 */
import { useState } from "react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { CtaListSettings } from "#app/models/cta-list-actions.server";
import type { IntegrationSummary } from "#app/models/integration-admin.server";
import { AdminForm } from "#app/components/editor/AdminForm";
import { FormSelect, FormTextField } from "./fields";
import type { AdminKey, Translate } from "#app/i18n";
import { useT } from "#app/i18n/useT";

/** What each action does, as a sentence with the list, tag and tool filled in. */
const ACTION_TEXTS: Record<string, AdminKey> = {
  subscribe_list: "integrations.describeSubscribe",
  unsubscribe_list: "integrations.describeUnsubscribe",
  add_list_tag: "integrations.describeListTag",
  remove_list_tag: "integrations.describeRemoveListTag",
  add_tag: "integrations.describeAddTag",
  remove_tag: "integrations.describeRemoveTag",
};

const ACTION_OPTIONS: { label: AdminKey; value: string }[] = [
  { label: "integrations.optionSubscribe", value: "subscribe_list" },
  { label: "integrations.optionUnsubscribe", value: "unsubscribe_list" },
  { label: "integrations.optionAddTag", value: "add_tag" },
  { label: "integrations.optionRemoveTag", value: "remove_tag" },
  { label: "integrations.optionListTag", value: "add_list_tag" },
];

function describe(translate: Translate, action: CtaListSettings["elements"][number]["actions"][number]): string {
  const key = ACTION_TEXTS[action.actionType];
  const list = action.listId ? `${action.listName ?? translate("integrations.list")} (${action.listId})` : "";
  const tag = action.tag ? `“${action.tag}”` : "";
  const tool = action.integrationName ?? translate("integrations.builtinName");
  return key ? translate(key, { list, tag, tool }) : `${action.actionType} ${list} ${tag} (${tool})`;
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
  const translate = useT();
  const [actionType, setActionType] = useState("subscribe_list");
  const needsTag = actionType !== "subscribe_list" && actionType !== "unsubscribe_list";
  const needsList = actionType !== "add_tag" && actionType !== "remove_tag";
  const targets = integrations.flatMap((i) =>
    needsList
      ? i.lists.map((l) => ({ label: `${i.name}: ${l.name} (${l.listId})`, value: `${i.id}:${l.listId}` }))
      : [{ label: i.name, value: `${i.id}:` }],
  );
  return (
    <AdminForm csrfToken={csrfToken} intent="add-action">
      <input type="hidden" name="ctaId" value={ctaId} />
      <input type="hidden" name="elementId" value={elementId} />
      <InlineStack gap="200" blockAlign="end" wrap>
        <FormSelect
          label={translate("integrations.do")}
          name="actionType"
          options={ACTION_OPTIONS.map((o) => ({ label: translate(o.label), value: o.value }))}
          initial={actionType}
          onValue={setActionType}
        />
        {targets.length ? (
          <FormSelect
            key={needsList ? "lists" : "tools"}
            label={needsList ? translate("integrations.listLabel") : translate("integrations.tool")}
            name="target"
            options={targets}
          />
        ) : (
          <Text as="p" tone="subdued">
            {needsList ? translate("integrations.addListFirst") : translate("integrations.connectFirst")}
          </Text>
        )}
        {needsTag ? <FormTextField label={translate("integrations.tag")} name="tag" maxLength={200} /> : null}
        <Button
          submit
          disabled={busy || !targets.length}
          accessibilityLabel={translate("integrations.addTo", { label })}
        >
          {translate("integrations.add")}
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
  const translate = useT();
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {translate("integrations.perCta")}
          </Text>
          <Text as="p" tone="subdued">
            {translate("integrations.perCtaHelp")}
          </Text>
        </BlockStack>
        {ctas.length === 0 ? (
          <Text as="p" tone="subdued">
            {translate("integrations.noLeadCtas")}
          </Text>
        ) : (
          ctas.map((cta) => (
            <Box key={cta.ctaId} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="300">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {cta.name}
                  </Text>
                  <Badge tone={cta.status === "published" ? "success" : undefined}>
                    {cta.status === "published"
                      ? translate("ctas.published")
                      : cta.status === "draft"
                        ? translate("ctas.draft")
                        : cta.status}
                  </Badge>
                </InlineStack>
                {cta.elements.map((el) => {
                  const where = translate("integrations.elementAt", { step: el.step, type: el.elementType });
                  const elLabel =
                    el.variant !== null
                      ? translate("integrations.elementInVariant", { variant: el.variant, where })
                      : where;
                  const label = `${cta.name}, ${elLabel}`;
                  return (
                    <BlockStack key={el.elementId} gap="200">
                      <Text as="p" fontWeight="semibold">
                        {elLabel}
                      </Text>
                      {el.actions.length ? (
                        <ul style={{ margin: 0, paddingInlineStart: 0, listStyle: "none" }}>
                          {el.actions.map((action) => (
                            <li key={action.id}>
                              <InlineStack gap="200" blockAlign="center">
                                <Text as="span">
                                  {describe(translate, action)}
                                  {action.conditional ? ` ${translate("integrations.whenConditions")}` : ""}
                                </Text>
                                <AdminForm csrfToken={csrfToken} intent="remove-action">
                                  <input type="hidden" name="ctaId" value={cta.ctaId} />
                                  <input type="hidden" name="actionId" value={action.id} />
                                  <Button
                                    submit
                                    variant="plain"
                                    tone="critical"
                                    disabled={busy}
                                    accessibilityLabel={translate("integrations.removeAction", {
                                      action: describe(translate, action),
                                      label,
                                    })}
                                  >
                                    {translate("integrations.remove")}
                                  </Button>
                                </AdminForm>
                              </InlineStack>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <Text as="p" tone="subdued">
                          {translate("integrations.keptInBeckon")}
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
