/**
 * A CTA's basics: name, type and subtype, campaign, and when it shows (the
 * trigger options the loader reads, contract/cta-options.ts) or, for
 * inline CTAs, which marked page area it fills.
 */
import { BlockStack, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { CTA_TYPES, type CtaDocument } from "../../../contract/schema/cta";
import { SUBTYPES, withType, type CtaType } from "./document";
import { errorsUnder } from "./document";
import { useAllErrors } from "./errors";
import { AdvancedOptions, StyleControls } from "./StyleControls";
import { useT } from "~/i18n/useT";
import type { AdminKey, Translate } from "~/i18n";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../contract/i18n";

export interface BasicsCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
  broadcasts: { id: number; name: string }[];
}

const triggers = (t: Translate) => [
  { label: t("editor.trigger.delayed"), value: "delayed" },
  { label: t("editor.trigger.scroll"), value: "scroll" },
  { label: t("editor.trigger.exit"), value: "exit" },
  { label: t("editor.trigger.click"), value: "click" },
  { label: t("editor.trigger.add-to-cart"), value: "add-to-cart" },
  { label: t("editor.trigger.immediate"), value: "immediate" },
];

const hiding = (t: Translate) => [
  { label: t("editor.hiding.false"), value: "false" },
  { label: t("editor.hiding.minutes"), value: "minutes" },
  { label: t("editor.hiding.true"), value: "true" },
];

