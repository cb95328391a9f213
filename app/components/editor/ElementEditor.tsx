/**
 * One element of a column (SPEC 3 Element): its type, the options the
 * renderer reads for that type, its fields, action groups and actions, and
 * every option as JSON for the types without their own inputs.
 */
import { useState, type ReactNode } from "react";
import { BlockStack, Box, Button, Checkbox, Divider, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { ELEMENT_TYPES, type CtaElement, type ElementType } from "~/lib/schema/cta";
import { ActionGroupsEditor } from "./ActionGroupsEditor";
import { ProductFeedField } from "./ProductFeedField";
import { ActionsEditor } from "./ActionsEditor";
import { elementSummary, newElement, type Path } from "./document";
import { errorAt, errorsUnder } from "./document";
import { useAllErrors, useErrorsUnder } from "./errors";
import { FieldsEditor } from "./FieldsEditor";
import { useCardSelection } from "./selection";
import { AdvancedOptions, StyleControls } from "./StyleControls";

export const ELEMENT_TYPE_CHOICES = ELEMENT_TYPES.map((t) => ({ label: t.replace(/_/g, " "), value: t }));

const WITH_FIELDS: readonly ElementType[] = ["form", "quiz", "survey"];

/** Inputs for the options of the common element types; null for the rest (they use the JSON box). */
function TypeOptions({ element: el, onChange }: { element: CtaElement; onChange(el: CtaElement): void }) {
  const o = el.options as Record<string, unknown>;
  const set = (key: string, value: unknown) => {
    const options = { ...o, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...el, options });
  };
  const text = (key: string, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} value={o[key] === undefined ? "" : String(o[key])} onChange={(v) => set(key, v)} autoComplete="off" {...more} />
  );
  const check = (key: string, label: string, helpText?: string) => (
    <Checkbox label={label} helpText={helpText} checked={o[key] === true} onChange={(v) => set(key, v)} />
  );
  switch (el.element_type) {
    case "text":
      return text("html", "Text (HTML: headings, paragraphs, links, lists, bold)", { multiline: 3, monospaced: true });
    case "button":
      return (
        <FormLayout>
          {text("text", "Button text")}
          <FormLayout.Group>
            {text("url", "Link", { placeholder: "https://example.com or /page", helpText: "Without a link the button converts and runs the action groups" })}
          </FormLayout.Group>
          {check("target-blank", "Open the link in a new tab")}
        </FormLayout>
      );
    case "form":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("button-text", "Button text")}
            <Select
              label="Layout"
              options={[
                { label: "Fields under each other", value: "vertical" },
                { label: "Fields side by side", value: "horizontal" },
              ]}
              value={String(o.layout ?? "vertical")}
              onChange={(v) => set("layout", v)}
            />
          </FormLayout.Group>
          {check("show-marketing-consent", "Ask for marketing consent", "Uses the marketing consent text of the website settings")}
          {check("show-privacy-consent", "Ask to accept the privacy policy", "Uses the privacy message and link of the website settings")}
        </FormLayout>
      );
    case "survey":
      return text("question", "Question");
    case "image":
    case "logo":
      return (
        <FormLayout>
          <FormLayout.Group>
            {text("src", "Image address", { placeholder: "https://" })}
            {text("alt", "Description for screen readers")}
          </FormLayout.Group>
          {text("url", "Link (optional)")}
        </FormLayout>
      );
    case "video":
      return text("url", "Video address (YouTube, Vimeo or a file)");
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
export function ElementEditor({ element: el, onChange, onRemove, handle, index, path, steps, ctaOptions }: ElementEditorProps) {
  const under = useErrorsUnder(path);
  const all = useAllErrors();
  const [open, setOpen] = useState(under.length > 0);
  const card = useCardSelection(path, () => setOpen(true));
  const summary = elementSummary(el);
  const name = `element ${index + 1} (${summary})`;
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
            <Button onClick={() => setOpen(!open)} ariaExpanded={open} accessibilityLabel={`${open ? "Close" : "Edit"} ${name}`}>
              {open ? "Close" : "Edit"}
            </Button>
            {handle}
            <Button tone="critical" variant="plain" onClick={onRemove} accessibilityLabel={`Remove ${name}`}>
              Remove
            </Button>
          </InlineStack>
        </InlineStack>
        {under.length && !open ? (
          <Text as="p" tone="critical">
            {under.length === 1 ? under[0] : `${under.length} problems inside; open to see them`}
          </Text>
        ) : null}
        {open ? (
          <BlockStack gap="400">
            <Select
              label="Element type"
              helpText="Changing the type starts its options afresh"
              options={ELEMENT_TYPE_CHOICES}
              value={el.element_type}
              onChange={(v) => onChange({ ...newElement(v as ElementType, el.position), id: el.id })}
            />
            <TypeOptions element={el} onChange={onChange} />
            <StyleControls
              level={{ kind: "element", type: el.element_type }}
              options={el.options as Record<string, unknown>}
              onChange={(options) => onChange({ ...el, options })}
              errorFor={(key) => errorAt(all, [...path, "options", key])}
              owner={`Element ${index + 1}`}
            />
            {el.element_type === "products" ? <ProductFeedField element={el} onChange={onChange} /> : null}
            {WITH_FIELDS.includes(el.element_type) ? (
              <FieldsEditor fields={el.fields} onChange={(fields) => onChange({ ...el, fields })} path={[...path, "fields"]} isQuiz={isQuiz} />
            ) : null}
            <Divider />
            <BlockStack gap="200">
              <Text as="h4" variant="headingSm">
                After converting
              </Text>
              <ActionGroupsEditor
                groups={el.action_groups}
                onChange={(action_groups) => onChange({ ...el, action_groups })}
                path={[...path, "action_groups"]}
                owner={`Element ${index + 1}`}
                steps={steps}
                ctaOptions={ctaOptions}
                questions={questions}
              />
            </BlockStack>
            <ActionsEditor
              actions={el.actions}
              onChange={(actions) => onChange({ ...el, actions })}
              path={[...path, "actions"]}
              label={`Element ${index + 1} actions`}
            />
            <AdvancedOptions
              label="All options (JSON)"
              helpText="Every option of this element, including those without their own input (products-limit, timer-type, progress-type ...)"
              value={el.options as Record<string, unknown>}
              onChange={(options) => onChange({ ...el, options })}
              errors={errorsUnder(all, [...path, "options"])}
              owner={`Element ${index + 1}`}
            />
          </BlockStack>
        ) : null}
      </BlockStack>
    </Box>
  );
}
