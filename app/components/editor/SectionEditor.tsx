/** A section of a step: its columns side by side, each a list of elements, with adding, moving and removing. */
import { useState, type ReactNode } from "react";
import { BlockStack, Box, Button, InlineGrid, InlineStack, Select, Text } from "@shopify/polaris";
import type { CtaColumn, CtaSection, ElementType } from "../../../contract/schema/cta";
import { elementSummary, moveTo, newColumn, newElement, removeAt, renumber, type Path } from "./document";
import { errorAt, errorsUnder } from "./document";
import { SortableList } from "./SortableList";
import { useT } from "~/i18n/useT";
import { useAllErrors, useError, useErrorsUnder } from "./errors";
import { elementTypeChoices, ElementEditor } from "./ElementEditor";
import { AdvancedOptions, StyleControls } from "./StyleControls";

interface Shared {
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
}

function AddElement({ onAdd, label }: { onAdd(type: ElementType): void; label: string }) {
  const t = useT();
  const [type, setType] = useState<ElementType>("text");
  return (
    <InlineStack gap="200" blockAlign="end">
      <Select
        label={t("editorUi.newElementType", { label })}
        labelHidden
        options={elementTypeChoices(t)}
        value={type}
        onChange={(v) => setType(v as ElementType)}
      />
      <Button
        onClick={() => onAdd(type)}
        accessibilityLabel={t("editorUi.addElementTo", { label: label.toLowerCase() })}
      >
        {t("editorUi.addElement")}
      </Button>
    </InlineStack>
  );
}

function ColumnEditor({
  column,
  onChange,
  onRemove,
  canRemove,
  handle,
  path,
  label,
  ...shared
}: {
  column: CtaColumn;
  onChange(c: CtaColumn): void;
  onRemove(): void;
  canRemove: boolean;
  handle: ReactNode;
  path: Path;
  label: string;
} & Shared) {
  const t = useT();
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
            <InlineStack gap="100" blockAlign="center">
              {handle}
              <Button
                variant="plain"
                tone="critical"
                onClick={onRemove}
                accessibilityLabel={t("productPicker.removeNamed", { name: label.toLowerCase() })}
              >
                {t("editorUi.removeColumn")}
              </Button>
            </InlineStack>
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
            label={t("editorUi.optionsJson", { label })}
            value={column.options as Record<string, unknown>}
            onChange={(options) => onChange({ ...column, options })}
            errors={errorsUnder(all, [...path, "options"])}
            owner={label}
          />
        ) : null}
        <SortableList
          items={els}
          layout="vertical"
          itemKey={(el, i) => (el.id != null ? `element-${el.id}` : `new-element-${i}`)}
          itemName={(el, i) => t("editor.dnd.elementName", { n: i + 1, summary: elementSummary(el, t) })}
          onMove={(from, to) => onChange({ ...column, elements: moveTo(els, from, to) })}
        >
          {(el, i, elementHandle) => (
            <ElementEditor
              element={el}
              index={i}
              handle={elementHandle}
              path={[...path, "elements", i]}
              onChange={(next) => onChange({ ...column, elements: els.map((x, j) => (j === i ? next : x)) })}
              onRemove={() => onChange({ ...column, elements: removeAt(els, i) })}
              {...shared}
            />
          )}
        </SortableList>
        <AddElement
          label={label}
          onAdd={(type) => onChange({ ...column, elements: renumber([...els, newElement(type, els.length)]) })}
        />
      </BlockStack>
    </Box>
  );
}

export interface SectionEditorProps extends Shared {
  section: CtaSection;
  onChange(s: CtaSection): void;
  onRemove(): void;
  /** The drag handle that moves this section within its step (SortableList). */
  handle: ReactNode;
  index: number;
  path: Path;
}

/** A section card. */
export function SectionEditor({ section, onChange, onRemove, handle, index, path, ...shared }: SectionEditorProps) {
  const t = useT();
  const cols = section.columns;
  const columnsError = useError([...path, "columns"]);
  const all = useAllErrors();
  const under = useErrorsUnder(path);
  const label = t("editorUi.sectionN", { n: index + 1 });
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
              accessibilityLabel={t("editorUi.addColumnTo", { label: label.toLowerCase() })}
            >
              {t("editorUi.addColumn")}
            </Button>
            {handle}
            <Button
              tone="critical"
              variant="plain"
              onClick={onRemove}
              accessibilityLabel={t("productPicker.removeNamed", { name: label.toLowerCase() })}
            >
              {t("productPicker.remove")}
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
          label={t("editorUi.optionsJson", { label })}
          helpText={t("editorUi.example", {
            example: '{"background-color": "#f4f1ea", "padding": 24, "anchor": "offer"}',
          })}
          value={section.options as Record<string, unknown>}
          onChange={(options) => onChange({ ...section, options })}
          errors={errorsUnder(all, [...path, "options"])}
          owner={label}
        />
        <InlineGrid columns={{ xs: 1, md: Math.min(cols.length, 3) as 1 | 2 | 3 }} gap="200">
          <SortableList
            items={cols}
            layout="grid"
            itemKey={(col, i) => (col.id != null ? `column-${col.id}` : `new-column-${i}`)}
            itemName={(_, i) =>
              `${t("editor.dnd.sectionName", { n: index + 1 })}, ${t("editor.dnd.columnName", { n: i + 1 })}`
            }
            onMove={(from, to) => onChange({ ...section, columns: moveTo(cols, from, to) })}
          >
            {(col, i, columnHandle) => (
              <ColumnEditor
                column={col}
                label={
                  cols.length > 1
                    ? t("editorUi.columnN", { section: label, n: i + 1 })
                    : t("editorUi.sectionContent", { section: label })
                }
                path={[...path, "columns", i]}
                canRemove={cols.length > 1}
                handle={columnHandle}
                onChange={(next) => onChange({ ...section, columns: cols.map((x, j) => (j === i ? next : x)) })}
                onRemove={() => onChange({ ...section, columns: removeAt(cols, i) })}
                {...shared}
              />
            )}
          </SortableList>
        </InlineGrid>
      </BlockStack>
    </Box>
  );
}
