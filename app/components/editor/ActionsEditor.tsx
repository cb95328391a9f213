/**
 * Actions run when an element converts or an action group applies (SPEC 3
 * Action, SPEC 4 "Actions on the local person"): tags, custom fields,
 * scores, mailing lists, cart operations, the messenger. Inputs per type for
 * the keys the widget reads; any other data in a JSON box.
 */
import { BlockStack, Box, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import type { CtaAction } from "~/lib/schema/cta";
import { newAction, type Path } from "./document";
import { useError } from "./errors";
import { JsonOptionsEditor } from "./JsonOptionsEditor";

const ACTION_LABELS: Record<CtaAction["action_type"], string> = {
  add_tag: "Add a tag to the visitor",
  remove_tag: "Remove a tag from the visitor",
  update_field: "Set a custom field",
  update_score: "Set the score",
  add_score: "Add to the score",
  subtract_score: "Subtract from the score",
  subscribe_list: "Subscribe to a mailing list",
  unsubscribe_list: "Unsubscribe from a mailing list",
  add_list_tag: "Add a tag in the e-mail tool",
  remove_list_tag: "Remove a tag in the e-mail tool",
  add_to_cart: "Add to cart",
  remove_from_cart: "Remove from cart",
  clear_cart: "Clear the cart",
  apply_discount: "Apply a discount code",
  messenger: "Open the chat messenger",
};
const ACTION_CHOICES = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }));

function ActionRow({
  action,
  onChange,
  onRemove,
  path,
  label,
}: {
  action: CtaAction;
  onChange(a: CtaAction): void;
  onRemove(): void;
  path: Path;
  label: string;
}) {
  const d = action.data as Record<string, unknown>;
  const setData = (key: string, value: unknown) => {
    const data = { ...d, [key]: value };
    if (value === "" || value === undefined || value === null) delete data[key];
    onChange({ ...action, data });
  };
  const dataText = (key: string, name: string, numeric = false) => (
    <TextField
      label={`${label}: ${name}`}
      value={d[key] === undefined || d[key] === null ? "" : String(d[key])}
      type={numeric ? "number" : "text"}
      onChange={(v) => setData(key, numeric && v !== "" && Number.isFinite(Number(v)) ? Number(v) : v)}
      autoComplete="off"
    />
  );
  const tagError = useError([...path, "tag_id"]);
  const integrationError = useError([...path, "integration_id"]);
  const t = action.action_type;
  const tag = (
    <TextField
      label={`${label}: tag`}
      value={action.tag_id ?? ""}
      onChange={(v) => onChange({ ...action, tag_id: v === "" ? null : v })}
      autoComplete="off"
      error={tagError}
    />
  );
  const integration = (
    <TextField
      label={`${label}: integration id`}
      type="number"
      min={1}
      helpText="From the Integrations page"
      value={action.integration_id ? String(action.integration_id) : ""}
      onChange={(v) => onChange({ ...action, integration_id: v === "" ? null : Number(v) })}
      autoComplete="off"
      error={integrationError}
    />
  );
  return (
    <Box padding="200" borderWidth="025" borderColor="border" borderRadius="200">
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="end" wrap>
          <Select
            label={`${label}: type`}
            options={ACTION_CHOICES}
            value={t}
            onChange={(v) => onChange({ ...newAction(v as CtaAction["action_type"]), id: action.id })}
          />
          {t === "add_tag" || t === "remove_tag" ? tag : null}
          {t === "update_field" ? (
            <>
              {dataText("field", "field name")}
              {dataText("value", "value")}
            </>
          ) : null}
          {t === "update_score" || t === "add_score" || t === "subtract_score" ? (
            <>
              {dataText("score", "points", true)}
              <Select
                label={`${label}: score of`}
                options={[
                  { label: "This CTA variant", value: "" },
                  { label: "The visitor overall", value: "global" },
                ]}
                value={String(d.scope ?? "")}
                onChange={(v) => setData("scope", v)}
              />
            </>
          ) : null}
          {t === "subscribe_list" || t === "unsubscribe_list" ? (
            <>
              {integration}
              {dataText("list_id", "list id")}
            </>
          ) : null}
          {t === "add_list_tag" || t === "remove_list_tag" ? (
            <>
              {integration}
              {tag}
            </>
          ) : null}
          <Button tone="critical" variant="plain" onClick={onRemove} accessibilityLabel={`Remove ${label.toLowerCase()}`}>
            Remove
          </Button>
        </InlineStack>
        {t === "add_to_cart" || t === "remove_from_cart" || t === "apply_discount" ? (
          <JsonOptionsEditor
            label={`${label}: data`}
            value={d}
            onChange={(data) => onChange({ ...action, data })}
            helpText={t === "apply_discount" ? 'e.g. {"code": "WELCOME10"}' : 'e.g. {"variant_id": "123", "quantity": 1}'}
          />
        ) : null}
      </BlockStack>
    </Box>
  );
}

/** The list of actions with an add button. */
export function ActionsEditor({ actions, onChange, path, label }: { actions: CtaAction[]; onChange(next: CtaAction[]): void; path: Path; label: string }) {
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {label}
      </Text>
      {actions.length === 0 ? (
        <Text as="p" tone="subdued">
          None.
        </Text>
      ) : null}
      {actions.map((a, i) => (
        <ActionRow
          key={a.id ?? `new-${i}`}
          action={a}
          path={[...path, i]}
          label={`${label} ${i + 1}`}
          onChange={(next) => onChange(actions.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(actions.filter((_, j) => j !== i))}
        />
      ))}
      <div>
        <Button onClick={() => onChange([...actions, newAction("subscribe_list")])}>Add action</Button>
      </div>
    </BlockStack>
  );
}
