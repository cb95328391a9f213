/**
 * An action group's confirmation: its type (SPEC 3 confirmation types) and
 * the data keys that type uses, plus the keys every type may carry
 * (confirmation-close, script, and for quiz questions jump-field-id).
 */
import { BlockStack, Checkbox, FormLayout, Select, TextField } from "@shopify/polaris";
import { CONFIRMATION_TYPES, type ActionGroupData, type ConfirmationType } from "../../../contract/schema/cta";
import { listOf, quantitiesOf, quantitiesText, withConfirmationType, type Path } from "./document";
import { useAllErrors } from "./errors";
import { CommitTextField } from "./CommitTextField";
import { ProductPickerField } from "./ProductPickerField";
import { useT } from "~/i18n/useT";

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
  const t = useT();
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
        label={t("editorUi.afterConvertingOf", { label })}
        options={CONFIRMATION_TYPES.map((value) => ({ label: t(`editorUi.confirm.${value}`), value }))}
        value={type}
        onChange={(v) => onChange(withConfirmationType(data, v as ConfirmationType))}
        error={err("confirmation-type")}
      />
      <FormLayout>
        {type === "message"
          ? text("confirmation", t("editorUi.message"), { multiline: 2, placeholder: t("editorUi.messagePlaceholder") })
          : null}
        {type === "redirect" ? (
          <>
            {text("redirect-url", t("editorUi.webAddress"), { placeholder: t("editorUi.webAddressPlaceholder") })}
            {check("query-string", t("editorUi.queryString"))}
            {check("target-blank", t("editorUi.newTab"))}
          </>
        ) : null}
        {type === "step" ? (
          <Select
            label={t("editorUi.goToStep")}
            options={steps.map((s) => ({ label: s.name, value: String(s.position) }))}
            value={String(data["redirect-step"] ?? "")}
            onChange={(v) => set("redirect-step", Number(v))}
            error={err("redirect-step")}
            placeholder={t("editorUi.chooseStep")}
          />
        ) : null}
        {type === "cta" ? (
          <Select
            label={t("editorUi.openCta")}
            options={ctaOptions.map((c) => ({ label: c.name, value: String(c.id) }))}
            value={data["confirmation-cta"] ? String(data["confirmation-cta"]) : ""}
            onChange={(v) => set("confirmation-cta", v === "" ? undefined : Number(v))}
            error={err("confirmation-cta")}
            placeholder={t("editorUi.chooseCta")}
          />
        ) : null}
        {type === "sms" ? (
          <FormLayout.Group>
            {text("sms-number", t("editorUi.phoneNumber"), { type: "tel", placeholder: "+46701234567" })}
            {text("sms-keyword", t("editorUi.keyword"))}
          </FormLayout.Group>
        ) : null}
        {type === "anchor" ? (
          <>
            {text("anchor-selector", t("editorUi.anchor"), {
              placeholder: "#pricing",
              helpText: t("editorUi.anchorHelp"),
            })}
            {check("anchor-smooth-scroll", t("editorUi.smoothScroll"), true)}
          </>
        ) : null}
        {type === "cart" || type === "checkout" || type === "product" ? (
          <>
            {text("selected-store-integration", t("editorUi.store"), {
              placeholder: "shopify",
              helpText: t("editorUi.storeHelp"),
            })}
            <ProductPickerField data={data} onChange={onChange} />
            <CommitTextField
              label={t("editorUi.variantIds")}
              helpText={t("editorUi.commaSeparated")}
              text={(data["selected-product-variant-ids"] ?? []).join(", ")}
              onCommit={(v) => set("selected-product-variant-ids", listOf(v))}
              error={err("selected-product-variant-ids")}
            />
            <CommitTextField
              label={t("editorUi.quantities")}
              helpText={t("editorUi.quantitiesHelp")}
              text={quantitiesText(data["selected-products-quantity"])}
              onCommit={(v) => set("selected-products-quantity", quantitiesOf(v))}
              error={err("selected-products-quantity")}
            />
          </>
        ) : null}
        {questions.length ? (
          <Select
            label={t("editorUi.thenQuestion")}
            options={[
              { label: t("editorUi.nextOne"), value: "" },
              ...questions.filter((q) => q.id).map((q) => ({ label: q.slug, value: String(q.id) })),
              { label: t("editorUi.nextSubQuestion"), value: "next_sub_question" },
              { label: t("editorUi.endQuiz"), value: "complete_quiz" },
            ]}
            value={data["jump-field-id"] === undefined ? "" : String(data["jump-field-id"])}
            onChange={(v) => set("jump-field-id", v === "" ? undefined : /^\d+$/.test(v) ? Number(v) : v)}
            error={err("jump-field-id")}
          />
        ) : null}
        {check("confirmation-close", t("editorUi.closeAfterwards"))}
        {text("script", t("editorUi.script"), { multiline: 2, monospaced: true })}
      </FormLayout>
    </BlockStack>
  );
}