/** The basics card. */
export function BasicsCard({ doc, onChange, broadcasts }: BasicsCardProps) {
  const errors = useAllErrors();
  const t = useT();
  const o = doc.options as Record<string, unknown>;
  const setOption = (key: string, value: unknown) => {
    const options = { ...o, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...doc, options });
  };
  const num = (key: string, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      type="number"
      min={0}
      value={o[key] === undefined ? "" : String(o[key])}
      onChange={(v) => setOption(key, v === "" ? undefined : Number(v))}
      autoComplete="off"
      error={errors[`options.${key}`]}
      {...more}
    />
  );
  const sub = SUBTYPES[doc.cta_type];
  const trigger = String(o.trigger ?? "delayed");
  const aggressive = o.aggressive === true ? "true" : o.aggressive === "minutes" ? "minutes" : "false";
  const placed = doc.cta_type === "inline" || doc.cta_type === "page";
  const teaser = doc.cta_type === "two-tap" || o.teaser === true;
  const teaserTrigger = String(o["teaser-trigger"] ?? "immediate");
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("editor.basics")}
        </Text>
        <FormLayout>
          <TextField
            label={t("editor.name")}
            value={doc.name}
            onChange={(name) => onChange({ ...doc, name })}
            autoComplete="off"
            error={errors.name}
            requiredIndicator
          />
          <FormLayout.Group>
            <Select
              label={t("editor.type")}
              options={CTA_TYPES.map((type) => ({ label: t(`ctaType.${type}`), value: type }))}
              value={doc.cta_type}
              onChange={(v) => onChange(withType(doc, v as CtaType))}
              error={errors.cta_type}
            />
            {sub ? (
              <Select
                label={t(`ctaType.sub.${sub.key}`)}
                options={sub.values.map((v) => ({ label: t(`ctaType.value.${v}` as AdminKey), value: v }))}
                value={doc[sub.key] ?? sub.values[0]}
                onChange={(v) => onChange(withType(doc, doc.cta_type, v))}
                error={errors[sub.key]}
              />
            ) : null}
            <Select
              label={t("editor.campaign")}
              helpText={t("editor.campaignHelp")}
              options={[
                { label: t("editor.noCampaign"), value: "" },
                ...broadcasts.map((b) => ({ label: b.name, value: String(b.id) })),
              ]}
              value={doc.broadcast_id ? String(doc.broadcast_id) : ""}
              onChange={(v) => onChange({ ...doc, broadcast_id: v === "" ? null : Number(v) })}
              error={errors.broadcast_id}
            />
          </FormLayout.Group>
          <Select
            label={t("editor.language")}
            helpText={t("editor.languageHelp")}
            options={[
              { label: t("editor.languageWebsite"), value: "" },
              ...LANGUAGES.map((l) => ({ label: LANGUAGE_NAMES[l], value: l })),
            ]}
            value={typeof o.language == "string" ? o.language : ""}
            onChange={(v) => setOption("language", v)}
            error={errors["options.language"]}
          />
        </FormLayout>
        {placed ? (
          <FormLayout>
            <TextField
              label={t("editor.pageArea")}
              helpText={t("editor.pageAreaHelp", { id: doc.id ?? "ID" })}
              value={String(o.area ?? "")}
              onChange={(v) => setOption("area", v)}
              autoComplete="off"
              error={errors["options.area"]}
            />
          </FormLayout>
        ) : (
          <BlockStack gap="300">
            <Text as="h3" variant="headingSm">
              {t("editor.whenItShows")}
            </Text>
            <FormLayout>
              <FormLayout.Group>
                <Select
                  label={t("editor.trigger")}
                  options={triggers(t)}
                  value={trigger}
                  onChange={(v) => setOption("trigger", v)}
                />
                {trigger === "delayed"
                  ? num("delay", t("editor.delay"), { suffix: t("editor.seconds"), placeholder: "3" })
                  : null}
                {trigger === "scroll"
                  ? num("scroll-percentage", t("editor.scrolled"), {
                      suffix: t("editor.ofPage"),
                      max: 100,
                      placeholder: "50",
                    })
                  : null}
              </FormLayout.Group>
              {trigger === "add-to-cart" ? (
                <FormLayout.Group>
                  <Select
                    label={t("editor.cartValueIs")}
                    options={[
                      { label: t("editor.more"), value: "greater" },
                      { label: t("editor.less"), value: "less" },
                      { label: t("editor.between"), value: "range" },
                    ]}
                    value={String(o["cart-value-comparison"] ?? "greater")}
                    onChange={(v) => setOption("cart-value-comparison", v)}
                  />
                  {num("cart-value", t("editor.cartValue"), { helpText: t("editor.cartValueHelp") })}
                  {o["cart-value-comparison"] === "range" ? num("cart-value-max", t("editor.upTo")) : null}
                </FormLayout.Group>
              ) : null}
              <FormLayout.Group>
                <Select
                  label={t("editor.afterClosing")}
                  options={hiding(t)}
                  value={aggressive}
                  onChange={(v) =>
                    setOption("aggressive", v === "true" ? true : v === "minutes" ? "minutes" : undefined)
                  }
                />
                {aggressive === "false"
                  ? num("hide-days", t("editor.hideFor"), {
                      suffix: t("editor.days"),
                      helpText: t("editor.hideDaysHelp"),
                    })
                  : null}
                {aggressive === "minutes"
                  ? num("minutes-hide", t("editor.hideFor"), { suffix: t("editor.minutes"), placeholder: "30" })
                  : null}
              </FormLayout.Group>
              {doc.cta_type !== "two-tap" ? (
                <Select
                  label={t("editor.teaser")}
                  options={[
                    { label: t("editor.noTeaser"), value: "" },
                    { label: t("editor.withTeaser"), value: "true" },
                  ]}
                  value={o.teaser === true ? "true" : ""}
                  onChange={(v) => setOption("teaser", v === "true" ? true : undefined)}
                />
              ) : null}
              {teaser ? (
                <FormLayout.Group>
                  <Select
                    label={t("editor.teaserAppears")}
                    options={[
                      { label: t("editor.trigger.immediate"), value: "immediate" },
                      { label: t("editor.trigger.delayed"), value: "delayed" },
                      { label: t("editor.trigger.scroll"), value: "scroll" },
                    ]}
                    value={teaserTrigger}
                    onChange={(v) => setOption("teaser-trigger", v)}
                  />
                  {teaserTrigger === "delayed"
                    ? num("teaser-delay", t("editor.teaserDelay"), { suffix: t("editor.seconds") })
                    : null}
                  {teaserTrigger === "scroll"
                    ? num("teaser-scroll-percentage", t("editor.teaserScrolled"), { suffix: "%", max: 100 })
                    : null}
                </FormLayout.Group>
              ) : null}
            </FormLayout>
          </BlockStack>
        )}
        <StyleControls
          level={{ kind: "cta", ctaType: doc.cta_type, subtype: sub ? doc[sub.key] : null }}
          options={o}
          onChange={(options) => onChange({ ...doc, options })}
          errorFor={(key) => errors[`options.${key}`]}
          owner={doc.name || t("editor.basics")}
        />
        <AdvancedOptions
          label={t("editor.allOptions")}
          helpText={t("editor.allOptionsHelp")}
          value={o}
          onChange={(options) => onChange({ ...doc, options })}
          errors={errorsUnder(errors, ["options"])}
          owner={doc.name || t("editor.basics")}
        />
      </BlockStack>
    </Card>
  );
}
