/**
 * Typed factories of the public CTA documents and website config the widget
 * and the renderer read (contract/schema/cta.ts, public-config.ts), each
 * defined once and taking overrides: `ctaMock({ name: "Exit popup" })`.
 * The base ones are the seeded English newsletter; the variants below them
 * (the Swedish site's renderer fixtures, quiz questions) are the base with
 * their differences as overrides. What an owner sends (zod input types)
 * has its own factories in test/fixtures/factories.ts.
 */
import type { ActionGroup, CtaDocument, CtaElement, CtaStep, Field } from "#contract/schema/cta";
import type { PublicCtaSummary, PublicWebsiteConfig } from "#contract/schema/public-config";
import { widgetCatalogue } from "#contract/i18n";

/** The e-mail field of the newsletter form. */
export const fieldMock = (over: Partial<Field> = {}): Field => ({
  slug: "email",
  field_type: "text",
  position: 0,
  required: false,
  multi_select: false,
  url_params: false,
  options: { type: "email", placeholder: "Your e-mail" },
  field_options: [],
  ...over,
});

/** The newsletter form: the e-mail field, a Subscribe button and a thank-you message. */
export const elementMock = (over: Partial<CtaElement> = {}): CtaElement => ({
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
  ...over,
});

/** An action group with nothing in it: always on, no conditions, no actions. */
export const groupMock = (over: Partial<ActionGroup> = {}): ActionGroup => ({
  position: 0,
  status: true,
  data: {},
  conditions: [],
  actions: [],
  ...over,
});

/** A step holding the elements in one column. */
export const stepMock = (
  id: number,
  position: number,
  elements: CtaElement[],
  over: Partial<CtaStep> = {},
): CtaStep => ({
  id,
  position,
  options: {},
  action_groups: [],
  sections: [
    { id: id * 10, position: 0, options: {}, columns: [{ id: id * 10 + 1, position: 0, options: {}, elements }] },
  ],
  ...over,
});

/** The seeded newsletter: an inline CTA with one step holding a form. */
export const ctaMock = (over: Partial<CtaDocument> = {}, elements: CtaElement[] = [elementMock()]): CtaDocument => ({
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
  ...over,
});

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
  variants: cta.variants.map((v) => ({ id: v.id!, variation: v.variation, percentage: v.percentage })),
});

/** The Swedish site's config (SEK, Swedish consent texts) listing the newsletter. */
export const configMock = (over: Partial<PublicWebsiteConfig> = {}): PublicWebsiteConfig => ({
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
  ...over,
});

// The Swedish site's renderer fixtures.

/** The e-mail field with a Swedish placeholder. */
export const swedishFieldMock = (over: Partial<Field> = {}): Field =>
  fieldMock({ options: { type: "email", placeholder: "Din e-postadress" }, ...over });

/** The form element in Swedish, without action groups. */
export const swedishElementMock = (over: Partial<CtaElement> = {}): CtaElement =>
  elementMock({
    options: { "button-text": "Skicka" },
    fields: [swedishFieldMock({ id: 41, required: true })],
    action_groups: [],
    ...over,
  });

/** A published Swedish CTA with one variant; its first step holds `elements` (or the variant has `steps`). */
export const swedishCtaMock = (
  over: Partial<CtaDocument> = {},
  elements: CtaElement[] = [swedishElementMock()],
  steps?: CtaStep[],
): CtaDocument =>
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
    ...over,
  });

/** The config with the Swedish site's SMS text and brand, and no CTA summaries. */
export const swedishConfigMock = (over: Partial<PublicWebsiteConfig> = {}): PublicWebsiteConfig =>
  configMock({ sms_consent: "Ja, skicka sms.", brand: "Säljakademin", ctas: [], ...over });

// Quiz questions.

/** A radio question `q{id}` at position id, with no options until given. */
export const quizFieldMock = (over: Partial<Field> & { id: number }): Field =>
  fieldMock({ slug: `q${over.id}`, field_type: "radio", position: over.id, field_id: null, options: {}, ...over });
