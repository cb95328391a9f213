/**
 * Builds a list of targeting conditions: per row an and/or operator (joining
 * it to the row before; "and" binds tighter), a condition type and the
 * inputs of that type. Used by broadcasts, site-wide conditions and CTA
 * action groups; the summary under it reads the list back in words.
 */
import { BlockStack, Box, Button, InlineStack, Select, Text } from "@shopify/polaris";
import type { Condition, ConditionType } from "../../../contract/schema/condition";
import { describeConditions } from "~/lib/broadcast-summary";
import { move, removeAt, renumber } from "~/components/editor/document";
import { newCondition } from "~/lib/new-condition";
import { CONDITION_TYPE_CHOICES, translatedChoices, withConditionType } from "./condition-fields";
import { ConditionInputs } from "./ConditionInputs";
import { useT } from "~/i18n/useT";

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
  const t = useT();
  const set = (i: number, c: Condition) => onChange(conditions.map((x, j) => (j === i ? c : x)));
  const ctaNames = Object.fromEntries(ctaOptions.map((o) => [o.id, o.name]));
  const summary = describeConditions(conditions, { ctaNames, t });
  return (
    <BlockStack gap="300">
      <div role="group" aria-label={label}>
        <BlockStack gap="200">
          {conditions.length === 0 ? (
            <Text as="p" tone="subdued">
              {emptyText ?? t("campaigns.noConditions")}
            </Text>
          ) : null}
          {conditions.map((c, i) => {
            const rowLabel = t("editorUi.cond.row", { label, n: i + 1 });
            const error = (key: string) => errors[`${errorPrefix}.${i}.${key}`];
            return (
              <Box key={c.id ?? `new-${i}`} padding="200" borderWidth="025" borderColor="border" borderRadius="200">
                <InlineStack gap="200" blockAlign="start" wrap>
                  {i === 0 ? (
                    <Box paddingBlockStart="150" minWidth="56px">
                      <Text as="span" fontWeight="semibold">
                        {t("contact.when")}
                      </Text>
                    </Box>
                  ) : (
                    <Select
                      label={t("editorUi.cond.joinedWith", { label: rowLabel })}
                      labelHidden
                      options={OPERATOR_CHOICES.map((o) => ({ label: t(o.label), value: o.value }))}
                      value={c.operator}
                      onChange={(v) => set(i, { ...c, operator: v === "or" ? "or" : "and" })}
                    />
                  )}
                  <Select
                    label={t("editorUi.actionType", { label: rowLabel })}
                    labelHidden
                    options={translatedChoices(CONDITION_TYPE_CHOICES, t)}
                    value={c.condition_type}
                    onChange={(v) => set(i, withConditionType(c, newCondition(v as ConditionType, c.position)))}
                  />
                  <ConditionInputs
                    condition={c}
                    onChange={(next) => set(i, next)}
                    label={rowLabel}
                    error={error}
                    ctaOptions={ctaOptions}
                  />
                  <InlineStack gap="100">
                    <Button
                      onClick={() => onChange(move(conditions, i, -1))}
                      disabled={i === 0}
                      accessibilityLabel={t("editorUi.moveUp", { label: rowLabel.toLowerCase() })}
                    >
                      ↑
                    </Button>
                    <Button
                      onClick={() => onChange(move(conditions, i, 1))}
                      disabled={i === conditions.length - 1}
                      accessibilityLabel={t("editorUi.moveDown", { label: rowLabel.toLowerCase() })}
                    >
                      ↓
                    </Button>
                    <Button
                      tone="critical"
                      variant="plain"
                      onClick={() => onChange(removeAt(conditions, i))}
                      accessibilityLabel={t("productPicker.removeNamed", { name: rowLabel.toLowerCase() })}
                    >
                      {t("productPicker.remove")}
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
          {t("campaigns.addCondition")}
        </Button>
      </InlineStack>
      {summary ? (
        <Text as="p" tone="subdued">
          {t("editorUi.cond.readsAs", { summary })}
        </Text>
      ) : null}
    </BlockStack>
  );
}
