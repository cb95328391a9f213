/** Typed factories for the renderer's component tests: a CTA document, its parts, a config and a fake runtime. */
import { vi } from "vitest";
import type { ActionGroup, CtaDocument, CtaElement, CtaStep, Field } from "../../../app/lib/schema/cta";
import type { PublicPerson, PublicWebsiteConfig } from "../../../app/lib/schema/public-config";
import type { CtaRuntime } from "../../../widget/render/types";

export const fieldMock = (over: Partial<Field> = {}): Field => ({
  slug: "email",
  field_type: "text",
  position: 0,
  required: false,
  multi_select: false,
  url_params: false,
  options: { type: "email", placeholder: "Din e-postadress" },
  field_options: [],
  ...over,
});

export const groupMock = (over: Partial<ActionGroup> = {}): ActionGroup => ({
  position: 0,
  status: true,
  data: {},
  conditions: [],
  actions: [],
  ...over,
});

export const elementMock = (over: Partial<CtaElement> = {}): CtaElement => ({
  id: 31,
  position: 0,
  element_type: "form",
  options: { "button-text": "Skicka" },
  fields: [fieldMock({ id: 41, required: true })],
  action_groups: [],
  actions: [],
  ...over,
});

/** A step holding the elements in one column. */
export const stepMock = (id: number, position: number, elements: CtaElement[], over: Partial<CtaStep> = {}): CtaStep => ({
  id,
  position,
  options: {},
  action_groups: [],
  sections: [{ id: id * 10, position: 0, options: {}, columns: [{ id: id * 10 + 1, position: 0, options: {}, elements }] }],
  ...over,
});

/** A published CTA with one variant; the first step holds `elements`. */
export const ctaMock = (over: Partial<CtaDocument> = {}, elements: CtaElement[] = [elementMock()], steps?: CtaStep[]): CtaDocument => ({
  id: 7,
  name: "Nyhetsbrev",
  cta_type: "inline",
  inline_type: "embed",
  status: "published",
  published_at: "2024-05-01T10:00:00.000Z",
  broadcast_id: null,
  options: {},
  variants: [{ id: 11, variation: "A", percentage: 100, winner: false, options: {}, steps: steps ?? [stepMock(21, 0, elements)] }],
  ...over,
});

export const personMock = (over: Partial<PublicPerson> = {}): PublicPerson => ({
  visitor_token: "tok_0123456789abcdef",
  person_type: "Visitor",
  contact_id: null,
  email: null,
  phone: null,
  name: null,
  last_name: null,
  company_name: null,
  company_title: null,
  website: null,
  city: null,
  state: null,
  country: null,
  zip_code: null,
  address: null,
  extra: {},
  privacy_consent: null,
  marketing_consent: null,
  sms_consent: null,
  data: {},
  last_requested: null,
  ...over,
});

export const configMock = (over: Partial<PublicWebsiteConfig> = {}): PublicWebsiteConfig => ({
  website_id: 1,
  api_origin: "http://api.test",
  asset_base: "http://api.test/widget/",
  version: "v1",
  currency: "SEK",
  currency_character: "kr",
  default_country: "SE",
  business_type: "services",
  privacy_message: "Jag godkänner integritetspolicyn.",
  privacy_link: "https://example.se/integritet",
  privacy_link_text: "Integritetspolicy",
  terms_link: null,
  terms_link_text: null,
  marketing_consent: "Ja, skicka mig nyhetsbrev.",
  sms_consent: "Ja, skicka sms.",
  brand: "Säljakademin",
  brand_style: null,
  brand_colors: null,
  powered_by: false,
  url_identification: false,
  form_tracking: false,
  data_settings: { "contact-processing": true, "cart-value-threshold": 500 },
  integrations: { segment_write_key: null, gtm_id: null },
  broadcasts: [],
  conditions: [],
  ctas: [],
  ...over,
});

export type RuntimeMock = CtaRuntime & {
  track: ReturnType<typeof vi.fn>;
  submitContact: ReturnType<typeof vi.fn>;
  dispatch: ReturnType<typeof vi.fn>;
};

/** A runtime whose calls are recorded; submitContact answers `{}` unless told otherwise. */
export function runtimeMock(over: Partial<CtaRuntime> = {}): RuntimeMock {
  return {
    track: vi.fn(),
    submitContact: vi.fn(async () => ({})),
    dispatch: vi.fn(),
    ...over,
  } as RuntimeMock;
}
