/**
 * The A/B split (SPEC 3 Variant, SPEC 9 split weights): each variant's
 * letter, share of visitors and winner flag. The shares must add up to 100;
 * the card says so before saving, and the server checks again.
 */
import { BlockStack, Box, Button, Card, Checkbox, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import type { CtaDocument } from "../../../contract/schema/cta";
import { addVariant, evenSplit, percentTotal, removeVariant, splitProblem } from "./document";
import { useAllErrors } from "./errors";
import { useT } from "~/i18n/useT";

export interface VariantsCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
  selected: number;
  onSelect(index: number): void;
}

/** Variant rows with their percentages and the running total. */
export function VariantsCard({ doc, onChange, selected, onSelect }: VariantsCardProps) {
  const t = useT();
  const errors = useAllErrors();
  const problem = splitProblem(doc.variants, t);
  const serverProblem = errors.variants;
  const set = (i: number, patch: Partial<CtaDocument["variants"][number]>) =>
    onChange({ ...doc, variants: doc.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t("editor.variants")}
          </Text>
          <InlineStack gap="200">
            {doc.variants.length > 1 ? (
              <Button
                onClick={() => {
                  const split = evenSplit(doc.variants.length);
                  onChange({ ...doc, variants: doc.variants.map((v, i) => ({ ...v, percentage: split[i] })) });
                }}
              >
                {t("editorUi.splitEvenly")}
              </Button>
            ) : null}
            <Button disabled={doc.variants.length >= 10} onClick={() => onChange(addVariant(doc, selected))}>
              {t("editorUi.addVariant")}
            </Button>
          </InlineStack>
        </InlineStack>
        {doc.variants.map((v, i) => {
          const p = `variants.${i}`;
          return (
            <Box
              key={v.id ?? `new-${i}`}
              padding="200"
              borderRadius="200"
              background={i === selected ? "bg-surface-secondary" : undefined}
            >
              <InlineGrid columns={{ xs: 1, sm: "80px 140px 1fr auto" }} gap="200" alignItems="end">
                <TextField
                  label={t("editorUi.variantLetter", { n: i + 1 })}
                  value={v.variation}
                  onChange={(variation) => set(i, { variation: variation.toUpperCase() })}
                  autoComplete="off"
                  maxLength={2}
                  error={errors[`${p}.variation`]}
                />
                <TextField
                  label={t("editorUi.variantShare", { variant: v.variation })}
                  type="number"
                  min={0}
                  max={100}
                  suffix="%"
                  value={String(v.percentage)}
                  onChange={(x) => set(i, { percentage: x === "" ? 0 : Number(x) })}
                  autoComplete="off"
                  error={errors[`${p}.percentage`]}
                />
                <Checkbox
                  label={t("results.winner")}
                  helpText={t("editorUi.winnerHelp")}
                  checked={v.winner}
                  onChange={(winner) => set(i, { winner })}
                />
                <InlineStack gap="100">
                  <Button
                    pressed={i === selected}
                    onClick={() => onSelect(i)}
                    accessibilityLabel={t("editorUi.editVariant", { variant: v.variation })}
                  >
                    {i === selected ? t("editorUi.editing") : t("editorUi.edit")}
                  </Button>
                  {doc.variants.length > 1 ? (
                    <Button
                      tone="critical"
                      variant="plain"
                      accessibilityLabel={t("editorUi.removeVariant", { variant: v.variation })}
                      onClick={() => {
                        onChange(removeVariant(doc, i));
                        onSelect(Math.max(0, selected >= i ? selected - 1 : selected));
                      }}
                    >
                      {t("productPicker.remove")}
                    </Button>
                  ) : null}
                </InlineStack>
              </InlineGrid>
            </Box>
          );
        })}
        <div role={problem || serverProblem ? "alert" : undefined}>
          <Text as="p" tone={problem || serverProblem ? "critical" : "subdued"}>
            {problem ?? serverProblem ?? t("editorUi.total", { total: percentTotal(doc.variants) })}
          </Text>
        </div>
      </BlockStack>
    </Card>
  );
}
