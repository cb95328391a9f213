/**
 * Action groups of a step or an element (SPEC 3 Action group): what happens
 * after a conversion (the first active group whose conditions pass decides),
 * the actions it runs, and for quiz elements the question it reacts to.
 */
import { useState } from "react";
import { BlockStack, Box, Button, Checkbox, InlineStack, Select, Text } from "@shopify/polaris";
import type { ActionGroup } from "#contract/schema/cta";
import { ConditionsBuilder } from "#app/components/campaigns/ConditionsBuilder";
import { ActionsEditor } from "./ActionsEditor";
import { ConfirmationFields } from "./ConfirmationFields";
import { ReorderButtons } from "./ReorderButtons";
import { move, newActionGroup, removeAt, renumber, type Path } from "./document";
import { useAllErrors, useErrorsUnder } from "./errors";
import { useT } from "#app/i18n/useT";

export interface ActionGroupsEditorProps {
  groups: ActionGroup[];
  onChange(next: ActionGroup[]): void;
  path: Path;
  /** "Step 1" or "Form element": names the groups for screen readers. */
  owner: string;
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
  /** Questions of a quiz element (field_id and jump targets). */
  questions?: { id: number | undefined; slug: string }[];
}

function GroupEditor(props: {
  group: ActionGroup;
  index: number;
  count: number;
  onChange(g: ActionGroup): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  path: Path;
  label: string;
  steps: ActionGroupsEditorProps["steps"];
  ctaOptions: ActionGroupsEditorProps["ctaOptions"];
  questions: NonNullable<ActionGroupsEditorProps["questions"]>;
}) {
  const { group: group, path, label, onChange } = props;
  const translate = useT();
  const errors = useAllErrors();
  const conditionErrors = useErrorsUnder([...path, "conditions"]);
  const [showConditions, setShowConditions] = useState(group.conditions.length > 0 || conditionErrors.length > 0);
  return (
    <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h4" variant="headingSm">
            {label}
          </Text>
          <InlineStack gap="100">
            <ReorderButtons
              label={label}
              index={props.index}
              count={props.count}
              onMove={props.onMove}
              onRemove={props.onRemove}
            />
          </InlineStack>
        </InlineStack>
        <Checkbox
          label={translate("editorUi.active")}
          checked={group.status}
          onChange={(status) => onChange({ ...group, status })}
        />
        {props.questions.length ? (
          <Select
            label={translate("editorUi.reactsTo")}
            helpText={translate("editorUi.reactsToHelp")}
            options={[
              { label: translate("editorUi.noQuestion"), value: "" },
              ...props.questions.filter((q) => q.id).map((q) => ({ label: q.slug, value: String(q.id) })),
            ]}
            value={group.field_id ? String(group.field_id) : ""}
            onChange={(v) => onChange({ ...group, field_id: v === "" ? null : Number(v) })}
            error={errors[[...path, "field_id"].join(".")]}
          />
        ) : null}
        <ConfirmationFields
          data={group.data}
          onChange={(data) => onChange({ ...group, data })}
          path={[...path, "data"]}
          label={label}
          steps={props.steps}
          ctaOptions={props.ctaOptions}
          questions={props.questions}
        />
        <Checkbox
          label={translate("editorUi.onlyWhen")}
          checked={showConditions}
          onChange={(on) => {
            setShowConditions(on);
            if (!on) onChange({ ...group, conditions: [] });
          }}
        />
        {showConditions ? (
          <ConditionsBuilder
            conditions={group.conditions}
            onChange={(conditions) => onChange({ ...group, conditions })}
            errors={errors}
            errorPrefix={[...path, "conditions"].join(".")}
            ctaOptions={props.ctaOptions}
            label={translate("editorUi.groupConditions", { label })}
          />
        ) : null}
        <ActionsEditor
          actions={group.actions}
          onChange={(actions) => onChange({ ...group, actions })}
          path={[...path, "actions"]}
          label={translate("editorUi.groupActions", { label })}
        />
      </BlockStack>
    </Box>
  );
}

/** The groups of one owner, with an add button. */
export function ActionGroupsEditor({
  groups,
  onChange,
  path,
  owner,
  steps,
  ctaOptions,
  questions = [],
}: ActionGroupsEditorProps) {
  const translate = useT();
  return (
    <BlockStack gap="200">
      {groups.length === 0 ? (
        <Text as="p" tone="subdued">
          {translate("editorUi.noGroup")}
        </Text>
      ) : null}
      {groups.map((group, index) => (
        <GroupEditor
          key={group.id ?? `new-${index}`}
          group={group}
          index={index}
          count={groups.length}
          path={[...path, index]}
          label={translate("editorUi.groupN", { owner, n: index + 1 })}
          steps={steps}
          ctaOptions={ctaOptions}
          questions={questions}
          onChange={(next) => onChange(groups.map((x, j) => (j === index ? next : x)))}
          onMove={(by) => onChange(move(groups, index, by))}
          onRemove={() => onChange(removeAt(groups, index))}
        />
      ))}
      <div>
        <Button onClick={() => onChange(renumber([...groups, newActionGroup(groups.length)]))}>
          {translate("editorUi.addGroup")}
        </Button>
      </div>
    </BlockStack>
  );
}
