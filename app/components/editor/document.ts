/**
 * Pure helpers the CTA editor uses on the CTA document (contract/schema/cta.ts):
 * new documents and nodes with sensible defaults, immutable updates by path
 * (immutable-edits.ts, re-exported), variant split checks, and which
 * action-group data keys belong to which confirmation type. No DOM, no
 * network; unit-tested.
 */
import type {
  ActionGroup,
  ActionGroupData,
  ConfirmationType,
  CtaAction,
  CtaColumn,
  CtaDocument,
  CtaElement,
  CtaSection,
  CtaStep,
  CtaVariant,
  ElementType,
  Field,
} from "#contract/schema/cta";
import { textOr, translator, type Translate } from "#app/i18n";
import { copyWithoutIds } from "#contract/schema/cta-copy";
import { DEFAULT_PRIZES } from "#contract/schema/prize-game";
import type { Path } from "./immutable-edits";

// Reads, copies by path and list reordering live in their own module; the editor imports them from here with the rest.
export * from "./immutable-edits";

export type CtaType = CtaDocument["cta_type"];

/** The column that holds a CTA type's subtype, and its choices. */
export const SUBTYPES: Partial<
  Record<
    CtaType,
    { key: "inline_type" | "overlay_type" | "hook_type" | "bar_position"; label: string; values: readonly string[] }
  >
> = {
  inline: { key: "inline_type", label: "Inline type", values: ["embed", "sidebar", "bumper"] },
  overlay: { key: "overlay_type", label: "Overlay type", values: ["boxed", "splash"] },
  // The first choice is a new hook's: the corner card, a compact one on phones; the full-width sheet is a choice.
  hook: { key: "hook_type", label: "Slide-in size", values: ["vertical", "horizontal", "full"] },
  bar: { key: "bar_position", label: "Bar position", values: ["top", "bottom"] },
};

/** "Overlay (popup) · boxed", in the admin's language (codes the catalogue lacks stay as they are). */
export function typeLabel(
  doc: Pick<CtaDocument, "cta_type" | "inline_type" | "overlay_type" | "hook_type" | "bar_position">,
  translate: Translate = translator("en"),
): string {
  const sub = SUBTYPES[doc.cta_type];
  const value = sub ? doc[sub.key] : null;
  const type = textOr(translate, `ctaType.${doc.cta_type}`, doc.cta_type);
  return value ? `${type} · ${textOr(translate, `ctaType.value.${value}`, value)}` : type;
}

/** The document with another type: its subtype set to the first choice (or kept when valid), the others cleared. */
export function withType(doc: CtaDocument, ctaType: CtaType, subtype?: string | null): CtaDocument {
  const next: CtaDocument = {
    ...doc,
    cta_type: ctaType,
    inline_type: null,
    overlay_type: null,
    hook_type: null,
    bar_position: null,
  };
  const sub = SUBTYPES[ctaType];
  if (sub) {
    const wanted = subtype ?? doc[sub.key] ?? null;
    (next as Record<string, unknown>)[sub.key] = wanted && sub.values.includes(wanted) ? wanted : sub.values[0];
  }
  return next;
}

// ---------------------------------------------------------------- new nodes

const ELEMENT_DEFAULT_OPTIONS: Partial<Record<ElementType, Record<string, unknown>>> = {
  text: { html: "<p>Write something here.</p>" },
  button: { text: "Continue" },
  form: { "button-text": "Submit", layout: "vertical" },
  survey: { question: "What brings you here today?" },
  quiz: { "hide-back-button": false },
  products: { "products-limit": 3, "products-layout": "grid" },
  timer: { "timer-type": "relative", days: 0, hours: 23, minutes: 59, seconds: 59, "end-action": "hide" },
  progress: { "progress-type": "dynamic" },
  logo: { alt: "Logo" },
  image: { src: "", alt: "" },
  video: { url: "" },
  prize_wheel: { prizes: DEFAULT_PRIZES, "show-privacy-consent": true },
  scratch_card: { prizes: DEFAULT_PRIZES, "show-privacy-consent": true },
  discount_code: { "show-apply": true },
};

