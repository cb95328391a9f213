/**
 * Typed factories of test data, each defined once and taking a deep partial
 * override, so a test says only what differs from the base:
 * `websiteSettingsMock({ data_settings: { "cart-value-threshold": 0 } })`
 * keeps the rest of the settings, `configMock({ integrations: { gtm_id:
 * "GTM-1" } })` keeps the Segment key, `ctaMock({ variants: [...] })`
 * replaces the variants. Plain objects merge key by key; arrays and every
 * other value replace what the base has (a list is a whole: merging two
 * lists item by item would build documents no owner ever sent). The one
 * exception is an `options` or `data` bag (of a CTA, element, field, group,
 * action or condition): its keys depend on the node's type (a radio
 * question has no placeholder, a redirect no thank-you text), so a given
 * bag replaces the base's whole. To replace any other object whole, spread:
 * `{ ...configMock(), texts: { sv } }`.
 *
 * Two kinds of data, one section each:
 * - what an owner sends (zod input types: ids optional, defaults not yet
 *   applied), to pass straight to the models: ctaDocumentMock,
 *   formElementMock, websiteSettingsMock, ...;
 * - the public CTA documents and website config the widget and the
 *   renderer read (contract/schema/cta.ts, public-config.ts): ctaMock,
 *   elementMock, fieldMock, configMock, .... The base ones are the seeded
 *   English newsletter; the variants below them (the Swedish site's
 *   renderer fixtures, quiz questions) are the base with their differences.
 */
import type { z } from "zod";
import type { broadcastInputSchema } from "#app/models/broadcast.server";
import type { Condition, conditionSchema } from "#contract/schema/condition";
import type {
  ActionGroup,
  actionGroupSchema,
  actionSchema,
  columnSchema,
  CtaDocument,
  CtaDocumentInput,
  CtaElement,
  CtaStep,
  elementSchema,
  Field,
  fieldSchema,
  sectionSchema,
  stepSchema,
  variantSchema,
} from "#contract/schema/cta";
import type { PublicCtaSummary, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { websiteSettingsSchema } from "#contract/schema/website";
import { widgetCatalogue } from "#contract/i18n";

// Deep overrides.

/** T with every plain-object key optional at any depth; arrays and functions are given whole. */
export type DeepPartial<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `base` with `over` laid on top: plain objects merge key by key (except
 * under a key in `replaceWhole`), anything else in `over` (arrays included)
 * replaces the base's value. Neither input is changed.
 */
export function deepMerge<T>(
  base: T,
  over: NoInfer<DeepPartial<T>> | undefined,
  replaceWhole: ReadonlySet<string> = new Set(),
): T {
  if (over === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(over)) return over as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const mergeable = !replaceWhole.has(key) && isPlainObject(merged[key]) && isPlainObject(value);
    const mergedValue = mergeable ? deepMerge(merged[key], value, replaceWhole) : value;
    // Defined, not assigned: an own "__proto__" key (the hostile-key tests
    // send them) stays a plain entry instead of changing the prototype.
    Object.defineProperty(merged, key, { value: mergedValue, enumerable: true, writable: true, configurable: true });
  }
  return merged as T;
}

/** The bags whose keys depend on their node's type (see the top of this file). */
const TYPED_BAGS: ReadonlySet<string> = new Set(["options", "data"]);

/** What every factory here returns: `base` with the test's overrides, typed bags replaced whole. */
export function withOverrides<T>(base: T, over: NoInfer<DeepPartial<T>> | undefined): T {
  return deepMerge(base, over, TYPED_BAGS);
}

// What an owner sends.

export type FieldInput = z.input<typeof fieldSchema>;
export type ActionInput = z.input<typeof actionSchema>;
export type ActionGroupInput = z.input<typeof actionGroupSchema>;
export type ConditionInput = z.input<typeof conditionSchema>;
export type ElementInput = z.input<typeof elementSchema>;
export type ColumnInput = z.input<typeof columnSchema>;
export type SectionInput = z.input<typeof sectionSchema>;
export type StepInput = z.input<typeof stepSchema>;
export type VariantInput = z.input<typeof variantSchema>;
export type WebsiteSettingsInput = z.input<typeof websiteSettingsSchema>;
export type BroadcastInput = z.input<typeof broadcastInputSchema>;

