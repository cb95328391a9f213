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
import { ELEMENT_TYPES, type CtaElement, type ElementType } from "#contract/schema/cta";
import { ActionGroupsEditor } from "./ActionGroupsEditor";
import { ContentItemsEditor, hasContentItems } from "./ContentItemsEditor";
import { ProductFeedField } from "./ProductFeedField";
import { PrizesEditor } from "./PrizesEditor";
import { QuizOutcomesEditor } from "./QuizOutcomesEditor";
import { ActionsEditor } from "./ActionsEditor";
import { buttonLabelKey, elementSummary, newElement, type Path } from "./document";
import { errorAt, errorsUnder } from "./document";
import { useAllErrors, useErrorsUnder } from "./errors";
import { FieldsEditor } from "./FieldsEditor";
import { LeadMagnetField } from "./LeadMagnetField";
import type { LeadMagnet } from "#contract/schema/lead-magnet";
import { RichTextField } from "./RichTextField";
import { useCardSelection } from "./selection";
import { AdvancedOptions, StyleControls } from "./StyleControls";
import { useT } from "#app/i18n/useT";
import type { Translate } from "#app/i18n";

/** The element types as select options, labelled in the admin language. */
export const elementTypeChoices = (t: Translate) =>
  ELEMENT_TYPES.map((type) => ({ label: t(`editorUi.type.${type}`), value: type }));

const WITH_FIELDS: readonly ElementType[] = ["form", "quiz", "survey"];

/** Heading levels a text element offers (the widget styles h1 to h3 by size). */
const TEXT_HEADINGS = [1, 2, 3] as const;

