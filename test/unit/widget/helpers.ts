/** Typed factories and fakes for the widget tests (no network, no globals patched). */
import type { CtaDocument, CtaElement, Field } from "../../../app/lib/schema/cta";
import type { PublicBroadcast, PublicCtaSummary, PublicPerson, PublicWebsiteConfig } from "../../../app/lib/schema/public-config";
import type { FetchFn } from "../../../widget/core/api";
import type { Store } from "../../../widget/core/storage";
import { widgetCatalogue } from "../../../widget/i18n";

/** A Store in memory; `cookies`, their `maxAges` (seconds; undefined: a session cookie) and `data` are open for assertions. */
export function memoryStore(): Store & { cookies: Record<string, string>; maxAges: Record<string, number | undefined>; data: Record<string, string> } {
  const cookies: Record<string, string> = {};
  const maxAges: Record<string, number | undefined> = {};
  const data: Record<string, string> = {};
  return {
    cookies,
    maxAges,
    data,
    cookie: (n) => cookies[n] ?? null,
    setCookie: (n, v, maxAge) => {
      maxAges[n] = maxAge;
      if (maxAge === 0) delete cookies[n];
      else cookies[n] = v;
    },
    get: <T,>(k: string) => (k in data ? (JSON.parse(data[k]) as T) : null),
    set: (k, v) => void (data[k] = JSON.stringify(v)),
  };
}

export interface FakeCall {
  method: string;
  url: string;
  body: any;
  contentType: string | null;
}

type Reply = { status: number; body?: unknown } | Error;

/** A fetch that answers from a handler and records every call. */
export function fakeFetch(handler: (call: FakeCall) => Reply | Promise<Reply>): FetchFn & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const f = (async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: FakeCall = {
      method: init?.method ?? "GET",
      url,
      body: typeof init?.body == "string" ? JSON.parse(init.body) : undefined,
      contentType: headers["Content-Type"] ?? null,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  }) as FetchFn & { calls: FakeCall[] };
  f.calls = calls;
  return f;
}

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

export const elementMock = (over: Partial<CtaElement> = {}): CtaElement => ({
  id: 31,
  position: 0,
  element_type: "form",
  options: { "button-text": "Subscribe" },
  fields: [fieldMock({ id: 41, required: true })],
  action_groups: [{ id: 51, position: 0, status: true, data: { "confirmation-type": "message", confirmation: "Tack! Check your inbox." }, conditions: [], actions: [] }],
  actions: [],
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

/** Lets pending promise callbacks and preact's deferred renders run. */
export const settle = async (times = 5) => {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
};

/** A timed broadcast naming CTA 9, on every page but the checkout (/kassan). */
export const broadcastMock = (over: Partial<PublicBroadcast> = {}): PublicBroadcast => ({
  id: 50,
  name: "Alla sidor utom kassan",
  quick: false,
  timezone: "Europe/Stockholm",
  timeframe: false,
  range_start: null,
  range_end: null,
  conditions: [{ position: 0, operator: "and", condition_type: "url", url: "/kassan", data: { match: "not_contains" } }],
  cta_ids: [9],
  ...over,
});