/** A text field as an owner sends it (the public document's field: fieldMock). */
export function fieldInputMock(overrides: DeepPartial<FieldInput> = {}): FieldInput {
  return withOverrides<FieldInput>(
    { slug: "name", field_type: "text", position: 0, required: false, options: { placeholder: "Your name" } },
    overrides,
  );
}

/** The e-mail field every form has. */
export function emailFieldMock(overrides: DeepPartial<FieldInput> = {}): FieldInput {
  return withOverrides(
    fieldInputMock({
      slug: "email",
      position: 1,
      required: true,
      options: { type: "email", placeholder: "Your e-mail" },
    }),
    overrides,
  );
}

/** A marketing consent checkbox. */
export function consentFieldMock(overrides: DeepPartial<FieldInput> = {}): FieldInput {
  return withOverrides(
    fieldInputMock({
      slug: "marketing_consent",
      field_type: "checkbox",
      position: 2,
      required: true,
      options: { label: "Yes, send me e-mails" },
    }),
    overrides,
  );
}

/** A person-side action (subscribe to list 1 unless overridden). */
export function actionMock(overrides: DeepPartial<ActionInput> = {}): ActionInput {
  return withOverrides<ActionInput>({ action_type: "subscribe_list", data: { list_id: "1" } }, overrides);
}

/** A targeting condition: the page URL contains /blog. */
export function conditionMock(overrides: DeepPartial<ConditionInput> = {}): ConditionInput {
  return withOverrides<ConditionInput>(
    { condition_type: "url", operator: "and", url: "/blog", data: { match: "contains" } },
    overrides,
  );
}

/** An action group that shows a thank-you message. */
export function actionGroupMock(overrides: DeepPartial<ActionGroupInput> = {}): ActionGroupInput {
  return withOverrides<ActionGroupInput>(
    { position: 0, status: true, data: { "confirmation-type": "message", confirmation: "Thanks!" } },
    overrides,
  );
}

/** A text element. */
export function textElementMock(overrides: DeepPartial<ElementInput> = {}): ElementInput {
  return withOverrides<ElementInput>(
    { element_type: "text", position: 0, options: { html: "<h2>Get the guide</h2>" } },
    overrides,
  );
}

/** A form with name, e-mail and consent fields that subscribes to list 1. */
export function formElementMock(overrides: DeepPartial<ElementInput> = {}): ElementInput {
  return withOverrides<ElementInput>(
    {
      element_type: "form",
      position: 1,
      options: { "button-text": "Send" },
      fields: [fieldInputMock(), emailFieldMock(), consentFieldMock()],
      actions: [actionMock()],
    },
    overrides,
  );
}

/** A quiz with one question and a sub-question linked by parent_slug. */
export function quizElementMock(overrides: DeepPartial<ElementInput> = {}): ElementInput {
  return withOverrides<ElementInput>(
    {
      element_type: "quiz",
      position: 2,
      options: { "hide-back-button": false },
      fields: [
        fieldInputMock({
          slug: "team_size",
          field_type: "radio",
          position: 0,
          options: { label: "How big is your team?" },
          field_options: [
            { value: "small", label: "1-5", score: 1 },
            { value: "large", label: "6+", score: 3 },
          ],
        }),
        fieldInputMock({
          slug: "team_size_detail",
          field_type: "number",
          position: 1,
          parent_slug: "team_size",
          options: { label: "Exactly how many?" },
        }),
      ],
    },
    overrides,
  );
}

/** A column holding a text element and a form. */
export function columnMock(overrides: DeepPartial<ColumnInput> = {}): ColumnInput {
  return withOverrides<ColumnInput>(
    { position: 0, options: {}, elements: [textElementMock(), formElementMock()] },
    overrides,
  );
}

