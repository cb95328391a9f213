/**
 * An action group's confirmation: its type (SPEC 3 confirmation types) and
 * the data keys that type uses, plus the keys every type may carry
 * (confirmation-close, script, and for quiz questions jump-field-id).
 */
import { BlockStack, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { CONFIRMATION_TYPES, type ActionGroupData, type ConfirmationType } from "#contract/schema/cta";
import { listOf, quantitiesOf, quantitiesText, withConfirmationType, type Path } from "./document";
import { useAllErrors } from "./errors";
import { CommitTextField } from "./CommitTextField";
import { ProductPickerField, usePickableStore } from "./ProductPickerField";
import { useT } from "#app/i18n/useT";

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

/** The type select and the inputs of the chosen type. */
export function ConfirmationFields({
  data,
  onChange,
  path,
  label,
  steps,
  ctaOptions,
  questions = [],
}: ConfirmationFieldsProps) {
  const translate = useT();
  const pickable = !!usePickableStore();
  const errors = useAllErrors();
  const err = (key: string) => errors[[...path, key].join(".")];
  const type = (data["confirmation-type"] ?? "message") as ConfirmationType;
  const set = (key: string, value: unknown) => {
    const next: Record<string, unknown> = { ...data, [key]: value };
    if (value === undefined || value === "") delete next[key];
    onChange(next as ActionGroupData);
  };
  const text = (
    key: keyof ActionGroupData & string,
    name: string,
    more: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={`${name}`}
      value={String(data[key] ?? "")}
      onChange={(v) => set(key, v)}
      autoComplete="off"
      error={err(key)}
      {...more}
    />
  );
  const check = (key: keyof ActionGroupData & string, name: string, fallback = false) => (
    <Checkbox
      label={name}
      checked={data[key] === undefined ? fallback : data[key] === true}
      onChange={(v) => set(key, v)}
    />
  );

  return (
    <BlockStack gap="300">
      <Select
        label={translate("editorUi.afterConvertingOf", { label })}
        options={CONFIRMATION_TYPES.map((value) => ({ label: translate(`editorUi.confirm.${value}`), value }))}
        value={type}
        onChange={(v) => onChange(withConfirmationType(data, v as ConfirmationType))}
        error={err("confirmation-type")}
      />
      <FormLayout>
        {type === "message"
          ? text("confirmation", translate("editorUi.message"), {
              multiline: 2,
              placeholder: translate("editorUi.messagePlaceholder"),
            })
          : null}
        {type === "redirect" ? (
          <>
            {text("redirect-url", translate("editorUi.webAddress"), {
              placeholder: translate("editorUi.webAddressPlaceholder"),
            })}
            {check("query-string", translate("editorUi.queryString"))}
            {check("target-blank", translate("editorUi.newTab"))}
          </>
        ) : null}
        {type === "step" ? (
          <Select
            label={translate("editorUi.goToStep")}
            options={steps.map((s) => ({ label: s.name, value: String(s.position) }))}
            value={String(data["redirect-step"] ?? "")}
            onChange={(v) => set("redirect-step", Number(v))}
            error={err("redirect-step")}
            placeholder={translate("editorUi.chooseStep")}
          />
        ) : null}
        {type === "cta" ? (
          <Select
            label={translate("editorUi.openCta")}
            options={ctaOptions.map((c) => ({ label: c.name, value: String(c.id) }))}
            value={data["confirmation-cta"] ? String(data["confirmation-cta"]) : ""}
            onChange={(v) => set("confirmation-cta", v === "" ? undefined : Number(v))}
            error={err("confirmation-cta")}
            placeholder={translate("editorUi.chooseCta")}
          />
        ) : null}
        {type === "sms" ? (
          <FormLayout.Group>
            {text("sms-number", translate("editorUi.phoneNumber"), { type: "tel", placeholder: "+46701234567" })}
            {text("sms-keyword", translate("editorUi.keyword"))}
          </FormLayout.Group>
        ) : null}
        {type === "anchor" ? (
          <>
            {text("anchor-selector", translate("editorUi.anchor"), {
              placeholder: "#pricing",
              helpText: translate("editorUi.anchorHelp"),
            })}
            {check("anchor-smooth-scroll", translate("editorUi.smoothScroll"), true)}
          </>
        ) : null}
        {type === "cart" || type === "checkout" || type === "product" ? (
          <>
            {text("selected-store-integration", translate("editorUi.store"), {
              placeholder: "shopify",
              helpText: translate("editorUi.storeHelp"),
            })}
            <ProductPickerField data={data} onChange={onChange} />
            {/* Typed ids only where nothing can be picked (no store known to the editor), or to fix a bad one. */}
            {pickable && !err("selected-product-variant-ids") ? null : (
              <CommitTextField
                label={translate("editorUi.variantIds")}
                helpText={translate("editorUi.commaSeparated")}
                text={(data["selected-product-variant-ids"] ?? []).join(", ")}
                onCommit={(v) => set("selected-product-variant-ids", listOf(v))}
                error={err("selected-product-variant-ids")}
              />
            )}
            <CommitTextField
              label={translate("editorUi.quantities")}
              helpText={translate("editorUi.quantitiesHelp")}
              text={quantitiesText(data["selected-products-quantity"])}
              onCommit={(v) => set("selected-products-quantity", quantitiesOf(v))}
              error={err("selected-products-quantity")}
            />
          </>
        ) : null}
        {questions.length ? (
          <Select
            label={translate("editorUi.thenQuestion")}
            options={[
              { label: translate("editorUi.nextOne"), value: "" },
              ...questions.filter((q) => q.id).map((q) => ({ label: q.slug, value: String(q.id) })),
              { label: translate("editorUi.nextSubQuestion"), value: "next_sub_question" },
              { label: translate("editorUi.endQuiz"), value: "complete_quiz" },
            ]}
            value={data["jump-field-id"] === undefined ? "" : String(data["jump-field-id"])}
            onChange={(v) => set("jump-field-id", v === "" ? undefined : /^\d+$/.test(v) ? Number(v) : v)}
            error={err("jump-field-id")}
          />
        ) : null}
        {check("confirmation-close", translate("editorUi.closeAfterwards"))}
        {text("script", translate("editorUi.script"), { multiline: 2, monospaced: true })}
      </FormLayout>
    </BlockStack>
  );
}