/** A form field; `taken` are the slugs already used in the element. */
export function newField(taken: string[] = [], fieldType: Field["field_type"] = "text", slug = "field"): Field {
  let candidate = slug;
  for (let i = 2; taken.includes(candidate); i++) candidate = `${slug}_${i}`;
  return {
    slug: candidate,
    field_type: fieldType,
    position: taken.length,
    field_id: null,
    parent_slug: null,
    required: false,
    multi_select: false,
    value: null,
    url_params: false,
    parameter: null,
    options: {},
    field_options: [],
  };
}

/** The e-mail field every lead form starts with. */
export function emailField(): Field {
  return {
    ...newField([], "text", "email"),
    required: true,
    options: { type: "email", label: "E-mail", placeholder: "you@example.com" },
  };
}

/** A new element of a type, with the options and fields it needs to render. */
export function newElement(elementType: ElementType, position = 0): CtaElement {
  const fields: Field[] =
    elementType === "form"
      ? [emailField()]
      : elementType === "survey"
        ? [
            {
              ...newField([], "radio", "answer"),
              field_options: [
                { value: "yes", label: "Yes" },
                { value: "no", label: "No" },
              ],
            },
          ]
        : elementType === "quiz"
          ? [
              {
                ...newField([], "radio", "question_1"),
                options: { label: "Your first question" },
                field_options: [{ value: "a", label: "Answer A" }],
              },
            ]
          : [];
  return {
    position,
    element_type: elementType,
    options: { ...(ELEMENT_DEFAULT_OPTIONS[elementType] ?? {}) },
    fields,
    action_groups: [],
    actions: [],
    product_recommendations: null,
    content_toggle_items: null,
  };
}

export function newColumn(position = 0, elements: CtaElement[] = []): CtaColumn {
  return { position, options: {}, elements };
}

export function newSection(position = 0, elements: CtaElement[] = []): CtaSection {
  return { position, options: {}, columns: [newColumn(0, elements)] };
}

/** An action group that confirms with a message (the renderer's default is "Thanks!"). */
export function newActionGroup(position = 0, type: ConfirmationType = "message"): ActionGroup {
  const data: ActionGroupData = { "confirmation-type": type };
  if (type === "message") data.confirmation = "Thanks!";
  return { position, field_id: null, status: true, data, conditions: [], actions: [] };
}

export function newAction(actionType: CtaAction["action_type"] = "add_tag"): CtaAction {
  return { action_type: actionType, tag_id: null, integration_id: null, data: {} };
}

export function newStep(position = 0, name = `Step ${position + 1}`): CtaStep {
  return { position, options: { name }, sections: [newSection(0, [newElement("text")])], action_groups: [] };
}

/** Starting content of a new CTA. */
export type CtaTemplate = "form" | "blank";

/**
 * A new draft CTA: one variant A at 100 %, one step; "form" adds a heading, an e-mail form and a thank-you.
 * Its words come from `translate`: the website's language, which its visitors read (English by default).
 */
export function newCtaDocument(input: {
  name: string;
  cta_type: CtaType;
  subtype?: string | null;
  template?: CtaTemplate;
  translate?: Translate;
}): CtaDocument {
  const words = input.translate ?? translator("en");
  const form = newElement("form", 1);
  form.options = { ...form.options, "button-text": words("newCta.submit") };
  const email = { label: words("newCta.emailLabel"), placeholder: words("newCta.emailPlaceholder") };
  form.fields = form.fields.map((field) => ({ ...field, options: { ...field.options, ...email } }));
  const thanks = newActionGroup(0);
  thanks.data.confirmation = words("newCta.thanks");
  const elements =
    input.template === "blank"
      ? [{ ...newElement("text"), options: { html: `<p>${words("newCta.text")}</p>` } }]
      : [{ ...newElement("text"), options: { html: `<h2>${words("newCta.heading")}</h2>` } }, form];
  const step: CtaStep = {
    position: 0,
    options: { name: words("newCta.step") },
    sections: [newSection(0, elements)],
    action_groups: input.template === "blank" ? [] : [thanks],
  };
  const base: CtaDocument = {
    name: input.name,
    cta_type: input.cta_type,
    inline_type: null,
    overlay_type: null,
    hook_type: null,
    bar_position: null,
    status: "draft",
    published_at: null,
    broadcast_id: null,
    test_type: null,
    options: input.cta_type === "inline" ? {} : { trigger: "delayed", delay: 3 },
    payload: null,
    variants: [
      {
        variation: "A",
        percentage: 100,
        winner: false,
        score: null,
        score_field: null,
        options: {},
        two_tap_popup: null,
        steps: [step],
      },
    ],
  };
  return withType(base, input.cta_type, input.subtype);
}