/** A section with one column. */
export function sectionMock(overrides: DeepPartial<SectionInput> = {}): SectionInput {
  return withOverrides<SectionInput>({ position: 0, options: {}, columns: [columnMock()] }, overrides);
}

/** A step with one section and a thank-you action group (the public document's step: stepMock). */
export function stepInputMock(overrides: DeepPartial<StepInput> = {}): StepInput {
  return withOverrides<StepInput>(
    { position: 0, options: { name: "Step 1" }, sections: [sectionMock()], action_groups: [actionGroupMock()] },
    overrides,
  );
}

/** Variant A, shown to everyone. */
export function variantMock(overrides: DeepPartial<VariantInput> = {}): VariantInput {
  return withOverrides<VariantInput>(
    { variation: "A", percentage: 100, options: {}, steps: [stepInputMock()] },
    overrides,
  );
}

/** A boxed overlay CTA with one variant, one step and a form. */
export function ctaDocumentMock(overrides: DeepPartial<CtaDocumentInput> = {}): CtaDocumentInput {
  return withOverrides<CtaDocumentInput>(
    {
      name: "Guide popup",
      cta_type: "overlay",
      overlay_type: "boxed",
      status: "draft",
      options: { trigger: "delayed", delay: 3 },
      variants: [variantMock()],
    },
    overrides,
  );
}

/** A one-variant, one-step CTA whose single column holds `elements`. */
export function ctaWithElements(
  elements: ElementInput[],
  overrides: DeepPartial<CtaDocumentInput> = {},
): CtaDocumentInput {
  const column = columnMock({ elements: elements.map((element, position) => ({ ...element, position })) });
  const step = stepInputMock({ sections: [sectionMock({ columns: [column] })] });
  return withOverrides(ctaDocumentMock({ variants: [variantMock({ steps: [step] })] }), overrides);
}

/** Website settings that validate. */
export function websiteSettingsMock(overrides: DeepPartial<WebsiteSettingsInput> = {}): WebsiteSettingsInput {
  return withOverrides<WebsiteSettingsInput>(
    {
      name: "Test site",
      domain: "https://example.test",
      currency: "USD",
      currency_character: "$",
      default_country: "US",
      business_type: "services",
      privacy_link: "https://example.test/privacy",
      privacy_link_text: "Privacy",
      brand_colors: { primary: "#123456" },
      powered_by: true,
      url_identification: false,
      form_tracking: false,
      data_settings: {},
    },
    overrides,
  );
}

/** A broadcast shown on blog pages. */
export function broadcastInputMock(overrides: DeepPartial<BroadcastInput> = {}): BroadcastInput {
  return withOverrides<BroadcastInput>({ name: "Blog visitors", conditions: [conditionMock()] }, overrides);
}

/**
 * A published overlay whose variants (letters, traffic split evenly, the
 * remainder to A) have one step per list of element types, elements with
 * no options: what the results tests count events against.
 */
export function publishedCtaMock(
  name: string,
  steps: string[][] = [["button"]],
  letters: string[] = ["A"],
  overrides: DeepPartial<CtaDocumentInput> = {},
): CtaDocumentInput {
  const share = Math.floor(100 / letters.length);
  const variants = letters.map((variation, index) => ({
    variation,
    percentage: index === 0 ? 100 - share * (letters.length - 1) : share,
    options: {},
    steps: steps.map((types, position) => ({
      position,
      options: {},
      sections: [
        {
          position: 0,
          options: {},
          columns: [
            {
              position: 0,
              options: {},
              elements: types.map((element_type) => ({ position: 0, element_type, options: {}, fields: [] })),
            },
          ],
        },
      ],
    })),
  })) as VariantInput[];
  return withOverrides<CtaDocumentInput>(
    ctaDocumentMock({ name, status: "published", options: {}, variants }),
    overrides,
  );
}