/** Inputs for the options of the common element types; null for the rest (they use the JSON box). */
function TypeOptions({ element: el, onChange }: { element: CtaElement; onChange(el: CtaElement): void }) {
  const translate = useT();
  const currentOptions = el.options as Record<string, unknown>;
  const set = (key: string, value: unknown) => {
    const options = { ...currentOptions, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...el, options });
  };
  const text = (key: string, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={currentOptions[key] === undefined ? "" : String(currentOptions[key])}
      onChange={(v) => set(key, v)}
      autoComplete="off"
      {...more}
    />
  );
  const check = (key: string, label: string, helpText?: string) => (
    <Checkbox label={label} helpText={helpText} checked={currentOptions[key] === true} onChange={(v) => set(key, v)} />
  );
  switch (el.element_type) {
    case "text":
      return (
        <RichTextField
          label={translate("richText.label")}
          value={typeof currentOptions.html == "string" ? currentOptions.html : ""}
          onChange={(html) => set("html", html)}
          headingLevels={TEXT_HEADINGS}
        />
      );
    case "button":
      return (
        <FormLayout>
          {/* Template buttons keep their label in "button-text", which the widget reads first: edit that one. */}
          {text(buttonLabelKey(currentOptions), translate("editorUi.buttonText"))}
          <FormLayout.Group>
            {text("url", translate("editorUi.link"), {
              placeholder: translate("editorUi.linkPlaceholder"),
              helpText: translate("editorUi.linkHelp"),
            })}
          </FormLayout.Group>
          {check("target-blank", translate("editorUi.linkNewTab"))}
        </FormLayout>
      );
    case "form":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("button-text", translate("editorUi.buttonText"))}
            <Select
              label={translate("editorUi.layout")}
              options={[
                { label: translate("editorUi.layoutVertical"), value: "vertical" },
                { label: translate("editorUi.layoutHorizontal"), value: "horizontal" },
              ]}
              value={String(currentOptions.layout ?? "vertical")}
              onChange={(v) => set("layout", v)}
            />
          </FormLayout.Group>
          {check(
            "show-marketing-consent",
            translate("editorUi.marketingConsent"),
            translate("editorUi.marketingConsentHelp"),
          )}
          {check(
            "show-privacy-consent",
            translate("editorUi.privacyConsent"),
            translate("editorUi.privacyConsentHelp"),
          )}
          <LeadMagnetField
            value={currentOptions["lead-magnet"] as LeadMagnet | undefined}
            onChange={(magnet) => set("lead-magnet", magnet)}
          />
        </FormLayout>
      );
    case "survey":
      return text("question", translate("editorUi.question"));
    case "image":
    case "logo":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("src", translate("editorUi.imageAddress"), { placeholder: "https://" })}
            {text("alt", translate("editorUi.imageAlt"))}
          </FormLayout.Group>
          {text("url", translate("editorUi.linkOptional"))}
        </FormLayout>
      );
    case "video":
      return text("url", translate("editorUi.videoAddress"));
    case "discount_code":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("label", translate("uniqueCodes.element.label"))}
            {text("fallback-text", translate("uniqueCodes.element.fallback"))}
          </FormLayout.Group>
          <Checkbox
            label={translate("uniqueCodes.element.showApply")}
            checked={currentOptions["show-apply"] !== false}
            onChange={(on) => set("show-apply", on)}
          />
        </FormLayout>
      );
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
  const translate = useT();
  const under = useErrorsUnder(path);
  const all = useAllErrors();
  const [open, setOpen] = useState(under.length > 0);
  const card = useCardSelection(path, () => setOpen(true));
  const summary = elementSummary(el, translate);
  const name = translate("editor.dnd.elementName", { n: index + 1, summary });
  const owner = translate("editorUi.elementN", { n: index + 1 });
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
              accessibilityLabel={
                open ? translate("editorUi.closeNamed", { name }) : translate("editorUi.editNamed", { name })
              }
            >
              {open ? translate("editorUi.close") : translate("editorUi.edit")}
            </Button>
            {handle}
            <Button
              tone="critical"
              variant="plain"
              onClick={onRemove}
              accessibilityLabel={translate("productPicker.removeNamed", { name })}
            >
              {translate("productPicker.remove")}
            </Button>
          </InlineStack>
        </InlineStack>
        {under.length && !open ? (
          <Text as="p" tone="critical">
            {under.length === 1 ? under[0] : translate("editorUi.problemsInside", { count: under.length })}
          </Text>
        ) : null}
        {open ? (
          <BlockStack gap="400">
            <Select
              label={translate("editorUi.elementType")}
              helpText={translate("editorUi.elementTypeHelp")}
              options={elementTypeChoices(translate)}
              value={el.element_type}
              onChange={(v) => onChange({ ...newElement(v as ElementType, el.position), id: el.id })}
            />
            <TypeOptions element={el} onChange={onChange} />
            {hasContentItems(el.element_type) ? <ContentItemsEditor element={el} onChange={onChange} /> : null}
            <PrizesEditor
              element={el}
              onChange={onChange}
              errorFor={(at) => errorAt(all, [...path, "options", "prizes", ...at])}
            />
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
            {isQuiz ? (
              <QuizOutcomesEditor
                element={el}
                onChange={onChange}
                path={path}
                steps={steps}
                errorFor={(at) => errorAt(all, [...path, ...at])}
              />
            ) : null}
            <Divider />
            <BlockStack gap="200">
              <Text as="h4" variant="headingSm">
                {translate("editorUi.afterConverting")}
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
              label={translate("editorUi.elementActions", { n: index + 1 })}
            />
            <AdvancedOptions
              {...(el.element_type === "text"
                ? {
                    toggleText: translate("richText.advanced"),
                    toggleLabel: translate("richText.advancedToggle", { owner }),
                  }
                : {})}
              label={translate("editorUi.allOptions")}
              helpText={translate("editorUi.allOptionsHelp")}
              value={el.options as Record<string, unknown>}
              onChange={(options) => onChange({ ...el, options })}
              errors={errorsUnder(all, [...path, "options"])}
              owner={owner}
            >
              {el.element_type === "text" ? (
                <TextField
                  label={translate("editorUi.textHtml")}
                  helpText={translate("richText.htmlHelp")}
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