// ---------------------------------------------------------------- variants

/** Sum of the variant percentages. */
export function percentTotal(variants: Pick<CtaVariant, "percentage">[]): number {
  return variants.reduce((sum, v) => sum + (Number.isFinite(v.percentage) ? v.percentage : 0), 0);
}

/** Why the split is wrong, in words, or null when it adds up to 100. */
export function splitProblem(
  variants: Pick<CtaVariant, "percentage">[],
  translate: Translate = translator("en"),
): string | null {
  const total = percentTotal(variants);
  if (variants.some((v) => !Number.isInteger(v.percentage) || v.percentage < 0 || v.percentage > 100)) {
    return translate("editorUi.splitWhole");
  }
  return total === 100 ? null : translate("editorUi.splitTotal", { total });
}

/** Whole-number percentages as even as possible, adding up to 100 (earlier variants get the remainder). */
export function evenSplit(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(100 / count);
  return Array.from({ length: count }, (_, i) => base + (i < 100 - base * count ? 1 : 0));
}

/** The first variant letter not used yet: A, B, ... Z, AA, AB ... */
export function nextVariation(variants: Pick<CtaVariant, "variation">[]): string {
  const used = new Set(variants.map((v) => v.variation));
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const letter of letters) if (!used.has(letter)) return letter;
  for (const first of letters) for (const second of letters) if (!used.has(first + second)) return first + second;
  return "ZZ";
}

/** Adds a variant that copies `from` (without ids) and splits traffic evenly. */
export function addVariant(doc: CtaDocument, from = 0): CtaDocument {
  const source = doc.variants[from] ?? doc.variants[0];
  const copy: CtaVariant = { ...copyWithoutIds(source), variation: nextVariation(doc.variants), winner: false };
  const variants = [...doc.variants, copy];
  const split = evenSplit(variants.length);
  return { ...doc, test_type: "split", variants: variants.map((v, i) => ({ ...v, percentage: split[i] })) };
}

/** Removes a variant (never the last one) and gives its share to the first remaining one. */
export function removeVariant(doc: CtaDocument, index: number): CtaDocument {
  if (doc.variants.length <= 1) return doc;
  const removed = doc.variants[index];
  const variants = doc.variants.filter((_, i) => i !== index);
  variants[0] = { ...variants[0], percentage: variants[0].percentage + (removed?.percentage ?? 0) };
  return { ...doc, test_type: variants.length > 1 ? doc.test_type : "none", variants };
}

// ---------------------------------------------------------------- action groups

/** The data keys each confirmation type uses (SPEC section 3 action group data keys). */
export const CONFIRMATION_KEYS: Record<ConfirmationType, (keyof ActionGroupData & string)[]> = {
  redirect: ["redirect-url", "query-string", "target-blank"],
  step: ["redirect-step"],
  message: ["confirmation"],
  cta: ["confirmation-cta"],
  sms: ["sms-number", "sms-keyword"],
  cart: [
    "selected-store-integration",
    "selected-product-variant-ids",
    "selected-products-quantity",
    "selected-products-summary",
  ],
  checkout: [
    "selected-store-integration",
    "selected-product-variant-ids",
    "selected-products-quantity",
    "selected-products-summary",
  ],
  product: [
    "selected-store-integration",
    "selected-product-variant-ids",
    "selected-products-quantity",
    "selected-products-summary",
  ],
  anchor: ["anchor-selector", "anchor-smooth-scroll"],
};