// The public documents the widget reads.

/** The e-mail field of the newsletter form. */
export const fieldMock = (over: DeepPartial<Field> = {}): Field =>
  withOverrides<Field>(
    {
      slug: "email",
      field_type: "text",
      position: 0,
      required: false,
      multi_select: false,
      url_params: false,
      options: { type: "email", placeholder: "Your e-mail" },
      field_options: [],
    },
    over,
  );

/** The newsletter form: the e-mail field, a Subscribe button and a thank-you message. */
export const elementMock = (over: DeepPartial<CtaElement> = {}): CtaElement =>
  withOverrides<CtaElement>(
    {
      id: 31,
      position: 0,
      element_type: "form",
      options: { "button-text": "Subscribe" },
      fields: [fieldMock({ id: 41, required: true })],
      action_groups: [
        {
          id: 51,
          position: 0,
          status: true,
          data: { "confirmation-type": "message", confirmation: "Tack! Check your inbox." },
          conditions: [],
          actions: [],
        },
      ],
      actions: [],
    },
    over,
  );

/** An action group with nothing in it: always on, no conditions, no actions. */
export const groupMock = (over: DeepPartial<ActionGroup> = {}): ActionGroup =>
  withOverrides<ActionGroup>({ position: 0, status: true, data: {}, conditions: [], actions: [] }, over);

/** A step holding the elements in one column. */
export const stepMock = (
  id: number,
  position: number,
  elements: CtaElement[],
  over: DeepPartial<CtaStep> = {},
): CtaStep =>
  withOverrides<CtaStep>(
    {
      id,
      position,
      options: {},
      action_groups: [],
      sections: [
        { id: id * 10, position: 0, options: {}, columns: [{ id: id * 10 + 1, position: 0, options: {}, elements }] },
      ],
    },
    over,
  );

/** The seeded newsletter: an inline CTA with one step holding a form. */
export const ctaMock = (over: DeepPartial<CtaDocument> = {}, elements: CtaElement[] = [elementMock()]): CtaDocument =>
  withOverrides<CtaDocument>(
    {
      id: 7,
      name: "Newsletter",
      cta_type: "inline",
      inline_type: "embed",
      status: "published",
      published_at: "2024-05-01T10:00:00.000Z",
      broadcast_id: null,
      options: { area: "footer" },
      variants: [
        {
          id: 11,
          variation: "A",
          percentage: 100,
          winner: false,
          options: {},
          steps: [
            {
              id: 21,
              position: 0,
              options: {},
              action_groups: [],
              sections: [{ id: 1, position: 0, options: {}, columns: [{ id: 2, position: 0, options: {}, elements }] }],
            },
          ],
        },
      ],
    },
    over,
  );

/** The summary of a CTA that a website config lists. */
export const summaryOf = (cta: CtaDocument): PublicCtaSummary => ({
  id: cta.id!,
  name: cta.name,
  cta_type: cta.cta_type,
  inline_type: cta.inline_type,
  overlay_type: cta.overlay_type,
  hook_type: cta.hook_type,
  bar_position: cta.bar_position,
  published_at: cta.published_at ?? null,
  broadcast_id: cta.broadcast_id ?? null,
  options: cta.options,
  variants: cta.variants.map((variant) => ({
    id: variant.id!,
    variation: variant.variation,
    percentage: variant.percentage,
  })),
});

