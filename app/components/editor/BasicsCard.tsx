/**
 * A CTA's basics: name, type and subtype, campaign, and when it shows (the
 * trigger options the loader reads, contract/cta-options.ts) or, for
 * inline CTAs, which marked page area it fills.
 */
import { BlockStack, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { CTA_TYPES, type CtaDocument } from "#contract/schema/cta";
import { SUBTYPES, withType, type CtaType } from "./document";
import { errorsUnder } from "./document";
import { useAllErrors } from "./errors";
import { AdvancedOptions, StyleControls } from "./StyleControls";
import { useT } from "#app/i18n/useT";
import type { AdminKey, Translate } from "#app/i18n";
import { LANGUAGE_NAMES, LANGUAGES } from "#contract/i18n";
import { ctaBlockKey } from "#app/view/cta-block-key";
import { CopyButton } from "#app/components/CopyButton";
import { isModal } from "#contract/cta-options";

/** The priorities offered (the widget orders any number; these are plenty to order a site's popups). */
const PRIORITY_RANGE = [-100, 100] as const;

export interface BasicsCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
  broadcasts: { id: number; name: string }[];
}

const triggers = (translate: Translate) => [
  { label: translate("editor.trigger.delayed"), value: "delayed" },
  { label: translate("editor.trigger.scroll"), value: "scroll" },
  { label: translate("editor.trigger.exit"), value: "exit" },
  { label: translate("editor.trigger.click"), value: "click" },
  { label: translate("editor.trigger.add-to-cart"), value: "add-to-cart" },
  { label: translate("editor.trigger.immediate"), value: "immediate" },
];

const hiding = (translate: Translate) => [
  { label: translate("editor.hiding.false"), value: "false" },
  { label: translate("editor.hiding.minutes"), value: "minutes" },
  { label: translate("editor.hiding.true"), value: "true" },
];

