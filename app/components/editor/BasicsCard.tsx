/**
 * A CTA's basics: name, type and subtype, campaign, and when it shows (the
 * trigger options the loader reads, widget/core/cta-options.ts) or, for
 * inline CTAs, which marked page area it fills.
 */
import { BlockStack, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import { CTA_TYPES, type CtaDocument } from "~/lib/schema/cta";
import { CTA_TYPE_LABELS, SUBTYPES, withType, type CtaType } from "./document";
import { useAllErrors } from "./errors";
import { JsonOptionsEditor } from "./JsonOptionsEditor";
import { useT } from "~/i18n/useT";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../widget/i18n";

export interface BasicsCardProps {
  doc: CtaDocument;
  onChange(doc: CtaDocument): void;
  broadcasts: { id: number; name: string }[];
}

const TRIGGERS = [
  { label: "After a delay", value: "delayed" },
  { label: "On scroll", value: "scroll" },
  { label: "On exit intent", value: "exit" },
  { label: "On a click (elements with the class cta-ID-trigger)", value: "click" },
  { label: "After adding to cart", value: "add-to-cart" },
  { label: "At once", value: "immediate" },
];

const HIDING = [
  { label: "Hide for some days after closing", value: "false" },
  { label: "Hide for some minutes after closing", value: "minutes" },
  { label: "Never hide (show on every page view)", value: "true" },
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
          <TextField label={t("editor.name")} value={doc.name} onChange={(name) => onChange({ ...doc, name })} autoComplete="off" error={errors.name} requiredIndicator />
          <FormLayout.Group>
            <Select
              label={t("editor.type")}
              options={CTA_TYPES.map((type) => ({ label: CTA_TYPE_LABELS[type], value: type }))}
              value={doc.cta_type}
              onChange={(v) => onChange(withType(doc, v as CtaType))}
              error={errors.cta_type}
            />
            {sub ? (
              <Select
                label={sub.label}
                options={sub.values.map((v) => ({ label: v, value: v }))}
                value={doc[sub.key] ?? sub.values[0]}
                onChange={(v) => onChange(withType(doc, doc.cta_type, v))}
                error={errors[sub.key]}
              />
            ) : null}
            <Select
              label={t("editor.campaign")}
              helpText="Without one, the CTA shows to everyone who passes the site-wide conditions"
              options={[{ label: "No campaign", value: "" }, ...broadcasts.map((b) => ({ label: b.name, value: String(b.id) }))]}
              value={doc.broadcast_id ? String(doc.broadcast_id) : ""}
              onChange={(v) => onChange({ ...doc, broadcast_id: v === "" ? null : Number(v) })}
              error={errors.broadcast_id}
            />
          </FormLayout.Group>
          <Select
            label={t("editor.language")}
            helpText={t("editor.languageHelp")}
            options={[{ label: t("editor.languageWebsite"), value: "" }, ...LANGUAGES.map((l) => ({ label: LANGUAGE_NAMES[l], value: l }))]}
            value={typeof o.language == "string" ? o.language : ""}
            onChange={(v) => setOption("language", v)}
            error={errors["options.language"]}
          />
        </FormLayout>
        {placed ? (
          <FormLayout>
            <TextField
              label="Page area"
              helpText={`Fills elements marked data-beckon-area="NAME" on your pages; any page can also hold <div class="beckon-cta" data-cta-id="${
                doc.id ?? "ID"
              }"></div>`}
              value={String(o.area ?? "")}
              onChange={(v) => setOption("area", v)}
              autoComplete="off"
              error={errors["options.area"]}
            />
          </FormLayout>
        ) : (
          <BlockStack gap="300">
            <Text as="h3" variant="headingSm">
              When it shows
            </Text>
            <FormLayout>
              <FormLayout.Group>
                <Select label="Trigger" options={TRIGGERS} value={trigger} onChange={(v) => setOption("trigger", v)} />
                {trigger === "delayed" ? num("delay", "Delay", { suffix: "seconds", placeholder: "3" }) : null}
                {trigger === "scroll" ? num("scroll-percentage", "Scrolled", { suffix: "% of the page", max: 100, placeholder: "50" }) : null}
              </FormLayout.Group>
              {trigger === "add-to-cart" ? (
                <FormLayout.Group>
                  <Select
                    label="When the cart value is"
                    options={[
                      { label: "more than", value: "greater" },
                      { label: "less than", value: "less" },
                      { label: "between", value: "range" },
                    ]}
                    value={String(o["cart-value-comparison"] ?? "greater")}
                    onChange={(v) => setOption("cart-value-comparison", v)}
                  />
                  {num("cart-value", "Cart value", { helpText: "Empty: the website's cart value threshold" })}
                  {o["cart-value-comparison"] === "range" ? num("cart-value-max", "Up to") : null}
                </FormLayout.Group>
              ) : null}
              <FormLayout.Group>
                <Select
                  label="After closing"
                  options={HIDING}
                  value={aggressive}
                  onChange={(v) => setOption("aggressive", v === "true" ? true : v === "minutes" ? "minutes" : undefined)}
                />
                {aggressive === "false" ? num("hide-days", "Hide for", { suffix: "days", helpText: "0: for the rest of the browser session" }) : null}
                {aggressive === "minutes" ? num("minutes-hide", "Hide for", { suffix: "minutes", placeholder: "30" }) : null}
              </FormLayout.Group>
              {doc.cta_type !== "two-tap" ? (
                <Select
                  label="Teaser"
                  options={[
                    { label: "No teaser: show the CTA itself", value: "" },
                    { label: "Show a small teaser first (prehook)", value: "true" },
                  ]}
                  value={o.teaser === true ? "true" : ""}
                  onChange={(v) => setOption("teaser", v === "true" ? true : undefined)}
                />
              ) : null}
              {teaser ? (
                <FormLayout.Group>
                  <Select
                    label="Teaser appears"
                    options={[
                      { label: "At once", value: "immediate" },
                      { label: "After a delay", value: "delayed" },
                      { label: "On scroll", value: "scroll" },
                    ]}
                    value={teaserTrigger}
                    onChange={(v) => setOption("teaser-trigger", v)}
                  />
                  {teaserTrigger === "delayed" ? num("teaser-delay", "Teaser delay", { suffix: "seconds" }) : null}
                  {teaserTrigger === "scroll" ? num("teaser-scroll-percentage", "Teaser after scrolling", { suffix: "%", max: 100 }) : null}
                </FormLayout.Group>
              ) : null}
            </FormLayout>
          </BlockStack>
        )}
        <JsonOptionsEditor
          label="All CTA options (JSON)"
          helpText="Every display option, including those without their own input (css, width, close-button ...)"
          value={o}
          onChange={(options) => onChange({ ...doc, options })}
          error={errors.options}
        />
      </BlockStack>
    </Card>
  );
}
