/**
 * An action group's confirmation: its type (SPEC 3 confirmation types) and
 * the data keys that type uses, plus the keys every type may carry
 * (confirmation-close, script, and for quiz questions jump-field-id).
 */
import { BlockStack, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { CONFIRMATION_TYPES, type ActionGroupData, type ConfirmationType } from "~/lib/schema/cta";
import { CONFIRMATION_LABELS, listOf, quantitiesOf, quantitiesText, withConfirmationType, type Path } from "./document";
import { useAllErrors } from "./errors";
import { CommitTextField } from "./CommitTextField";
import { ProductPickerField } from "./ProductPickerField";

export interface ConfirmationFieldsProps {
  data: ActionGroupData;
  onChange(next: ActionGroupData): void;
  /** Path of the group's data bag in the document. */
  path: Path;
  label: string;
  steps: { position: number; name: string }[];
  ctaOptions: { id: number; name: string }[];
  /** Questions of a quiz element, for jump-field-id; empty elsewhere. */
  questions?: { id: number | undefined; slug: string }[];
}

const TYPE_CHOICES = CONFIRMATION_TYPES.map((t) => ({ label: CONFIRMATION_LABELS[t], value: t }));

/** The type select and the inputs of the chosen type. */
export function ConfirmationFields({ data, onChange, path, label, steps, ctaOptions, questions = [] }: ConfirmationFieldsProps) {
  const errors = useAllErrors();
  const err = (key: string) => errors[[...path, key].join(".")];
  const type = (data["confirmation-type"] ?? "message") as ConfirmationType;
  const set = (key: string, value: unknown) => {
    const next: Record<string, unknown> = { ...data, [key]: value };
    if (value === undefined || value === "") delete next[key];
    onChange(next as ActionGroupData);
  };
  const text = (key: keyof ActionGroupData & string, name: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={`${name}`} value={String(data[key] ?? "")} onChange={(v) => set(key, v)} autoComplete="off" error={err(key)} {...more} />
  );
  const check = (key: keyof ActionGroupData & string, name: string, fallback = false) => (
    <Checkbox label={name} checked={data[key] === undefined ? fallback : data[key] === true} onChange={(v) => set(key, v)} />
  );

  return (
    <BlockStack gap="300">
      <Select
        label={`${label}: after converting`}
        options={TYPE_CHOICES}
        value={type}
        onChange={(v) => onChange(withConfirmationType(data, v as ConfirmationType))}
        error={err("confirmation-type")}
      />
      <FormLayout>
        {type === "message" ? text("confirmation", "Message (HTML allowed)", { multiline: 2, placeholder: "Thanks!" }) : null}
        {type === "redirect" ? (
          <>
            {text("redirect-url", "Web address", { placeholder: "https://example.com/thanks or /thanks" })}
            {check("query-string", "Pass on the page's query string")}
            {check("target-blank", "Open in a new tab")}
          </>
        ) : null}
        {type === "step" ? (
          <Select
            label="Go to step"
            options={steps.map((s) => ({ label: s.name, value: String(s.position) }))}
            value={String(data["redirect-step"] ?? "")}
            onChange={(v) => set("redirect-step", Number(v))}
            error={err("redirect-step")}
            placeholder="Choose a step"
          />
        ) : null}
        {type === "cta" ? (
          <Select
            label="Open CTA"
            options={ctaOptions.map((c) => ({ label: c.name, value: String(c.id) }))}
            value={data["confirmation-cta"] ? String(data["confirmation-cta"]) : ""}
            onChange={(v) => set("confirmation-cta", v === "" ? undefined : Number(v))}
            error={err("confirmation-cta")}
            placeholder="Choose a CTA"
          />
        ) : null}
        {type === "sms" ? (
          <FormLayout.Group>
            {text("sms-number", "Phone number", { type: "tel", placeholder: "+46701234567" })}
            {text("sms-keyword", "Keyword")}
          </FormLayout.Group>
        ) : null}
        {type === "anchor" ? (
          <>
            {text("anchor-selector", "Part of the page", { placeholder: "#pricing", helpText: "A # and the id of an element on the page" })}
            {check("anchor-smooth-scroll", "Scroll smoothly", true)}
          </>
        ) : null}
        {type === "cart" || type === "checkout" || type === "product" ? (
          <>
            {text("selected-store-integration", "Store", {
              placeholder: "shopify",
              helpText: "shopify for the theme's Ajax cart, headless for Storefront API carts",
            })}
            <ProductPickerField data={data} onChange={onChange} />
            <CommitTextField
              label="Product variant ids"
              helpText="Comma separated"
              text={(data["selected-product-variant-ids"] ?? []).join(", ")}
              onCommit={(v) => set("selected-product-variant-ids", listOf(v))}
              error={err("selected-product-variant-ids")}
            />
            <CommitTextField
              label="Quantities"
              helpText="variant id:quantity, comma separated (1 when left out)"
              text={quantitiesText(data["selected-products-quantity"])}
              onCommit={(v) => set("selected-products-quantity", quantitiesOf(v))}
              error={err("selected-products-quantity")}
            />
          </>
        ) : null}
        {questions.length ? (
          <Select
            label="Then go to question"
            options={[
              { label: "The next one", value: "" },
              ...questions.filter((q) => q.id).map((q) => ({ label: q.slug, value: String(q.id) })),
              { label: "Next sub-question", value: "next_sub_question" },
              { label: "End the quiz", value: "complete_quiz" },
            ]}
            value={data["jump-field-id"] === undefined ? "" : String(data["jump-field-id"])}
            onChange={(v) => set("jump-field-id", v === "" ? undefined : /^\d+$/.test(v) ? Number(v) : v)}
            error={err("jump-field-id")}
          />
        ) : null}
        {check("confirmation-close", "Close the CTA afterwards")}
        {text("script", "Script to run (JavaScript)", { multiline: 2, monospaced: true })}
      </FormLayout>
    </BlockStack>
  );
}
