/**
 * An editable list of key/value rows posted as `<name>.key` and
 * `<name>.value` pairs (brand colours, brand style, extra data settings).
 */
import { BlockStack, Button, InlineGrid, Text, TextField } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";

export interface KeyValueListProps {
  name: string;
  /** Visible heading of the list. */
  label: string;
  rows: [string, string][];
  onChange(rows: [string, string][]): void;
  keyLabel: string;
  valueLabel: string;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  /** Errors by path: `${errorPrefix}.${key}`. */
  errors?: Record<string, string>;
  errorPrefix?: string;
  helpText?: string;
}

/** Rows of two text fields with a remove button each and an add button below. */
export function KeyValueList(props: KeyValueListProps) {
  const translate = useT();
  const { name, label, rows, onChange, keyLabel, valueLabel, errors = {}, errorPrefix = name } = props;
  const set = (i: number, part: 0 | 1, v: string) =>
    onChange(rows.map((r, j) => (j === i ? (part === 0 ? [v, r[1]] : [r[0], v]) : r)));
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {label}
      </Text>
      {props.helpText ? (
        <Text as="p" tone="subdued">
          {props.helpText}
        </Text>
      ) : null}
      {rows.map(([key, value], index) => (
        <InlineGrid key={index} columns={["oneHalf", "oneHalf"]} gap="200">
          <TextField
            label={translate("editorUi.numbered", { label: keyLabel, n: index + 1 })}
            name={`${name}.key`}
            value={key}
            onChange={(x) => set(index, 0, x)}
            autoComplete="off"
            placeholder={props.keyPlaceholder}
          />
          <BlockStack gap="100">
            <TextField
              label={translate("editorUi.numbered", { label: valueLabel, n: index + 1 })}
              name={`${name}.value`}
              value={value}
              onChange={(x) => set(index, 1, x)}
              autoComplete="off"
              placeholder={props.valuePlaceholder}
              error={key ? errors[`${errorPrefix}.${key}`] : undefined}
            />
            <div>
              <Button
                variant="plain"
                tone="critical"
                onClick={() => onChange(rows.filter((_, j) => j !== index))}
                accessibilityLabel={translate("productPicker.removeNamed", {
                  name: translate("editorUi.numbered", { label: keyLabel.toLowerCase(), n: index + 1 }),
                })}
              >
                {translate("productPicker.remove")}
              </Button>
            </div>
          </BlockStack>
        </InlineGrid>
      ))}
      {rows.length === 0 ? (
        // Keeps the list in the form when it is empty, so saving clears it.
        <>
          <input type="hidden" name={`${name}.key`} value="" />
          <input type="hidden" name={`${name}.value`} value="" />
        </>
      ) : null}
      <div>
        <Button onClick={() => onChange([...rows, ["", ""]])}>
          {translate("productPicker.addNamed", { name: keyLabel.toLowerCase() })}
        </Button>
      </div>
    </BlockStack>
  );
}
