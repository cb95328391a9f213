/**
 * Builds a list of targeting conditions: per row an and/or operator (joining
 * it to the row before; "and" binds tighter), a condition type and the
 * inputs of that type. Used by broadcasts, site-wide conditions and CTA
 * action groups; the summary under it reads the list back in words.
 */
import { BlockStack, Box, Button, InlineStack, Select, Text } from "@shopify/polaris";
import type { Condition, ConditionType } from "#contract/schema/condition";
import { describeConditions } from "#app/view/broadcast-summary";
import { move, removeAt, renumber } from "#app/components/editor/document";
import { newCondition } from "#app/view/new-condition";
import { CONDITION_TYPE_CHOICES, translatedChoices, withConditionType } from "./condition-fields";
import { ConditionInputs } from "./ConditionInputs";
import { useT } from "#app/i18n/useT";

export interface ConditionsBuilderProps {
  conditions: Condition[];
  onChange(next: Condition[]): void;
  /** Field errors of the page by path ("conditions.0.url"). */
  errors: Record<string, string>;
  /** Path of the list in those errors ("conditions", or "variants.0.steps.0.action_groups.1.conditions"). */
  errorPrefix: string;
  ctaOptions: { id: number; name: string }[];
  /** Names the list for screen readers, e.g. "Campaign conditions". */
  label: string;
  /** What an empty list means, in words. */
  emptyText?: string;
}

const OPERATOR_CHOICES = [
  { label: "editorUi.cond.and", value: "and" },
  { label: "editorUi.cond.or", value: "or" },
] as const;

/** The editable list of conditions with its plain-language reading. */
export function ConditionsBuilder({
  conditions,
  onChange,
  errors,
  errorPrefix,
  ctaOptions,
  label,
  emptyText,
}: ConditionsBuilderProps) {
  const translate = useT();
  const set = (i: number, c: Condition) => onChange(conditions.map((x, j) => (j === i ? c : x)));
  const ctaNames = Object.fromEntries(ctaOptions.map((o) => [o.id, o.name]));
  const summary = describeConditions(conditions, { ctaNames, t: translate });
  return (
    <BlockStack gap="300">
      <div role="group" aria-label={label}>
        <BlockStack gap="200">
          {conditions.length === 0 ? (
            <Text as="p" tone="subdued">
              {emptyText ?? translate("campaigns.noConditions")}
            </Text>
          ) : null}
          {conditions.map((condition, index) => {
            const rowLabel = translate("editorUi.cond.row", { label, n: index + 1 });
            const error = (key: string) => errors[`${errorPrefix}.${index}.${key}`];
            return (
              <Box
                key={condition.id ?? `new-${index}`}
                padding="200"
                borderWidth="025"
                borderColor="border"
                borderRadius="200"
              >
                <InlineStack gap="200" blockAlign="start" wrap>
                  {index === 0 ? (
                    <Box paddingBlockStart="150" minWidth="56px">
                      <Text as="span" fontWeight="semibold">
                        {translate("contact.when")}
                      </Text>
                    </Box>
                  ) : (
                    <Select
                      label={translate("editorUi.cond.joinedWith", { label: rowLabel })}
                      labelHidden
                      options={OPERATOR_CHOICES.map((o) => ({ label: translate(o.label), value: o.value }))}
                      value={condition.operator}
                      onChange={(v) => set(index, { ...condition, operator: v === "or" ? "or" : "and" })}
                    />
                  )}
                  <Select
                    label={translate("editorUi.actionType", { label: rowLabel })}
                    labelHidden
                    options={translatedChoices(CONDITION_TYPE_CHOICES, translate)}
                    value={condition.condition_type}
                    onChange={(v) =>
                      set(index, withConditionType(condition, newCondition(v as ConditionType, condition.position)))
                    }
                  />
                  <ConditionInputs
                    condition={condition}
                    onChange={(next) => set(index, next)}
                    label={rowLabel}
                    error={error}
                    ctaOptions={ctaOptions}
                  />
                  <InlineStack gap="100">
                    <Button
                      onClick={() => onChange(move(conditions, index, -1))}
                      disabled={index === 0}
                      accessibilityLabel={translate("editorUi.moveUp", { label: rowLabel.toLowerCase() })}
                    >
                      ↑
                    </Button>
                    <Button
                      onClick={() => onChange(move(conditions, index, 1))}
                      disabled={index === conditions.length - 1}
                      accessibilityLabel={translate("editorUi.moveDown", { label: rowLabel.toLowerCase() })}
                    >
                      ↓
                    </Button>
                    <Button
                      tone="critical"
                      variant="plain"
                      onClick={() => onChange(removeAt(conditions, index))}
                      accessibilityLabel={translate("productPicker.removeNamed", { name: rowLabel.toLowerCase() })}
                    >
                      {translate("productPicker.remove")}
                    </Button>
                  </InlineStack>
                </InlineStack>
                {error("id") ? (
                  <Text as="p" tone="critical">
                    {error("id")}
                  </Text>
                ) : null}
              </Box>
            );
          })}
        </BlockStack>
      </div>
      <InlineStack gap="200" blockAlign="center">
        <Button onClick={() => onChange(renumber([...conditions, newCondition("url", conditions.length)]))}>
          {translate("campaigns.addCondition")}
        </Button>
      </InlineStack>
      {summary ? (
        <Text as="p" tone="subdued">
          {translate("editorUi.cond.readsAs", { summary })}
        </Text>
      ) : null}
    </BlockStack>
  );
}
