/** A section of a step: its columns side by side, each a list of elements, with adding, moving and removing. */
import { useState } from "react";
import { BlockStack, Box, Button, InlineGrid, InlineStack, Select, Text } from "@shopify/polaris";
import type { CtaColumn, CtaSection, ElementType } from "~/lib/schema/cta";
import { move, newColumn, newElement, removeAt, renumber, type Path } from "./document";
import { errorAt, errorsUnder } from "./document";
import { useAllErrors, useError, useErrorsUnder } from "./errors";
import { ELEMENT_TYPE_CHOICES, ElementEditor } from "./ElementEditor";
import { AdvancedOptions, StyleControls } from "./StyleControls";

interface Shared {
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
}

function AddElement({ onAdd, label }: { onAdd(type: ElementType): void; label: string }) {
  const [type, setType] = useState<ElementType>("text");
  return (
    <InlineStack gap="200" blockAlign="end">
      <Select label={`${label}: new element type`} labelHidden options={ELEMENT_TYPE_CHOICES} value={type} onChange={(v) => setType(v as ElementType)} />
      <Button onClick={() => onAdd(type)} accessibilityLabel={`Add element to ${label.toLowerCase()}`}>
        Add element
      </Button>
    </InlineStack>
  );
}

function ColumnEditor({
  column,
  onChange,
  onRemove,
  canRemove,
  path,
  label,
  ...shared
}: { column: CtaColumn; onChange(c: CtaColumn): void; onRemove(): void; canRemove: boolean; path: Path; label: string } & Shared) {
  const els = column.elements;
  const all = useAllErrors();
  return (
    <Box padding="200" background="bg-surface-secondary" borderRadius="200">
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h4" variant="bodySm" tone="subdued">
            {label}
          </Text>
          {canRemove ? (
            <Button variant="plain" tone="critical" onClick={onRemove} accessibilityLabel={`Remove ${label.toLowerCase()}`}>
              Remove column
            </Button>
          ) : null}
        </InlineStack>
        <StyleControls
          level={{ kind: "column" }}
          options={column.options as Record<string, unknown>}
          onChange={(options) => onChange({ ...column, options })}
          errorFor={(key) => errorAt(all, [...path, "options", key])}
          owner={label}
        />
        {errorsUnder(all, [...path, "options"]).length ? (
          <AdvancedOptions
            label={`${label} options (JSON)`}
            value={column.options as Record<string, unknown>}
            onChange={(options) => onChange({ ...column, options })}
            errors={errorsUnder(all, [...path, "options"])}
            owner={label}
          />
        ) : null}
        {els.map((el, i) => (
          <ElementEditor
            key={el.id ?? `new-${i}`}
            element={el}
            index={i}
            count={els.length}
            path={[...path, "elements", i]}
            onChange={(next) => onChange({ ...column, elements: els.map((x, j) => (j === i ? next : x)) })}
            onMove={(by) => onChange({ ...column, elements: move(els, i, by) })}
            onRemove={() => onChange({ ...column, elements: removeAt(els, i) })}
            {...shared}
          />
        ))}
        <AddElement label={label} onAdd={(type) => onChange({ ...column, elements: renumber([...els, newElement(type, els.length)]) })} />
      </BlockStack>
    </Box>
  );
}

export interface SectionEditorProps extends Shared {
  section: CtaSection;
  onChange(s: CtaSection): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  index: number;
  count: number;
  path: Path;
}

/** A section card. */
export function SectionEditor({ section, onChange, onMove, onRemove, index, count, path, ...shared }: SectionEditorProps) {
  const cols = section.columns;
  const columnsError = useError([...path, "columns"]);
  const all = useAllErrors();
  const under = useErrorsUnder(path);
  const label = `Section ${index + 1}`;
  return (
    <Box padding="300" borderWidth="025" borderColor={under.length ? "border-critical" : "border"} borderRadius="300">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h3" variant="headingSm">
            {label}
          </Text>
          <InlineStack gap="100">
            <Button
              disabled={cols.length >= 12}
              onClick={() => onChange({ ...section, columns: renumber([...cols, newColumn(cols.length)]) })}
              accessibilityLabel={`Add a column to ${label.toLowerCase()}`}
            >
              Add column
            </Button>
            <Button onClick={() => onMove(-1)} disabled={index === 0} accessibilityLabel={`Move ${label.toLowerCase()} up`}>
              ↑
            </Button>
            <Button onClick={() => onMove(1)} disabled={index === count - 1} accessibilityLabel={`Move ${label.toLowerCase()} down`}>
              ↓
            </Button>
            <Button tone="critical" variant="plain" onClick={onRemove} accessibilityLabel={`Remove ${label.toLowerCase()}`}>
              Remove
            </Button>
          </InlineStack>
        </InlineStack>
        {columnsError ? (
          <Text as="p" tone="critical">
            {columnsError}
          </Text>
        ) : null}
        <StyleControls
          level={{ kind: "section" }}
          options={section.options as Record<string, unknown>}
          onChange={(options) => onChange({ ...section, options })}
          errorFor={(key) => errorAt(all, [...path, "options", key])}
          owner={label}
        />
        <AdvancedOptions
          label={`${label} options (JSON)`}
          helpText='e.g. {"background-color": "#f4f1ea", "padding": 24, "anchor": "offer"}'
          value={section.options as Record<string, unknown>}
          onChange={(options) => onChange({ ...section, options })}
          errors={errorsUnder(all, [...path, "options"])}
          owner={label}
        />
        <InlineGrid columns={{ xs: 1, md: Math.min(cols.length, 3) as 1 | 2 | 3 }} gap="200">
          {cols.map((col, i) => (
            <ColumnEditor
              key={col.id ?? `new-${i}`}
              column={col}
              label={cols.length > 1 ? `${label}, column ${i + 1}` : `${label} content`}
              path={[...path, "columns", i]}
              canRemove={cols.length > 1}
              onChange={(next) => onChange({ ...section, columns: cols.map((x, j) => (j === i ? next : x)) })}
              onRemove={() => onChange({ ...section, columns: removeAt(cols, i) })}
              {...shared}
            />
          ))}
        </InlineGrid>
      </BlockStack>
    </Box>
  );
}
