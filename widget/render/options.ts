/**
 * The option keys the renderer reads, per CTA type and per element type, in
 * one place. The admin writes them into `options` (free-form JSON in the CTA
 * document, contract/schema/cta.ts); the interfaces below are types only and
 * cost nothing in the bundle. Keys keep the product's kebab-case names
 * (SPEC 3); a few older snake_case spellings are accepted where the server
 * reads them too (check_recaptcha).
 */
import type { Condition } from "#contract/schema/condition";

/**
 * The look of one box (widget/render/box-style.ts): the CTA's frame
 * (cta.options), a section or column (BoxOptions) and any element
 * (element.options; on a button they style the button itself). Pixels are
 * plain numbers. The server refuses other values (contract/schema/option-keys.ts).
 */
export interface BoxStyleOptions {
  /** Text size in px (8 to 96); headings inside scale with it. */
  "font-size"?: number;
  /** Border width in px (0 to 20); needs "border-style", as in CSS. */
  "border-width"?: number;
  "border-style"?: "solid" | "dashed" | "dotted" | "double";
  /** Hex colour (default: the text colour). */
  "border-color"?: string;
  /** Corner radius in px (0 to 100). */
  "border-radius"?: number;
  /** A drop shadow preset. */
  shadow?: "small" | "medium" | "large";
  /** An https:// image address; the image covers the box, over its background colour. */
  "background-image"?: string;
}

/** Elements: their look (BoxStyleOptions) plus colours and padding. */
export interface ElementStyleOptions extends BoxStyleOptions {
  "background-color"?: string;
  "text-color"?: string;
  /** Padding in px (0 to 200). */
  padding?: number;
}

/** cta.options: placement, triggers (read by the loader), the frame and its look (BoxStyleOptions). */
export interface CtaOptions extends BoxStyleOptions {
  /** Inline: the marked page area (`data-beckon-area`) this CTA fills. Loader. */
  area?: string;
  /** Loader: delayed (default, "delay" seconds, default 3) | scroll ("scroll-percentage") | exit | click | add-to-cart | immediate. */
  trigger?: string;
  delay?: number;
  "scroll-percentage"?: number;
  "hide-days"?: number;
  aggressive?: boolean | "minutes";
  "minutes-hide"?: number;
  /** Page: the document title while the landing page shows. */
  "page-title"?: string;
  /** Custom CSS, scoped to this CTA's shadow root. */
  css?: string;
  /** false hides the close button (overlay, hook, bar, two-tap). Escape still closes. */
  "close-button"?: boolean;
  /** Overlay: false keeps the overlay open on a backdrop click (default true). */
  "overlay-click-close"?: boolean;
  /** Hook: which corner it slides into (default right). */
  "hook-position"?: "left" | "right";
  /** Boxed overlay: box width in px (default 600; always inside the 4% margins). */
  width?: number;
  /** Colours of the CTA box (default: brand background / text colours). */
  "background-color"?: string;
  "text-color"?: string;
}

/** variant.options: the same look keys as CtaOptions, per variant, plus the web font. */
export interface VariantOptions {
  css?: string;
  "background-color"?: string;
  "text-color"?: string;
  /** A font family; non-standard ones load from Google Fonts on demand. Default: brand_style.font. */
  font?: string;
  /** Cart progress threshold of this variant (before the website's cart-value-threshold). */
  "cart-value-threshold"?: number;
}

/**
 * The two-tap or prehook teaser, in cta.options (the loader reads teaser,
 * teaser-trigger, teaser-delay and teaser-scroll-percentage to decide when it
 * shows and mounts the CTA with `teaser: true`); variant.two_tap_popup may
 * override the texts per variant ({ text, "button-text", position }).
 */
export interface TeaserOptions {
  teaser?: boolean;
  "teaser-trigger"?: "immediate" | "delayed" | "scroll";
  "teaser-delay"?: number;
  "teaser-scroll-percentage"?: number;
  /** Teaser text (merge tags) and the button that opens the CTA (default "Open"). */
  "teaser-text"?: string;
  "teaser-button-text"?: string;
  "teaser-position"?: "left" | "right";
}

/** step.options */
export interface StepOptions {
  name?: string;
  /** Custom JavaScript run (guarded) each time the step shows. */
  script?: string;
}

/** section.options and column.options, with their look (BoxStyleOptions). */
export interface BoxOptions extends BoxStyleOptions {
  "background-color"?: string;
  "text-color"?: string;
  "text-align"?: "left" | "center" | "right";
  /** Padding in px. */
  padding?: number;
  /** Column: width in % of the section (columns share the rest equally). */
  width?: number;
  /** Section: its id, so a page CTA scrolls to it when the URL hash names it (#anchor). */
  anchor?: string;
}

/** text */
export interface TextOptions {
  /** Owner rich text; sanitized, merge tags filled (person values escaped). */
  html?: string;
  text?: string;
}

