/**
 * Which option keys exist, per level (CTA, variant, section / column) and per
 * element type: the keys the loader and renderer read (widget/render/options.ts
 * and the element components), the style keys the editor's style controls
 * write, and the keys the admin writes itself. A key outside these lists does
 * nothing at all, so a typo ("text-colr") used to save silently and leave the
 * CTA unstyled; now the server refuses it and names the key, with the nearest
 * known key as a suggestion. Style values are checked too: colours must be hex
 * (a colour goes into CSS, so "red;}body{display:none" must never pass), an
 * image address must be http(s) or site-relative (no javascript:).
 */
import type { ElementType } from "./cta";
import { leadMagnetProblem } from "./lead-magnet";
import { OUTCOME_KEYS } from "./quiz-outcomes";

/** Keys every level with a look accepts: the CTA's custom CSS and colours. */
const LOOK = ["css", "background-color", "text-color", "font"] as const;

/**
 * The look of a box (widget/render/box-style.ts): the CTA's frame, a section,
 * a column and every element accept these. Values are checked below.
 */
export const BOX_STYLE_KEYS = [
  "font-size",
  "border-width",
  "border-style",
  "border-color",
  "border-radius",
  "shadow",
  "background-image",
] as const;
/** Border styles and shadow presets the renderer draws. */
export const BORDER_STYLES = ["solid", "dashed", "dotted", "double"] as const;
export const SHADOW_PRESETS = ["small", "medium", "large"] as const;
/** Numeric style keys: pixels within these bounds. */
export const PIXEL_RANGES: Record<string, readonly [number, number]> = {
  padding: [0, 200],
  "font-size": [8, 96],
  "border-width": [0, 20],
  "border-radius": [0, 100],
};

/** cta.options: placement, triggers and teaser (loader), frame and look (renderer), admin-only data. */
export const CTA_OPTION_KEYS: readonly string[] = [
  ...LOOK,
  ...BOX_STYLE_KEYS,
  "area",
  "trigger",
  "delay",
  "scroll-percentage",
  "hide-days",
  "aggressive",
  "minutes-hide",
  "cart-value",
  "cart-value-comparison",
  "cart-value-max",
  "page-title",
  "close-button",
  "overlay-click-close",
  "hook-position",
  "width",
  "language",
  "priority",
  "published_at",
  "button-color",
  "button-text-color",
  "teaser",
  "teaser-trigger",
  "teaser-delay",
  "teaser-scroll-percentage",
  "teaser-text",
  "teaser-button-text",
  "teaser-position",
];

/** variant.options */
export const VARIANT_OPTION_KEYS: readonly string[] = [
  ...LOOK,
  "button-color",
  "button-text-color",
  "cart-value-threshold",
  "score-field",
  "score-scope",
];

/** section.options and column.options */
export const BOX_OPTION_KEYS: readonly string[] = [
  "background-color",
  "text-color",
  "text-align",
  "padding",
  "width",
  "anchor",
  ...BOX_STYLE_KEYS,
];

/** The look every element accepts (on a button: the button's own colours and box). */
export const ELEMENT_STYLE_KEYS: readonly string[] = ["background-color", "text-color", "padding", ...BOX_STYLE_KEYS];

/** A prize game's prizes (checked by prize-game.ts), its button and the consents it asks before the draw. */
const PRIZE_GAME_KEYS = ["prizes", "button-text", "show-marketing-consent", "show-privacy-consent"];

const IMAGE = ["src", "url", "alt", "link", "target-blank", "width"];

