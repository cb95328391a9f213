/**
 * The fields of a form, quiz or survey element (SPEC 3 Field): slug, type,
 * label, required, choices (value, label, score) and, for quizzes, the
 * parent question of a sub-question. Other options in a JSON box.
 */
import { useState } from "react";
import {
  BlockStack,
  Box,
  Button,
  Checkbox,
  FormLayout,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { FIELD_TYPES, type Field, type FieldOption } from "#contract/schema/cta";
import { move, newField, removeAt, renumber, type Path } from "./document";
import { useError, useErrorsUnder } from "./errors";
import { ReorderButtons } from "./ReorderButtons";
import { AdvancedOptions } from "./StyleControls";
import { translator, type Translate } from "#app/i18n";
import { useT } from "#app/i18n/useT";

/** Field types whose answers are picked from choices. */
export const CHOICE_FIELD_TYPES: readonly Field["field_type"][] = [
  "dropdown",
  "radio",
  "select",
  "checkbox",
  "survey",
  "image",
  "color",
  "emoji",
  "icon",
  "letter",
];

/** The input types of a text field, with the keys of their names. */
const INPUT_TYPES = [
  ["text", "editorUi.input.text"],
  ["email", "contacts.email"],
  ["tel", "contacts.phone"],
  ["url", "editorUi.webAddress"],
  ["date", "editorUi.input.date"],
] as const;

/** What the owner calls a choice: its number and the label visitors read (its stored value when it has none). */
export function choiceName(o: FieldOption, i: number, t: Translate = translator("en")): string {
  const shown = (o.label ?? "").trim() || o.value.trim();
  return shown ? t("editorUi.choiceShown", { n: i + 1, shown }) : t("editorUi.choiceN", { n: i + 1 });
}

/** What the owner calls a field: the question or label visitors read, else its slug. */
export function fieldTitle(f: Pick<Field, "slug" | "options">): string {
  const options = f.options as Record<string, unknown>;
  const text = [options.label, options.question].find((v): v is string => typeof v === "string" && v.trim() !== "");
  return text ? text.trim() : f.slug;
}

function ChoicesEditor({
  options,
  onChange,
  path,
  label,
}: {
  options: FieldOption[];
  onChange(o: FieldOption[]): void;
  path: Path;
  label: string;
}) {
  const translate = useT();
  const errors = useErrorsUnder(path);
  const set = (i: number, patch: Partial<FieldOption>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <BlockStack gap="200">
      <Text as="h5" variant="headingSm">
        {label}
      </Text>
      {errors.length ? (
        <Text as="p" tone="critical">
          {errors[0]}
        </Text>
      ) : null}
      {options.map((option, index) => {
        // Named by what the visitor reads ("Choice 2 “6–20 sellers”"), not by slug and index.
        const choice = choiceName(option, index, translate);
        return (
          <InlineGrid key={index} columns={{ xs: 1, sm: "1fr 1fr 90px auto" }} gap="200" alignItems="end">
            <TextField
              label={translate("editorUi.choiceValue", { choice })}
              value={option.value}
              onChange={(value) => set(index, { value })}
              autoComplete="off"
            />
            <TextField
              label={translate("editorUi.choiceLabel", { choice })}
              value={option.label ?? ""}
              onChange={(v) => set(index, { label: v === "" ? undefined : v })}
              autoComplete="off"
            />
            <TextField
              label={translate("editorUi.choiceScore", { choice })}
              type="number"
              value={option.score === undefined ? "" : String(option.score)}
              onChange={(v) => set(index, { score: v === "" || !Number.isFinite(Number(v)) ? undefined : Number(v) })}
              autoComplete="off"
            />
            <Button
              tone="critical"
              variant="plain"
              onClick={() => onChange(options.filter((_, j) => j !== index))}
              accessibilityLabel={translate("editorUi.removeChoice", { choice, label })}
            >
              {translate("productPicker.remove")}
            </Button>
          </InlineGrid>
        );
      })}
      <div>
        <Button
          onClick={() =>
            onChange([
              ...options,
              {
                value: `choice_${options.length + 1}`,
                label: translate("editorUi.choiceN", { n: options.length + 1 }),
              },
            ])
          }
        >
          {translate("editorUi.addChoice")}
        </Button>
      </div>
    </BlockStack>
  );
}

function FieldEditor(props: {
  field: Field;
  fields: Field[];
  index: number;
  onChange(f: Field): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
  path: Path;
  isQuiz: boolean;
}) {
  const { field: field, path, onChange } = props;
  const translate = useT();
  const slugError = useError([...path, "slug"]);
  const typeError = useError([...path, "field_type"]);
  const parentIdError = useError([...path, "field_id"]);
  const parentSlugError = useError([...path, "parent_slug"]);
  const parentError = parentIdError ?? parentSlugError;
  const optionsError = useError([...path, "options"]);
  // Unknown or bad keys are refused by name under options.<key>: they open the advanced box.
  const optionKeyErrors = useErrorsUnder([...path, "options"]).filter((e) => e !== optionsError);
  const under = useErrorsUnder(path);
  const [open, setOpen] = useState(under.length > 0);
  const currentOptions = field.options as Record<string, unknown>;
  const setOption = (key: string, value: unknown) => {
    const options = { ...currentOptions, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...field, options });
  };
  const title = fieldTitle(field);
  const name = translate("editorUi.fieldName", { n: props.index + 1, title });
  const parents = props.fields.filter((x) => x !== field && (x.id || x.slug));
  return (
    <Box padding="300" borderWidth="025" borderColor={under.length ? "border-critical" : "border"} borderRadius="200">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h5" variant="headingSm">
            {`${title}${title !== field.slug ? ` (${field.slug})` : ""} · ${translate(`editorUi.field.${field.field_type}`)}${field.required ? ` · ${translate("editorUi.required")}` : ""}`}
          </Text>
          <InlineStack gap="100">
            <Button
              onClick={() => setOpen(!open)}
              ariaExpanded={open}
              accessibilityLabel={
                open ? translate("editorUi.closeNamed", { name }) : translate("editorUi.editNamed", { name })
              }
            >
              {open ? translate("editorUi.close") : translate("editorUi.edit")}
            </Button>
            <ReorderButtons
              label={name}
              index={props.index}
              count={props.fields.length}
              onMove={props.onMove}
              onRemove={props.onRemove}
            />
          </InlineStack>
        </InlineStack>
        {open ? (
          <FormLayout>
            <FormLayout.Group>
              <TextField
                label={translate("editorUi.slug")}
                helpText={translate("editorUi.slugHelp")}
                value={field.slug}
                onChange={(slug) => onChange({ ...field, slug })}
                autoComplete="off"
                error={slugError}
              />
              <Select
                label={translate("editorUi.fieldType")}
                options={FIELD_TYPES.map((value) => ({ label: translate(`editorUi.field.${value}`), value }))}
                value={field.field_type}
                onChange={(v) => onChange({ ...field, field_type: v as Field["field_type"] })}
                error={typeError}
              />
              {field.field_type === "text" ? (
                <Select
                  label={translate("editorUi.input")}
                  options={INPUT_TYPES.map(([value, key]) => ({ label: translate(key), value }))}
                  value={String(currentOptions.type ?? "text")}
                  onChange={(v) => setOption("type", v === "text" ? undefined : v)}
                />
              ) : null}
            </FormLayout.Group>
            <FormLayout.Group>
              <TextField
                label={props.isQuiz ? translate("editorUi.question") : translate("editorUi.label")}
                value={String(currentOptions.label ?? "")}
                onChange={(v) => setOption("label", v)}
                autoComplete="off"
              />
              <TextField
                label={translate("editorUi.placeholder")}
                value={String(currentOptions.placeholder ?? "")}
                onChange={(v) => setOption("placeholder", v)}
                autoComplete="off"
              />
            </FormLayout.Group>
            <InlineStack gap="400">
              <Checkbox
                label={translate("editorUi.requiredLabel")}
                checked={field.required}
                onChange={(required) => onChange({ ...field, required })}
              />
              {CHOICE_FIELD_TYPES.includes(field.field_type) ? (
                <Checkbox
                  label={translate("editorUi.multiSelect")}
                  checked={field.multi_select}
                  onChange={(multi_select) => onChange({ ...field, multi_select })}
                />
              ) : null}
              <Checkbox
                label={translate("editorUi.urlParams")}
                checked={field.url_params}
                onChange={(url_params) => onChange({ ...field, url_params })}
              />
            </InlineStack>
            <FormLayout.Group>
              <TextField
                label={field.field_type === "hidden" ? translate("editorUi.value") : translate("editorUi.defaultValue")}
                value={field.value ?? ""}
                onChange={(v) => onChange({ ...field, value: v === "" ? null : v })}
                autoComplete="off"
              />
              {field.url_params ? (
                <TextField
                  label={translate("editorUi.urlParameter")}
                  value={field.parameter ?? ""}
                  onChange={(v) => onChange({ ...field, parameter: v === "" ? null : v })}
                  autoComplete="off"
                />
              ) : null}
            </FormLayout.Group>
            {props.isQuiz ? (
              <Select
                label={translate("editorUi.subQuestionOf")}
                options={[
                  { label: translate("editorUi.topLevel"), value: "" },
                  ...parents.map((p) => ({ label: p.slug, value: p.id ? `id:${p.id}` : `slug:${p.slug}` })),
                ]}
                value={field.field_id ? `id:${field.field_id}` : field.parent_slug ? `slug:${field.parent_slug}` : ""}
                onChange={(value) =>
                  onChange({
                    ...field,
                    field_id: value.startsWith("id:") ? Number(value.slice(3)) : null,
                    parent_slug: value.startsWith("slug:") ? value.slice(5) : null,
                  })
                }
                error={parentError}
              />
            ) : null}
            {CHOICE_FIELD_TYPES.includes(field.field_type) ? (
              <ChoicesEditor
                options={field.field_options}
                onChange={(field_options) => onChange({ ...field, field_options })}
                path={[...path, "field_options"]}
                label={translate("editorUi.choicesOf", { title })}
              />
            ) : null}
            <AdvancedOptions
              label={translate("editorUi.fieldOptions", { slug: field.slug })}
              value={currentOptions}
              onChange={(options) => onChange({ ...field, options })}
              errors={[...(optionsError ? [optionsError] : []), ...optionKeyErrors]}
              owner={title}
            />
          </FormLayout>
        ) : null}
      </BlockStack>
    </Box>
  );
}

/** The fields of an element, with an add button. */
export function FieldsEditor({
  fields,
  onChange,
  path,
  isQuiz,
}: {
  fields: Field[];
  onChange(next: Field[]): void;
  path: Path;
  isQuiz: boolean;
}) {
  const translate = useT();
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {isQuiz ? translate("editorUi.questions") : translate("editorUi.fields")}
      </Text>
      {fields.map((field, index) => (
        <FieldEditor
          key={field.id ?? `new-${index}`}
          field={field}
          fields={fields}
          index={index}
          path={[...path, index]}
          isQuiz={isQuiz}
          onChange={(next) => onChange(fields.map((x, j) => (j === index ? next : x)))}
          onMove={(by) => onChange(move(fields, index, by))}
          onRemove={() => onChange(removeAt(fields, index))}
        />
      ))}
      <div>
        <Button
          onClick={() =>
            onChange(
              renumber([
                ...fields,
                newField(
                  fields.map((f) => f.slug),
                  isQuiz ? "radio" : "text",
                  isQuiz ? "question" : "field",
                ),
              ]),
            )
          }
        >
          {isQuiz ? translate("editorUi.addQuestion") : translate("editorUi.addField")}
        </Button>
      </div>
    </BlockStack>
  );
}
