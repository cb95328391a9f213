/**
 * One element of a column (SPEC 3 Element): its type, the options the
 * renderer reads for that type, its fields, action groups and actions, and
 * every option as JSON for the types without their own inputs.
 */
import { useState, type ReactNode } from "react";
import {
  BlockStack,
  Box,
  Button,
  Checkbox,
  Divider,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { ELEMENT_TYPES, type CtaElement, type ElementType } from "../../../contract/schema/cta";
import { ActionGroupsEditor } from "./ActionGroupsEditor";
import { ContentItemsEditor, hasContentItems } from "./ContentItemsEditor";
import { ProductFeedField } from "./ProductFeedField";
import { ActionsEditor } from "./ActionsEditor";
import { buttonLabelKey, elementSummary, newElement, type Path } from "./document";
import { errorAt, errorsUnder } from "./document";
import { useAllErrors, useErrorsUnder } from "./errors";
import { FieldsEditor } from "./FieldsEditor";
import { RichTextField } from "./RichTextField";
import { useCardSelection } from "./selection";
import { AdvancedOptions, StyleControls } from "./StyleControls";
import { useT } from "~/i18n/useT";
import type { Translate } from "~/i18n";

/** The element types as select options, labelled in the admin language. */
export const elementTypeChoices = (t: Translate) =>
  ELEMENT_TYPES.map((type) => ({ label: t(`editorUi.type.${type}`), value: type }));

const WITH_FIELDS: readonly ElementType[] = ["form", "quiz", "survey"];

/** Heading levels a text element offers (the widget styles h1 to h3 by size). */
const TEXT_HEADINGS = [1, 2, 3] as const;

/** Inputs for the options of the common element types; null for the rest (they use the JSON box). */
function TypeOptions({ element: el, onChange }: { element: CtaElement; onChange(el: CtaElement): void }) {
  const t = useT();
  const o = el.options as Record<string, unknown>;
  const set = (key: string, value: unknown) => {
    const options = { ...o, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...el, options });
  };
  const text = (key: string, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={o[key] === undefined ? "" : String(o[key])}
      onChange={(v) => set(key, v)}
      autoComplete="off"
      {...more}
    />
  );
  const check = (key: string, label: string, helpText?: string) => (
    <Checkbox label={label} helpText={helpText} checked={o[key] === true} onChange={(v) => set(key, v)} />
  );
  switch (el.element_type) {
    case "text":
      return (
        <RichTextField
          label={t("richText.label")}
          value={typeof o.html == "string" ? o.html : ""}
          onChange={(html) => set("html", html)}
          headingLevels={TEXT_HEADINGS}
        />
      );
    case "button":
      return (
        <FormLayout>
          {/* Template buttons keep their label in "button-text", which the widget reads first: edit that one. */}
          {text(buttonLabelKey(o), t("editorUi.buttonText"))}
          <FormLayout.Group>
            {text("url", t("editorUi.link"), {
              placeholder: t("editorUi.linkPlaceholder"),
              helpText: t("editorUi.linkHelp"),
            })}
          </FormLayout.Group>
          {check("target-blank", t("editorUi.linkNewTab"))}
        </FormLayout>
      );
    case "form":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("button-text", t("editorUi.buttonText"))}
            <Select
              label={t("editorUi.layout")}
              options={[
                { label: t("editorUi.layoutVertical"), value: "vertical" },
                { label: t("editorUi.layoutHorizontal"), value: "horizontal" },
              ]}
              value={String(o.layout ?? "vertical")}
              onChange={(v) => set("layout", v)}
            />
          </FormLayout.Group>
          {check("show-marketing-consent", t("editorUi.marketingConsent"), t("editorUi.marketingConsentHelp"))}
          {check("show-privacy-consent", t("editorUi.privacyConsent"), t("editorUi.privacyConsentHelp"))}
        </FormLayout>
      );
    case "survey":
      return text("question", t("editorUi.question"));
    case "image":
    case "logo":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("src", t("editorUi.imageAddress"), { placeholder: "https://" })}
            {text("alt", t("editorUi.imageAlt"))}
          </FormLayout.Group>
          {text("url", t("editorUi.linkOptional"))}
        </FormLayout>
      );
    case "video":
      return text("url", t("editorUi.videoAddress"));
    default:
      return null;
  }
}

export interface ElementEditorProps {
  element: CtaElement;
  onChange(el: CtaElement): void;
  onRemove(): void;
  /** The drag handle that moves this element within its column (SortableList). */
  handle: ReactNode;
  index: number;
  path: Path;
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
}

