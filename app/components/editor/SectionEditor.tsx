/** A section of a step: its columns side by side, each a list of elements, with adding, moving and removing. */
import { useState, type ReactNode } from "react";
import { BlockStack, Box, Button, InlineGrid, InlineStack, Select, Text } from "@shopify/polaris";
import type { CtaColumn, CtaSection, ElementType } from "#contract/schema/cta";
import { elementSummary, moveTo, newColumn, newElement, removeAt, renumber, type Path } from "./document";
import { errorAt, errorsUnder } from "./document";
import { SortableList } from "./SortableList";
import { useT } from "#app/i18n/useT";
import { useAllErrors, useError, useErrorsUnder } from "./errors";
import { elementTypeChoices, ElementEditor } from "./ElementEditor";
import { AdvancedOptions, StyleControls } from "./StyleControls";

interface Shared {
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
}

function AddElement({ onAdd, label }: { onAdd(type: ElementType): void; label: string }) {
  const translate = useT();
  const [type, setType] = useState<ElementType>("text");
  return (
    <InlineStack gap="200" blockAlign="end">
      <Select
        label={translate("editorUi.newElementType", { label })}
        labelHidden
        options={elementTypeChoices(translate)}
        value={type}
        onChange={(v) => setType(v as ElementType)}
      />
      <Button
        onClick={() => onAdd(type)}
        accessibilityLabel={translate("editorUi.addElementTo", { label: label.toLowerCase() })}
      >
        {translate("editorUi.addElement")}
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
  const translate = useT();
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
                accessibilityLabel={translate("productPicker.removeNamed", { name: label.toLowerCase() })}
              >
                {translate("editorUi.removeColumn")}
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
            label={translate("editorUi.optionsJson", { label })}
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
          itemName={(el, i) =>
            translate("editor.dnd.elementName", { n: i + 1, summary: elementSummary(el, translate) })
          }
          onMove={(from, to) => onChange({ ...column, elements: moveTo(els, from, to) })}
        >
          {(el, index, elementHandle) => (
            <ElementEditor
              element={el}
              index={index}
              handle={elementHandle}
              path={[...path, "elements", index]}
              onChange={(next) => onChange({ ...column, elements: els.map((x, j) => (j === index ? next : x)) })}
              onRemove={() => onChange({ ...column, elements: removeAt(els, index) })}
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
  const translate = useT();
  const cols = section.columns;
  const columnsError = useError([...path, "columns"]);
  const all = useAllErrors();
  const under = useErrorsUnder(path);
  const label = translate("editorUi.sectionN", { n: index + 1 });
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
              accessibilityLabel={translate("editorUi.addColumnTo", { label: label.toLowerCase() })}
            >
              {translate("editorUi.addColumn")}
            </Button>
            {handle}
            <Button
              tone="critical"
              variant="plain"
              onClick={onRemove}
              accessibilityLabel={translate("productPicker.removeNamed", { name: label.toLowerCase() })}
            >
              {translate("productPicker.remove")}
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
          label={translate("editorUi.optionsJson", { label })}
          helpText={translate("editorUi.example", {
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
              `${translate("editor.dnd.sectionName", { n: index + 1 })}, ${translate("editor.dnd.columnName", { n: i + 1 })}`
            }
            onMove={(from, to) => onChange({ ...section, columns: moveTo(cols, from, to) })}
          >
            {(col, columnIndex, columnHandle) => (
              <ColumnEditor
                column={col}
                label={
                  cols.length > 1
                    ? translate("editorUi.columnN", { section: label, n: columnIndex + 1 })
                    : translate("editorUi.sectionContent", { section: label })
                }
                path={[...path, "columns", columnIndex]}
                canRemove={cols.length > 1}
                handle={columnHandle}
                onChange={(next) =>
                  onChange({ ...section, columns: cols.map((x, j) => (j === columnIndex ? next : x)) })
                }
                onRemove={() => onChange({ ...section, columns: removeAt(cols, columnIndex) })}
                {...shared}
              />
            )}
          </SortableList>
        </InlineGrid>
      </BlockStack>
    </Box>
  );
}
