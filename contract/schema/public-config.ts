/**
 * What the widget receives about a website: the per-website script
 * (GET /api/websites/{id}.js) sets `window.__beckonConfig` to this before the
 * loader code that follows it runs. Types only, so the widget can import them
 * without pulling zod into its bundle.
 */
import type { Condition } from "./condition";
import type { CtaDocument } from "./cta";
import type { WidgetTexts } from "#contract/i18n/en";

export interface PublicBroadcast {
  id: number;
  name: string;
  quick: boolean;
  timezone: string;
  timeframe: boolean;
  /** ISO 8601 */
  range_start: string | null;
  range_end: string | null;
  conditions: Condition[];
  cta_ids: number[];
}

/** Enough about a published CTA to decide whether and when to show it; the full document comes from /api/cta/{id}.json (or `cta`). */
export interface PublicCtaSummary {
  id: number;
  name: string;
  cta_type: CtaDocument["cta_type"];
  inline_type: CtaDocument["inline_type"];
  overlay_type: CtaDocument["overlay_type"];
  hook_type: CtaDocument["hook_type"];
  bar_position: CtaDocument["bar_position"];
  /** ISO 8601; a cached definition older than this is refetched. */
  published_at: string | null;
  broadcast_id: number | null;
  /** Trigger and display options (trigger, delay, scroll-percentage, aggressive, hide-days ...). */
  options: Record<string, unknown>;
  variants: { id: number; variation: string; percentage: number }[];
  /**
   * The definition itself, for a CTA that may show the moment a page starts
   * (startsAtPageStart) when it is small (INLINE_DEFINITION_MAX): the widget
   * then fetches nothing more before showing it.
   */
  cta?: CtaDocument;
}

export interface PublicWebsiteConfig {
  website_id: number;
  /** Origin of the public API, e.g. https://beckon.example. */
  api_origin: string;
  /** Base URL of the widget bundles, ending in a slash, e.g. https://beckon.example/widget/. */
  asset_base: string;
  /** Changes whenever anything below changes. */
  version: string;
  currency: string;
  currency_character: string;
  default_country: string;
  /** The website's language: the catalogue of Beckon's own texts a CTA uses unless its `language` option overrides it. */
  language: string;
  /**
   * Catalogues by language: the website's, plus those that published CTAs'
   * overrides name, and no other (the browser downloads only words it shows).
   */
  texts: Record<string, WidgetTexts>;
  business_type: string | null;
  privacy_message: string | null;
  privacy_link: string | null;
  privacy_link_text: string | null;
  terms_link: string | null;
  terms_link_text: string | null;
  marketing_consent: string | null;
  sms_consent: string | null;
  brand: string | null;
  brand_style: Record<string, string | number> | null;
  brand_colors: Record<string, string> | null;
  powered_by: boolean;
  url_identification: boolean;
  form_tracking: boolean;
  data_settings: { "contact-processing": boolean; "cart-value-threshold": number; [key: string]: unknown };
  integrations: {
    segment_write_key: string | null;
    gtm_id: string | null;
    /** Mailing-list integrations whose lists and tags targeting sync fetches (POST .../targeting_sync). */
    targeting?: { id: number; type: string }[];
  };
  /** reCAPTCHA's public site key when the website has a reCAPTCHA integration (forms with check_recaptcha use it). */
  recaptcha_site_key?: string | null;
  broadcasts: PublicBroadcast[];
  /** Site-wide conditions every CTA must pass. */
  conditions: Condition[];
  ctas: PublicCtaSummary[];
}

/** A visitor as the widget sees it (GET /api/visitors/{token}, visitor create). */
export interface PublicPerson {
  visitor_token: string;
  person_type: "Visitor" | "Contact";
  contact_id: number | null;
  email: string | null;
  phone: string | null;
  name: string | null;
  last_name: string | null;
  company_name: string | null;
  company_title: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zip_code: string | null;
  address: string | null;
  extra: Record<string, unknown>;
  privacy_consent: boolean | null;
  marketing_consent: boolean | null;
  sms_consent: boolean | null;
  data: Record<string, unknown>;
  last_requested: string | null;
}