/** element.options per element type (each also takes ELEMENT_STYLE_KEYS, see allowedKeys). */
export const ELEMENT_OPTION_KEYS: Record<ElementType, readonly string[]> = {
  text: ["html", "text"],
  image: IMAGE,
  logo: [...IMAGE, "logo-url", "logo-width"],
  button: ["button-text", "text", "url", "target-blank"],
  form: [
    "button-text",
    "layout",
    "show-marketing-consent",
    "show-privacy-consent",
    "show-sms-consent",
    "validate-email",
    "validate-phone",
    "business-only",
    "phone-required",
    "check_recaptcha",
    "check-recaptcha",
    "prefill-fields",
    "lead-magnet",
  ],
  quiz: [
    "button-text",
    "back-button-text",
    "score-field",
    "score-scope",
    "question",
    "description",
    "hide-back-button",
    ...OUTCOME_KEYS,
  ],
  survey: ["confirmation-button", "button-text", "question"],
  products: [
    "discount-code",
    "products-add-all",
    "products-add-all-text",
    "products-badge",
    "products-badge-text",
    "products-button-action-after-add-to-cart",
    "products-button-cta",
    "products-button-mode",
    "products-button-redirect-step",
    "products-button-redirect-url",
    "products-button-text",
    "products-description",
    "products-discount-type",
    "products-discount-value",
    "products-empty-message",
    "products-layout",
    "products-limit",
    "products-per-row",
    "products-quantity",
    "products-sold-out-badge-text",
    "products-sold-out-text",
    "products-subscription-text",
    "products-subscriptions",
    "products-view-cart-text",
    "reviews-label",
    "reviews-provider",
    "reviews-api-key",
    "reviews-app-key",
    "reviews-base-url",
    "reviews-public-token",
    "reviews-shop-domain",
    "reviews-store-url",
    "reviews-subscriber-id",
    "selected-store-integration",
    "show-unavailable-products",
    "track-conversion-when",
  ],
  product_hero: [],
  carousel: ["rotation-seconds", "autoplay"],
  collapse: ["open-first"],
  timer: [
    "timer-type",
    "end-date",
    "end-time",
    "timezone",
    "days",
    "hours",
    "minutes",
    "seconds",
    "end-action",
    "end-message",
    "end-step",
    "label",
  ],
  tabs: [],
  progress: ["progress-type", "cart-value-threshold", "progress-text", "progress-complete-text"],
  conditional_row: [],
  video: ["url", "title", "autoplay"],
  divider: [],
  prize_wheel: PRIZE_GAME_KEYS,
  scratch_card: PRIZE_GAME_KEYS,
  // fallback-text: shown instead of a code when none is left (an empty pool).
  discount_code: ["label", "fallback-text", "show-apply"],
};

/**
 * Keys of a field's options, as the renderer reads them (form fields, quiz
 * questions and survey questions): its label, placeholder and input type,
 * number and length limits, a quiz question's description, buttons, jumps,
 * spinner, multi-select limit, prefill and range settings.
 */
export const FIELD_OPTION_KEYS = [
  "label",
  "placeholder",
  "type",
  "min",
  "max",
  "step",
  "increment",
  "minlength",
  "maxlength",
  "description",
  "question",
  "button-text",
  "hide-back-button",
  "hide-next-button",
  "jump-field-id",
  "loading-spinner",
  "auto-continue-delay",
  "multi-select-limit",
  "prefill-fields",
  "range-handles",
  "value-type",
] as const;

/** Levels whose option keys are checked. Steps keep their own options (name, script), typed by the step schema. */
export type OptionLevel = "cta" | "variant" | "box" | "field" | ElementType;

export function allowedKeys(level: OptionLevel): readonly string[] {
  if (level === "cta") return CTA_OPTION_KEYS;
  if (level === "variant") return VARIANT_OPTION_KEYS;
  if (level === "box") return BOX_OPTION_KEYS;
  if (level === "field") return FIELD_OPTION_KEYS;
  const own = ELEMENT_OPTION_KEYS[level];
  return own ? [...own, ...ELEMENT_STYLE_KEYS] : [];
}

/** Edit distance, capped: enough to suggest "text-color" for "text-colr". */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The known key nearest to a misspelled one, if any is close. */
export function suggestKey(key: string, known: readonly string[]): string | null {
  const wanted = key.toLowerCase().replace(/_/g, "-");
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(wanted.length / 4)) + 1;
  for (const candidate of known) {
    const candidateDistance = candidate.replace(/_/g, "-") === wanted ? 0 : distance(wanted, candidate);
    if (candidateDistance < bestDistance) [best, bestDistance] = [candidate, candidateDistance];
  }
  return best;
}

export const COLOR_KEYS = [
  "background-color",
  "text-color",
  "button-color",
  "button-text-color",
  "border-color",
] as const;

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A font family name: letters, digits, spaces and hyphens (nothing that could end a CSS declaration). */
const FONT = /^[A-Za-z0-9 -]{1,60}$/;