/** The basics card. */
export function BasicsCard({ doc, onChange, broadcasts }: BasicsCardProps) {
  const errors = useAllErrors();
  const translate = useT();
  const currentOptions = doc.options as Record<string, unknown>;
  const setOption = (key: string, value: unknown) => {
    const options = { ...currentOptions, [key]: value };
    if (value === "" || value === undefined) delete options[key];
    onChange({ ...doc, options });
  };
  const num = (key: string, label: string, more: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      type="number"
      min={0}
      value={currentOptions[key] === undefined ? "" : String(currentOptions[key])}
      onChange={(v) => setOption(key, v === "" ? undefined : Number(v))}
      autoComplete="off"
      error={errors[`options.${key}`]}
      {...more}
    />
  );
  const sub = SUBTYPES[doc.cta_type];
  const trigger = String(currentOptions.trigger ?? "delayed");
  const aggressive =
    currentOptions.aggressive === true ? "true" : currentOptions.aggressive === "minutes" ? "minutes" : "false";
  const placed = doc.cta_type === "inline" || doc.cta_type === "page";
  const teaser = doc.cta_type === "two-tap" || currentOptions.teaser === true;
  const teaserTrigger = String(currentOptions["teaser-trigger"] ?? "immediate");
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {translate("editor.basics")}
        </Text>
        <FormLayout>
          <TextField
            label={translate("editor.name")}
            value={doc.name}
            onChange={(name) => onChange({ ...doc, name })}
            autoComplete="off"
            error={errors.name}
            requiredIndicator
          />
          <FormLayout.Group>
            <Select
              label={translate("editor.type")}
              options={CTA_TYPES.map((type) => ({ label: translate(`ctaType.${type}`), value: type }))}
              value={doc.cta_type}
              onChange={(v) => onChange(withType(doc, v as CtaType))}
              error={errors.cta_type}
            />
            {sub ? (
              <Select
                label={translate(`ctaType.sub.${sub.key}`)}
                options={sub.values.map((v) => ({ label: translate(`ctaType.value.${v}` as AdminKey), value: v }))}
                value={doc[sub.key] ?? sub.values[0]}
                onChange={(v) => onChange(withType(doc, doc.cta_type, v))}
                error={errors[sub.key]}
              />
            ) : null}
            <Select
              label={translate("editor.campaign")}
              helpText={translate("editor.campaignHelp")}
              options={[
                { label: translate("editor.noCampaign"), value: "" },
                ...broadcasts.map((b) => ({ label: b.name, value: String(b.id) })),
              ]}
              value={doc.broadcast_id ? String(doc.broadcast_id) : ""}
              onChange={(v) => onChange({ ...doc, broadcast_id: v === "" ? null : Number(v) })}
              error={errors.broadcast_id}
            />
          </FormLayout.Group>
          <Select
            label={translate("editor.language")}
            helpText={translate("editor.languageHelp")}
            options={[
              { label: translate("editor.languageWebsite"), value: "" },
              ...LANGUAGES.map((l) => ({ label: LANGUAGE_NAMES[l], value: l })),
            ]}
            value={typeof currentOptions.language == "string" ? currentOptions.language : ""}
            onChange={(v) => setOption("language", v)}
            error={errors["options.language"]}
          />
        </FormLayout>
        {placed ? (
          <FormLayout>
            <TextField
              label={translate("editor.pageArea")}
              helpText={translate("editor.pageAreaHelp", { id: doc.id ?? "ID" })}
              value={String(currentOptions.area ?? "")}
              onChange={(v) => setOption("area", v)}
              autoComplete="off"
              error={errors["options.area"]}
            />
            {doc.cta_type === "inline" && doc.id ? (
              <TextField
                label={translate("editor.blockKey")}
                helpText={translate("editor.blockKeyHelp")}
                value={ctaBlockKey({ id: doc.id, name: doc.name })}
                readOnly
                autoComplete="off"
                connectedRight={
                  <CopyButton
                    text={ctaBlockKey({ id: doc.id, name: doc.name })}
                    label="editor.copyBlockKey"
                    copiedLabel="editor.copied"
                  />
                }
              />
            ) : null}
          </FormLayout>
        ) : (
          <BlockStack gap="300">
            <Text as="h3" variant="headingSm">
              {translate("editor.whenItShows")}
            </Text>
            <FormLayout>
              <FormLayout.Group>
                <Select
                  label={translate("editor.trigger")}
                  options={triggers(translate)}
                  value={trigger}
                  onChange={(v) => setOption("trigger", v)}
                />
                {trigger === "delayed"
                  ? num("delay", translate("editor.delay"), { suffix: translate("editor.seconds"), placeholder: "3" })
                  : null}
                {trigger === "scroll"
                  ? num("scroll-percentage", translate("editor.scrolled"), {
                      suffix: translate("editor.ofPage"),
                      max: 100,
                      placeholder: "50",
                    })
                  : null}
              </FormLayout.Group>
              {trigger === "add-to-cart" ? (
                <FormLayout.Group>
                  <Select
                    label={translate("editor.cartValueIs")}
                    options={[
                      { label: translate("editor.more"), value: "greater" },
                      { label: translate("editor.less"), value: "less" },
                      { label: translate("editor.between"), value: "range" },
                    ]}
                    value={String(currentOptions["cart-value-comparison"] ?? "greater")}
                    onChange={(v) => setOption("cart-value-comparison", v)}
                  />
                  {num("cart-value", translate("editor.cartValue"), { helpText: translate("editor.cartValueHelp") })}
                  {currentOptions["cart-value-comparison"] === "range"
                    ? num("cart-value-max", translate("editor.upTo"))
                    : null}
                </FormLayout.Group>
              ) : null}
              <FormLayout.Group>
                <Select
                  label={translate("editor.afterClosing")}
                  options={hiding(translate)}
                  value={aggressive}
                  onChange={(v) =>
                    setOption("aggressive", v === "true" ? true : v === "minutes" ? "minutes" : undefined)
                  }
                />
                {aggressive === "false"
                  ? num("hide-days", translate("editor.hideFor"), {
                      suffix: translate("editor.days"),
                      helpText: translate("editor.hideDaysHelp"),
                    })
                  : null}
                {aggressive === "minutes"
                  ? num("minutes-hide", translate("editor.hideFor"), {
                      suffix: translate("editor.minutes"),
                      placeholder: "30",
                    })
                  : null}
              </FormLayout.Group>
              {isModal(doc.cta_type)
                ? num("priority", translate("editor.priority"), {
                    helpText: translate("editor.priorityHelp"),
                    min: PRIORITY_RANGE[0],
                    max: PRIORITY_RANGE[1],
                    placeholder: "0",
                  })
                : null}
              {doc.cta_type !== "two-tap" ? (
                <Select
                  label={translate("editor.teaser")}
                  options={[
                    { label: translate("editor.noTeaser"), value: "" },
                    { label: translate("editor.withTeaser"), value: "true" },
                  ]}
                  value={currentOptions.teaser === true ? "true" : ""}
                  onChange={(v) => setOption("teaser", v === "true" ? true : undefined)}
                />
              ) : null}
              {teaser ? (
                <FormLayout.Group>
                  <Select
                    label={translate("editor.teaserAppears")}
                    options={[
                      { label: translate("editor.trigger.immediate"), value: "immediate" },
                      { label: translate("editor.trigger.delayed"), value: "delayed" },
                      { label: translate("editor.trigger.scroll"), value: "scroll" },
                    ]}
                    value={teaserTrigger}
                    onChange={(v) => setOption("teaser-trigger", v)}
                  />
                  {teaserTrigger === "delayed"
                    ? num("teaser-delay", translate("editor.teaserDelay"), { suffix: translate("editor.seconds") })
                    : null}
                  {teaserTrigger === "scroll"
                    ? num("teaser-scroll-percentage", translate("editor.teaserScrolled"), { suffix: "%", max: 100 })
                    : null}
                </FormLayout.Group>
              ) : null}
            </FormLayout>
          </BlockStack>
        )}
        <StyleControls
          level={{ kind: "cta", ctaType: doc.cta_type, subtype: sub ? doc[sub.key] : null }}
          options={currentOptions}
          onChange={(options) => onChange({ ...doc, options })}
          errorFor={(key) => errors[`options.${key}`]}
          owner={doc.name || translate("editor.basics")}
        />
        <AdvancedOptions
          label={translate("editor.allOptions")}
          helpText={translate("editor.allOptionsHelp")}
          value={currentOptions}
          onChange={(options) => onChange({ ...doc, options })}
          errors={errorsUnder(errors, ["options"])}
          owner={doc.name || translate("editor.basics")}
        />
      </BlockStack>
    </Card>
  );
}