/** An element card: a one-line summary, and its editor when opened. */
export function ElementEditor({
  element: el,
  onChange,
  onRemove,
  handle,
  index,
  path,
  steps,
  ctaOptions,
}: ElementEditorProps) {
  const t = useT();
  const under = useErrorsUnder(path);
  const all = useAllErrors();
  const [open, setOpen] = useState(under.length > 0);
  const card = useCardSelection(path, () => setOpen(true));
  const summary = elementSummary(el, t);
  const name = t("editor.dnd.elementName", { n: index + 1, summary });
  const owner = t("editorUi.elementN", { n: index + 1 });
  const isQuiz = el.element_type === "quiz";
  const questions = isQuiz ? el.fields.map((f) => ({ id: f.id, slug: f.slug })) : [];
  return (
    <Box
      ref={card.ref}
      id={card.id}
      padding="300"
      background="bg-surface"
      borderWidth={card.selected ? "050" : "025"}
      borderColor={under.length ? "border-critical" : card.selected ? "border-emphasis" : "border"}
      borderRadius="200"
    >
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
          <Text as="h4" variant="headingSm" truncate>
            {summary}
          </Text>
          <InlineStack gap="100" wrap={false}>
            <Button
              onClick={() => setOpen(!open)}
              ariaExpanded={open}
              accessibilityLabel={open ? t("editorUi.closeNamed", { name }) : t("editorUi.editNamed", { name })}
            >
              {open ? t("editorUi.close") : t("editorUi.edit")}
            </Button>
            {handle}
            <Button
              tone="critical"
              variant="plain"
              onClick={onRemove}
              accessibilityLabel={t("productPicker.removeNamed", { name })}
            >
              {t("productPicker.remove")}
            </Button>
          </InlineStack>
        </InlineStack>
        {under.length && !open ? (
          <Text as="p" tone="critical">
            {under.length === 1 ? under[0] : t("editorUi.problemsInside", { count: under.length })}
          </Text>
        ) : null}
        {open ? (
          <BlockStack gap="400">
            <Select
              label={t("editorUi.elementType")}
              helpText={t("editorUi.elementTypeHelp")}
              options={elementTypeChoices(t)}
              value={el.element_type}
              onChange={(v) => onChange({ ...newElement(v as ElementType, el.position), id: el.id })}
            />
            <TypeOptions element={el} onChange={onChange} />
            {hasContentItems(el.element_type) ? <ContentItemsEditor element={el} onChange={onChange} /> : null}
            <StyleControls
              level={{ kind: "element", type: el.element_type }}
              options={el.options as Record<string, unknown>}
              onChange={(options) => onChange({ ...el, options })}
              errorFor={(key) => errorAt(all, [...path, "options", key])}
              owner={owner}
            />
            {el.element_type === "products" ? <ProductFeedField element={el} onChange={onChange} /> : null}
            {WITH_FIELDS.includes(el.element_type) ? (
              <FieldsEditor
                fields={el.fields}
                onChange={(fields) => onChange({ ...el, fields })}
                path={[...path, "fields"]}
                isQuiz={isQuiz}
              />
            ) : null}
            <Divider />
            <BlockStack gap="200">
              <Text as="h4" variant="headingSm">
                {t("editorUi.afterConverting")}
              </Text>
              <ActionGroupsEditor
                groups={el.action_groups}
                onChange={(action_groups) => onChange({ ...el, action_groups })}
                path={[...path, "action_groups"]}
                owner={owner}
                steps={steps}
                ctaOptions={ctaOptions}
                questions={questions}
              />
            </BlockStack>
            <ActionsEditor
              actions={el.actions}
              onChange={(actions) => onChange({ ...el, actions })}
              path={[...path, "actions"]}
              label={t("editorUi.elementActions", { n: index + 1 })}
            />
            <AdvancedOptions
              {...(el.element_type === "text"
                ? { toggleText: t("richText.advanced"), toggleLabel: t("richText.advancedToggle", { owner }) }
                : {})}
              label={t("editorUi.allOptions")}
              helpText={t("editorUi.allOptionsHelp")}
              value={el.options as Record<string, unknown>}
              onChange={(options) => onChange({ ...el, options })}
              errors={errorsUnder(all, [...path, "options"])}
              owner={owner}
            >
              {el.element_type === "text" ? (
                <TextField
                  label={t("editorUi.textHtml")}
                  helpText={t("richText.htmlHelp")}
                  value={typeof el.options.html == "string" ? el.options.html : ""}
                  onChange={(html) => {
                    const options: Record<string, unknown> = { ...el.options, html };
                    if (html === "") delete options.html;
                    onChange({ ...el, options });
                  }}
                  multiline={3}
                  monospaced
                  autoComplete="off"
                />
              ) : null}
            </AdvancedOptions>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Box>
  );
}