/** Keys every confirmation type may carry. */
export const COMMON_CONFIRMATION_KEYS = ["confirmation-close", "script", "jump-field-id"] as const;

/**
 * Switches an action group's confirmation type, dropping the data keys that
 * belonged only to the old type (unknown keys are kept: forward compatibility).
 */
export function withConfirmationType(data: ActionGroupData, type: ConfirmationType): ActionGroupData {
  const owned = new Set<string>(Object.values(CONFIRMATION_KEYS).flat());
  const keep = new Set<string>([...CONFIRMATION_KEYS[type], ...COMMON_CONFIRMATION_KEYS]);
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!owned.has(key) || keep.has(key)) next[key] = value;
  next["confirmation-type"] = type;
  if (type === "message" && next.confirmation === undefined) next.confirmation = "Thanks!";
  if (type === "step" && next["redirect-step"] === undefined) next["redirect-step"] = 0;
  return next as ActionGroupData;
}

// ---------------------------------------------------------------- text ⇄ values

/** "123, 456" → ["123", "456"] */
export const listOf = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** "123:2, 456:1" → { "123": 2, "456": 1 } (bad pairs are skipped) */
export function quantitiesOf(value: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pair of listOf(value)) {
    const [id, qty] = pair.split(":").map((s) => s.trim());
    const quantity = Number(qty);
    if (id && Number.isInteger(quantity) && quantity >= 1) out[id] = quantity;
  }
  return out;
}

export const quantitiesText = (q: Record<string, number> | undefined) =>
  Object.entries(q ?? {})
    .map(([id, n]) => `${id}:${n}`)
    .join(", ");

// ---------------------------------------------------------------- errors and JSON

/** Errors whose path starts with `prefix` (for marking a tab or card that hides them). */
export function errorsUnder(errors: Record<string, string>, prefix: Path): string[] {
  const joined = prefix.join(".");
  return Object.entries(errors)
    .filter(([k]) => joined === "" || k === joined || k.startsWith(`${joined}.`))
    .map(([, v]) => v);
}

/** The error at exactly this path. */
export function errorAt(errors: Record<string, string>, path: Path): string | undefined {
  return errors[path.join(".")];
}

/** Parses the generic options editor's text: a JSON object, or the reason it is not one. */
export function parseJsonObject(
  text: string,
  translate: Translate = translator("en"),
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (text.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      error: translate("editorUi.jsonInvalid", { reason: e instanceof Error ? e.message : String(e) }),
    };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, error: translate("editorUi.jsonObject", { example: '{"key": "value"}' }) };
  return { ok: true, value: value as Record<string, unknown> };
}

/** A short name of an element for lists ("Form · 3 fields"). */
export function elementSummary(el: CtaElement, translate: Translate = translator("en")): string {
  const name = translate(`editorUi.type.${el.element_type}`);
  const title = name[0].toUpperCase() + name.slice(1);
  if (el.fields.length)
    return `${title} · ${translate(el.fields.length === 1 ? "editorUi.fieldCountOne" : "editorUi.fieldCount", { count: el.fields.length })}`;
  const text =
    typeof el.options.html === "string"
      ? el.options.html
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      : "";
  const label =
    text ||
    (typeof el.options.text === "string" ? el.options.text : "") ||
    (typeof el.options["button-text"] === "string" ? el.options["button-text"] : "");
  return label ? `${title} · ${label.length > 40 ? `${label.slice(0, 40)}…` : label}` : title;
}

/** The option a button's label is in: "button-text" when set (the widget reads it first, templates write it), else "text". */
export function buttonLabelKey(options: Record<string, unknown>): "button-text" | "text" {
  return typeof options["button-text"] == "string" && options["button-text"] !== "" ? "button-text" : "text";
}
