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
import { FIELD_TYPES, type Field, type FieldOption } from "../../../contract/schema/cta";
import { move, newField, removeAt, renumber, type Path } from "./document";
import { useError, useErrorsUnder } from "./errors";
import { ReorderButtons } from "./ReorderButtons";
import { AdvancedOptions } from "./StyleControls";
import { translator, type Translate } from "~/i18n";
import { useT } from "~/i18n/useT";

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
  const o = f.options as Record<string, unknown>;
  const text = [o.label, o.question].find((v): v is string => typeof v === "string" && v.trim() !== "");
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
  const t = useT();
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
      {options.map((o, i) => {
        // Named by what the visitor reads ("Choice 2 “6–20 sellers”"), not by slug and index.
        const choice = choiceName(o, i, t);
        return (
          <InlineGrid key={i} columns={{ xs: 1, sm: "1fr 1fr 90px auto" }} gap="200" alignItems="end">
            <TextField
              label={t("editorUi.choiceValue", { choice })}
              value={o.value}
              onChange={(value) => set(i, { value })}
              autoComplete="off"
            />
            <TextField
              label={t("editorUi.choiceLabel", { choice })}
              value={o.label ?? ""}
              onChange={(v) => set(i, { label: v === "" ? undefined : v })}
              autoComplete="off"
            />
            <TextField
              label={t("editorUi.choiceScore", { choice })}
              type="number"
              value={o.score === undefined ? "" : String(o.score)}
              onChange={(v) => set(i, { score: v === "" || !Number.isFinite(Number(v)) ? undefined : Number(v) })}
              autoComplete="off"
            />
            <Button
              tone="critical"
              variant="plain"
              onClick={() => onChange(options.filter((_, j) => j !== i))}
              accessibilityLabel={t("editorUi.removeChoice", { choice, label })}
            >
              {t("productPicker.remove")}
            </Button>
          </InlineGrid>
        );
      })}
      <div>
        <Button
          onClick={() =>
            onChange([
              ...options,
              { value: `choice_${options.length + 1}`, label: t("editorUi.choiceN", { n: options.length + 1 }) },
            ])
          }
        >
          {t("editorUi.addChoice")}
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
  const { field: f, path, onChange } = props;
  const t = useT();
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
  const o = f.options as Record<string, unknown>;
  const setOption = (key: string, value: unknown) => {
    const options = { ...o, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...f, options });
  };
  const title = fieldTitle(f);
  const name = t("editorUi.fieldName", { n: props.index + 1, title });
  const parents = props.fields.filter((x) => x !== f && (x.id || x.slug));
  return (
    <Box padding="300" borderWidth="025" borderColor={under.length ? "border-critical" : "border"} borderRadius="200">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h5" variant="headingSm">
            {`${title}${title !== f.slug ? ` (${f.slug})` : ""} · ${t(`editorUi.field.${f.field_type}`)}${f.required ? ` · ${t("editorUi.required")}` : ""}`}
          </Text>
          <InlineStack gap="100">
            <Button
              onClick={() => setOpen(!open)}
              ariaExpanded={open}
              accessibilityLabel={open ? t("editorUi.closeNamed", { name }) : t("editorUi.editNamed", { name })}
            >
              {open ? t("editorUi.close") : t("editorUi.edit")}
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
                label={t("editorUi.slug")}
                helpText={t("editorUi.slugHelp")}
                value={f.slug}
                onChange={(slug) => onChange({ ...f, slug })}
                autoComplete="off"
                error={slugError}
              />
              <Select
                label={t("editorUi.fieldType")}
                options={FIELD_TYPES.map((value) => ({ label: t(`editorUi.field.${value}`), value }))}
                value={f.field_type}
                onChange={(v) => onChange({ ...f, field_type: v as Field["field_type"] })}
                error={typeError}
              />
              {f.field_type === "text" ? (
                <Select
                  label={t("editorUi.input")}
                  options={INPUT_TYPES.map(([value, key]) => ({ label: t(key), value }))}
                  value={String(o.type ?? "text")}
                  onChange={(v) => setOption("type", v === "text" ? undefined : v)}
                />
              ) : null}
            </FormLayout.Group>
            <FormLayout.Group>
              <TextField
                label={props.isQuiz ? t("editorUi.question") : t("editorUi.label")}
                value={String(o.label ?? "")}
                onChange={(v) => setOption("label", v)}
                autoComplete="off"
              />
              <TextField
                label={t("editorUi.placeholder")}
                value={String(o.placeholder ?? "")}
                onChange={(v) => setOption("placeholder", v)}
                autoComplete="off"
              />
            </FormLayout.Group>
            <InlineStack gap="400">
              <Checkbox
                label={t("editorUi.requiredLabel")}
                checked={f.required}
                onChange={(required) => onChange({ ...f, required })}
              />
              {CHOICE_FIELD_TYPES.includes(f.field_type) ? (
                <Checkbox
                  label={t("editorUi.multiSelect")}
                  checked={f.multi_select}
                  onChange={(multi_select) => onChange({ ...f, multi_select })}
                />
              ) : null}
              <Checkbox
                label={t("editorUi.urlParams")}
                checked={f.url_params}
                onChange={(url_params) => onChange({ ...f, url_params })}
              />
            </InlineStack>
            <FormLayout.Group>
              <TextField
                label={f.field_type === "hidden" ? t("editorUi.value") : t("editorUi.defaultValue")}
                value={f.value ?? ""}
                onChange={(v) => onChange({ ...f, value: v === "" ? null : v })}
                autoComplete="off"
              />
              {f.url_params ? (
                <TextField
                  label={t("editorUi.urlParameter")}
                  value={f.parameter ?? ""}
                  onChange={(v) => onChange({ ...f, parameter: v === "" ? null : v })}
                  autoComplete="off"
                />
              ) : null}
            </FormLayout.Group>
            {props.isQuiz ? (
              <Select
                label={t("editorUi.subQuestionOf")}
                options={[
                  { label: t("editorUi.topLevel"), value: "" },
                  ...parents.map((p) => ({ label: p.slug, value: p.id ? `id:${p.id}` : `slug:${p.slug}` })),
                ]}
                value={f.field_id ? `id:${f.field_id}` : f.parent_slug ? `slug:${f.parent_slug}` : ""}
                onChange={(v) =>
                  onChange({
                    ...f,
                    field_id: v.startsWith("id:") ? Number(v.slice(3)) : null,
                    parent_slug: v.startsWith("slug:") ? v.slice(5) : null,
                  })
                }
                error={parentError}
              />
            ) : null}
            {CHOICE_FIELD_TYPES.includes(f.field_type) ? (
              <ChoicesEditor
                options={f.field_options}
                onChange={(field_options) => onChange({ ...f, field_options })}
                path={[...path, "field_options"]}
                label={t("editorUi.choicesOf", { title })}
              />
            ) : null}
            <AdvancedOptions
              label={t("editorUi.fieldOptions", { slug: f.slug })}
              value={o}
              onChange={(options) => onChange({ ...f, options })}
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
  const t = useT();
  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {isQuiz ? t("editorUi.questions") : t("editorUi.fields")}
      </Text>
      {fields.map((f, i) => (
        <FieldEditor
          key={f.id ?? `new-${i}`}
          field={f}
          fields={fields}
          index={i}
          path={[...path, i]}
          isQuiz={isQuiz}
          onChange={(next) => onChange(fields.map((x, j) => (j === i ? next : x)))}
          onMove={(by) => onChange(move(fields, i, by))}
          onRemove={() => onChange(removeAt(fields, i))}
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
          {isQuiz ? t("editorUi.addQuestion") : t("editorUi.addField")}
        </Button>
      </div>
    </BlockStack>
  );
}
