/**
 * The A/B split (SPEC 3 Variant, SPEC 9 split weights): each variant's
 * letter, share of visitors and winner flag. The shares must add up to 100;
 * the card says so before saving, and the server checks again.
 */
import { BlockStack, Box, Button, Card, Checkbox, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import type { CtaDocument } from "#contract/schema/cta";
import { addVariant, evenSplit, percentTotal, removeVariant, splitProblem } from "./document";
import { useAllErrors } from "./errors";
import { useT } from "#app/i18n/useT";

export interface VariantsCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
  selected: number;
  onSelect(index: number): void;
}

/** Variant rows with their percentages and the running total. */
export function VariantsCard({ doc, onChange, selected, onSelect }: VariantsCardProps) {
  const translate = useT();
  const errors = useAllErrors();
  const problem = splitProblem(doc.variants, translate);
  const serverProblem = errors.variants;
  const set = (i: number, patch: Partial<CtaDocument["variants"][number]>) =>
    onChange({ ...doc, variants: doc.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {translate("editor.variants")}
          </Text>
          <InlineStack gap="200">
            {doc.variants.length > 1 ? (
              <Button
                onClick={() => {
                  const split = evenSplit(doc.variants.length);
                  onChange({ ...doc, variants: doc.variants.map((v, i) => ({ ...v, percentage: split[i] })) });
                }}
              >
                {translate("editorUi.splitEvenly")}
              </Button>
            ) : null}
            <Button
              disabled={doc.variants.length >= 10}
              onClick={() => {
                onChange(addVariant(doc, selected));
                // The new variant is the one the owner wants to change next: open it.
                onSelect(doc.variants.length);
              }}
            >
              {translate("editorUi.addVariant")}
            </Button>
          </InlineStack>
        </InlineStack>
        {doc.variants.map((variant, index) => {
          const variantPath = `variants.${index}`;
          return (
            <Box
              key={variant.id ?? `new-${index}`}
              padding="200"
              borderRadius="200"
              background={index === selected ? "bg-surface-secondary" : undefined}
            >
              <InlineGrid columns={{ xs: 1, sm: "80px 140px 1fr auto" }} gap="200" alignItems="end">
                <TextField
                  label={translate("editorUi.variantLetter", { n: index + 1 })}
                  value={variant.variation}
                  onChange={(variation) => set(index, { variation: variation.toUpperCase() })}
                  autoComplete="off"
                  maxLength={2}
                  error={errors[`${variantPath}.variation`]}
                />
                <TextField
                  label={translate("editorUi.variantShare", { variant: variant.variation })}
                  type="number"
                  min={0}
                  max={100}
                  suffix="%"
                  value={String(variant.percentage)}
                  onChange={(x) => set(index, { percentage: x === "" ? 0 : Number(x) })}
                  autoComplete="off"
                  error={errors[`${variantPath}.percentage`]}
                />
                <Checkbox
                  label={translate("results.winner")}
                  helpText={translate("editorUi.winnerHelp")}
                  checked={variant.winner}
                  onChange={(winner) => set(index, { winner })}
                />
                <InlineStack gap="100">
                  <Button
                    pressed={index === selected}
                    onClick={() => onSelect(index)}
                    accessibilityLabel={translate("editorUi.editVariant", { variant: variant.variation })}
                  >
                    {index === selected ? translate("editorUi.editing") : translate("editorUi.edit")}
                  </Button>
                  {doc.variants.length > 1 ? (
                    <Button
                      tone="critical"
                      variant="plain"
                      accessibilityLabel={translate("editorUi.removeVariant", { variant: variant.variation })}
                      onClick={() => {
                        onChange(removeVariant(doc, index));
                        onSelect(Math.max(0, selected >= index ? selected - 1 : selected));
                      }}
                    >
                      {translate("productPicker.remove")}
                    </Button>
                  ) : null}
                </InlineStack>
              </InlineGrid>
            </Box>
          );
        })}
        <div role={problem || serverProblem ? "alert" : undefined}>
          <Text as="p" tone={problem || serverProblem ? "critical" : "subdued"}>
            {problem ?? serverProblem ?? translate("editorUi.total", { total: percentTotal(doc.variants) })}
          </Text>
        </div>
      </BlockStack>
    </Card>
  );
}
