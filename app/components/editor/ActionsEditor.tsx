/**
 * Actions run when an element converts or an action group applies (SPEC 3
 * Action, SPEC 4 "Actions on the local person"): tags, custom fields,
 * scores, mailing lists, cart operations, the messenger. Inputs per type for
 * the keys the widget reads; any other data in a JSON box.
 */
import { BlockStack, Box, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import type { CtaAction } from "#contract/schema/cta";
import { PERSON_ACTION_TYPES, STORE_ACTION_TYPES } from "#contract/schema/action-types";
import { newAction, type Path } from "./document";
import { useError } from "./errors";
import { JsonOptionsEditor } from "./JsonOptionsEditor";
import { useT } from "#app/i18n/useT";

/** The action types in the order the select offers them: the person's, the store's, then the messenger. */
const ACTION_TYPES: CtaAction["action_type"][] = [...PERSON_ACTION_TYPES, ...STORE_ACTION_TYPES, "messenger"];

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
  const translate = useT();
  const currentData = action.data as Record<string, unknown>;
  const setData = (key: string, value: unknown) => {
    const data = { ...currentData, [key]: value };
    if (value === "" || value === undefined || value === null) delete data[key];
    onChange({ ...action, data });
  };
  const dataText = (key: string, name: string, numeric = false) => (
    <TextField
      label={translate("editorUi.labelled", { label, name })}
      value={currentData[key] === undefined || currentData[key] === null ? "" : String(currentData[key])}
      type={numeric ? "number" : "text"}
      onChange={(v) => setData(key, numeric && v !== "" && Number.isFinite(Number(v)) ? Number(v) : v)}
      autoComplete="off"
    />
  );
  const tagError = useError([...path, "tag_id"]);
  const integrationError = useError([...path, "integration_id"]);
  const kind = action.action_type;
  const tag = (
    <TextField
      label={translate("editorUi.actionTag", { label })}
      value={action.tag_id ?? ""}
      onChange={(v) => onChange({ ...action, tag_id: v === "" ? null : v })}
      autoComplete="off"
      error={tagError}
    />
  );
  const integration = (
    <TextField
      label={translate("editorUi.actionIntegration", { label })}
      type="number"
      min={1}
      helpText={translate("editorUi.actionIntegrationHelp")}
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
            label={translate("editorUi.actionType", { label })}
            options={ACTION_TYPES.map((value) => ({ value, label: translate(`editorUi.action.${value}`) }))}
            value={kind}
            onChange={(v) => onChange({ ...newAction(v as CtaAction["action_type"]), id: action.id })}
          />
          {kind === "add_tag" || kind === "remove_tag" ? tag : null}
          {kind === "update_field" ? (
            <>
              {dataText("field", translate("editorUi.actionFieldName"))}
              {dataText("value", translate("editorUi.actionValue"))}
            </>
          ) : null}
          {kind === "update_score" || kind === "add_score" || kind === "subtract_score" ? (
            <>
              {dataText("score", translate("editorUi.actionPoints"), true)}
              <Select
                label={translate("editorUi.actionScoreOf", { label })}
                options={[
                  { label: translate("editorUi.actionScoreVariant"), value: "" },
                  { label: translate("editorUi.actionScoreGlobal"), value: "global" },
                ]}
                value={String(currentData.scope ?? "")}
                onChange={(v) => setData("scope", v)}
              />
            </>
          ) : null}
          {kind === "subscribe_list" || kind === "unsubscribe_list" ? (
            <>
              {integration}
              {dataText("list_id", translate("editorUi.actionListId"))}
            </>
          ) : null}
          {kind === "add_list_tag" || kind === "remove_list_tag" ? (
            <>
              {integration}
              {tag}
            </>
          ) : null}
          <Button
            tone="critical"
            variant="plain"
            onClick={onRemove}
            accessibilityLabel={translate("productPicker.removeNamed", { name: label.toLowerCase() })}
          >
            {translate("productPicker.remove")}
          </Button>
        </InlineStack>
        {kind === "add_to_cart" || kind === "remove_from_cart" || kind === "apply_discount" ? (
          <JsonOptionsEditor
            label={translate("editorUi.actionData", { label })}
            value={currentData}
            onChange={(data) => onChange({ ...action, data })}
            helpText={translate("editorUi.example", {
              example: kind === "apply_discount" ? '{"code": "WELCOME10"}' : '{"variant_id": "123", "quantity": 1}',
            })}
          />
        ) : null}
      </BlockStack>
    </Box>
  );
}

/** The list of actions with an add button. */
export function ActionsEditor({
  actions,
  onChange,
  path,
  label,
}: {
  actions: CtaAction[];
  onChange(next: CtaAction[]): void;
  path: Path;
  label: string;
}) {
  const translate = useT();
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {label}
      </Text>
      {actions.length === 0 ? (
        <Text as="p" tone="subdued">
          {translate("editorUi.none")}
        </Text>
      ) : null}
      {actions.map((action, index) => (
        <ActionRow
          key={action.id ?? `new-${index}`}
          action={action}
          path={[...path, index]}
          label={`${label} ${index + 1}`}
          onChange={(next) => onChange(actions.map((x, j) => (j === index ? next : x)))}
          onRemove={() => onChange(actions.filter((_, j) => j !== index))}
        />
      ))}
      <div>
        <Button onClick={() => onChange([...actions, newAction("subscribe_list")])}>
          {translate("editorUi.addAction")}
        </Button>
      </div>
    </BlockStack>
  );
}