/**
 * Whether an image address may be a background image (CSS url()): an
 * absolute https address with a host, nothing else (no http, which a https
 * page blocks, no data: or javascript:, no page-relative path that means
 * something else on every visitor page), and no quotes, brackets, spaces or
 * backslashes that could end the url() early.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value.length > 2000 || /["'()\\\s<>]/.test(value) || !/^https:\/\/[^/]/i.test(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** Keys holding addresses that end up in src or href. */
const URL_KEYS = new Set(["src", "url", "link", "logo-url", "products-button-redirect-url"]);
/** Browsers ignore control characters and spaces inside a scheme, so "java\tscript:" counts too. */
const SCRIPT_URL =
  /^[\s\x00-\x1f]*(?:j[\s\x00-\x1f]*a[\s\x00-\x1f]*v[\s\x00-\x1f]*a[\s\x00-\x1f]*|v[\s\x00-\x1f]*b[\s\x00-\x1f]*)s[\s\x00-\x1f]*c[\s\x00-\x1f]*r[\s\x00-\x1f]*i[\s\x00-\x1f]*p[\s\x00-\x1f]*t[\s\x00-\x1f]*:/i;

/** Longest rich text one option may hold: pages of prose fit; a pasted document or a parser bomb does not. */
export const MAX_RICH_TEXT_CHARS = 20_000;

/** The problem with one style or rich-text value, or null when it is fine (or not such a key). */
export function styleValueProblem(key: string, value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (key === "lead-magnet") return leadMagnetProblem(value);
  if (key === "html" || key === "end-message") {
    if (typeof value != "string") return `"${key}" must be text`;
    return value.length <= MAX_RICH_TEXT_CHARS ? null : `"${key}" is longer than ${MAX_RICH_TEXT_CHARS} characters`;
  }
  if ((COLOR_KEYS as readonly string[]).includes(key)) {
    return typeof value == "string" && HEX.test(value) ? null : `"${key}" must be a colour like #1f4fd6`;
  }
  if (key === "font")
    return typeof value == "string" && FONT.test(value)
      ? null
      : `"font" must be a font family name (letters, digits, spaces)`;
  if (key === "background-image")
    return typeof value == "string" && isSafeImageUrl(value)
      ? null
      : `"background-image" must be an https:// address of an image`;
  if (URL_KEYS.has(key) && typeof value == "string" && SCRIPT_URL.test(value))
    return `"${key}" must not be a script address`;
  if (key === "text-align")
    return value === "left" || value === "center" || value === "right"
      ? null
      : `"text-align" must be left, center or right`;
  const range = PIXEL_RANGES[key];
  if (range)
    return typeof value == "number" && Number.isFinite(value) && value >= range[0] && value <= range[1]
      ? null
      : `"${key}" must be a number of pixels from ${range[0]} to ${range[1]}`;
  if (key === "border-style")
    return (BORDER_STYLES as readonly unknown[]).includes(value)
      ? null
      : `"border-style" must be one of ${BORDER_STYLES.join(", ")}`;
  if (key === "shadow")
    return (SHADOW_PRESETS as readonly unknown[]).includes(value)
      ? null
      : `"shadow" must be one of ${SHADOW_PRESETS.join(", ")}`;
  return null;
}

export interface OptionIssue {
  /** The key the issue is about (the issue's path ends with it). */
  key: string;
  message: string;
}

/** Every unknown key and bad style value in one option bag. */
export function optionIssues(level: OptionLevel, options: Record<string, unknown> | null | undefined): OptionIssue[] {
  if (!options) return [];
  const known = allowedKeys(level);
  const out: OptionIssue[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (!known.includes(key)) {
      const hint = suggestKey(key, known);
      const shown = key.length > 60 ? key.slice(0, 60) + "…" : key;
      out.push({ key, message: `Unknown option "${shown}"${hint ? ` (did you mean "${hint}"?)` : ""}` });
      continue;
    }
    const problem = styleValueProblem(key, value);
    if (problem) out.push({ key, message: problem });
  }
  // CSS draws no border without a style: a width alone would save and show nothing.
  if (
    typeof options["border-width"] == "number" &&
    options["border-width"] > 0 &&
    !options["border-style"] &&
    !out.some((i) => i.key === "border-width")
  ) {
    out.push({ key: "border-width", message: `"border-width" needs "border-style" (${BORDER_STYLES.join(", ")})` });
  }
  return out;
}