/** image and logo */
export interface ImageOptions {
  /** Image address (logo: default data_settings["logo-url"]). */
  src?: string;
  url?: string;
  /** Alternative text (logo: default the brand name). Empty marks a decorative image. */
  alt?: string;
  /** Where a click goes. */
  link?: string;
  "target-blank"?: boolean;
  /** Max width in px. */
  width?: number;
}

/** button: a link when "url" is set, else a conversion that applies the element's confirmation. */
export interface ButtonOptions {
  "button-text"?: string;
  text?: string;
  url?: string;
  "target-blank"?: boolean;
}

/** form */
export interface FormOptions {
  "button-text"?: string;
  /** horizontal: one row, at most 4 visible fields on desktop (SPEC 5). */
  layout?: "vertical" | "horizontal";
  /** Consent checkboxes with the website's texts (marketing_consent, privacy_message + privacy_link, sms_consent). */
  "show-marketing-consent"?: boolean;
  "show-privacy-consent"?: boolean;
  "show-sms-consent"?: boolean;
  /** Server checks before sending (SPEC 5); a 10 s time-out or an error lets the submission go on. */
  "validate-email"?: boolean;
  "validate-phone"?: boolean;
  /** With validate-email: free addresses fail with "Please enter a business email". */
  "business-only"?: boolean;
  /** A phone field is optional when an e-mail field is shown, unless this is true. */
  "phone-required"?: boolean;
  /** reCAPTCHA when the website has a site key (config.recaptcha_site_key). */
  check_recaptcha?: boolean;
  "check-recaptcha"?: boolean;
  /** false: never fill fields from the known person. */
  "prefill-fields"?: boolean;
}

/** Field.options of form fields */
export interface FieldOptions {
  label?: string;
  placeholder?: string;
  /** email | tel | url | date | text (text fields). */
  type?: string;
  /** number and range */
  min?: number;
  max?: number;
  step?: number;
  increment?: number;
  maxlength?: number;
  minlength?: number;
}

/** survey: its first field is the question (field_options are the choices, multi_select allows several). */
export interface SurveyOptions {
  /** Show a next button instead of submitting on the first click (implied by multi_select). */
  "confirmation-button"?: boolean;
  "button-text"?: string;
  question?: string;
}

/** One content item (element.content_toggle_items) of carousel, collapse, tabs and conditional row. */
export interface ContentItem {
  title?: string;
  /** Rich text (sanitized). */
  html?: string;
  image?: string;
  alt?: string;
  link?: string;
  /** Conditional row: the item shows when these hold (first match wins; none = always). */
  conditions?: Condition[];
}

/** carousel */
export interface CarouselOptions {
  /** Rotation in seconds (default 5); autoplay stops when a control gets focus. */
  "rotation-seconds"?: number;
  autoplay?: boolean;
}

/** collapse */
export interface CollapseOptions {
  "open-first"?: boolean;
}

/** progress */
export interface ProgressOptions {
  /** dynamic: step position / total (default). cart: cart value against the threshold, capped at 100%. */
  "progress-type"?: "dynamic" | "cart";
  "cart-value-threshold"?: number;
  /** Merge tags {{position}}, {{total}}, {{percentage}}, {{remaining}}, {{value}}, {{threshold}}. */
  "progress-text"?: string;
  "progress-complete-text"?: string;
}

/** timer (SPEC 4 Timer, SPEC 9 defaults) */
export interface TimerOptions {
  /** static: "end-date" (ISO 8601). daily: "end-time" (HH:MM) in "timezone". relative: days/hours/minutes/seconds after the first view. */
  "timer-type"?: "static" | "daily" | "relative";
  "end-date"?: string;
  "end-time"?: string;
  timezone?: string;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  /** At zero: message ("end-message"), hide, or step ("end-step": a step position, only if that step is visible). */
  "end-action"?: "message" | "hide" | "step";
  "end-message"?: string;
  "end-step"?: number;
  label?: string;
}

/** video */
export interface VideoOptions {
  /** A YouTube, Vimeo or Wistia address. */
  url?: string;
  title?: string;
  autoplay?: boolean;
}

type Opts = Record<string, unknown> | null | undefined;

/** A string option (numbers as text), or "". */
export const str = (opts: Opts, key: string): string => {
  const value = opts?.[key];
  return typeof value == "string" || typeof value == "number" ? String(value) : "";
};

/** A boolean option ("true" counts), or the default. */
export const bool = (opts: Opts, key: string, dflt = false): boolean => {
  const value = opts?.[key];
  return value == null || value === "" ? dflt : value === true || value === "true";
};

/** A finite number option (numeric strings count), or the default. */
export const num = (opts: Opts, key: string, dflt: number): number => {
  const value = opts?.[key];
  const parsed =
    typeof value == "number" ? value : typeof value == "string" && value.trim() !== "" ? Number(value) : NaN;
  return isFinite(parsed) ? parsed : dflt;
};