/** The Swedish site's config (SEK, Swedish consent texts) listing the newsletter. */
export const configMock = (over: DeepPartial<PublicWebsiteConfig> = {}): PublicWebsiteConfig =>
  withOverrides<PublicWebsiteConfig>(
    {
      website_id: 1,
      api_origin: "http://api.test",
      asset_base: "http://api.test/widget/",
      version: "v1",
      currency: "SEK",
      currency_character: "kr",
      default_country: "SE",
      language: "sv",
      // Every catalogue, so a test may switch language (or a CTA override) with `language` alone.
      texts: { en: widgetCatalogue("en"), sv: widgetCatalogue("sv") },
      business_type: "services",
      privacy_message: "Jag godkänner integritetspolicyn.",
      privacy_link: "https://example.se/integritet",
      privacy_link_text: "Integritetspolicy",
      terms_link: null,
      terms_link_text: null,
      marketing_consent: "Ja, skicka mig nyhetsbrev.",
      sms_consent: null,
      brand: null,
      brand_style: null,
      brand_colors: null,
      powered_by: false,
      url_identification: false,
      form_tracking: false,
      data_settings: { "contact-processing": true, "cart-value-threshold": 500 },
      integrations: { segment_write_key: null, gtm_id: null },
      broadcasts: [],
      conditions: [],
      ctas: [summaryOf(ctaMock())],
    },
    over,
  );

// The Swedish site's renderer fixtures.

/** The e-mail field with a Swedish placeholder. */
export const swedishFieldMock = (over: DeepPartial<Field> = {}): Field =>
  withOverrides(fieldMock({ options: { type: "email", placeholder: "Din e-postadress" } }), over);

/** The form element in Swedish, without action groups. */
export const swedishElementMock = (over: DeepPartial<CtaElement> = {}): CtaElement =>
  withOverrides(
    elementMock({
      options: { "button-text": "Skicka" },
      fields: [swedishFieldMock({ id: 41, required: true })],
      action_groups: [],
    }),
    over,
  );

/** A published Swedish CTA with one variant; its first step holds `elements` (or the variant has `steps`). */
export const swedishCtaMock = (
  over: DeepPartial<CtaDocument> = {},
  elements: CtaElement[] = [swedishElementMock()],
  steps?: CtaStep[],
): CtaDocument =>
  withOverrides(
    ctaMock({
      name: "Nyhetsbrev",
      options: {},
      variants: [
        {
          id: 11,
          variation: "A",
          percentage: 100,
          winner: false,
          options: {},
          steps: steps ?? [stepMock(21, 0, elements)],
        },
      ],
    }),
    over,
  );

/** The config with the Swedish site's SMS text and brand, and no CTA summaries. */
export const swedishConfigMock = (over: DeepPartial<PublicWebsiteConfig> = {}): PublicWebsiteConfig =>
  withOverrides(configMock({ sms_consent: "Ja, skicka sms.", brand: "Säljakademin", ctas: [] }), over);

// Quiz questions.

/** A radio question `q{id}` at position id, with no options until given. */
export const quizFieldMock = (over: DeepPartial<Field> & { id: number }): Field =>
  withOverrides<Field>(
    fieldMock({ slug: `q${over.id}`, field_type: "radio", position: over.id, field_id: null, options: {} }),
    over,
  );

/**
 * What the Campaigns page's builder produces for "Number of visits: Visits in
 * total, less than 2", "utm_source is newsletter", "Page URL contains /blogg"
 * (the editor's targeting presets must write the very same conditions).
 */
export const campaignsPageConditions = (): Condition[] => [
  {
    position: 0,
    condition_type: "visits",
    operator: "and",
    url: null,
    tag_id: null,
    keyword: null,
    count: 2,
    data_name: null,
    area_id: null,
    cta_id: null,
    condition_cta: null,
    country: null,
    data: { scope: "total", comparison: "less" },
  },
  {
    position: 1,
    condition_type: "data_field",
    operator: "and",
    url: null,
    tag_id: null,
    keyword: null,
    count: null,
    data_name: "utm_source",
    area_id: null,
    cta_id: null,
    condition_cta: null,
    country: null,
    data: { comparison: "equal", value: "newsletter" },
  },
  {
    position: 2,
    condition_type: "url",
    operator: "and",
    url: "/blogg",
    tag_id: null,
    keyword: null,
    count: null,
    data_name: null,
    area_id: null,
    cta_id: null,
    condition_cta: null,
    country: null,
    data: { match: "contains" },
  },
];
