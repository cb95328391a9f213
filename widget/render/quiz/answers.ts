/**
 * Quiz answers per field type (SPEC 5 "Quiz"): validation, multi-select
 * toggling, range settings and formatting, button visibility and prefill.
 * Field options are kebab-case keys whose values may arrive as strings.
 */
import { ownValue } from "../../../contract/json-record";
import type { Field, FieldOption } from "../../../contract/schema/cta";
import { isPersonField } from "../../../contract/schema/person-fields";
import type { PublicPerson } from "../../../contract/schema/public-config";
import type { WidgetTexts } from "../../../contract/i18n/en";
import type { Answer, AnswerError, RangeConfig } from "./types";

/** Field types whose answer is one or more option values. */
export const CHOICE_TYPES = ["dropdown", "radio", "select", "checkbox", "image", "color", "emoji", "icon", "letter"];
/** Field types typed into an input whose native validity the UI reports. */
const INPUT_TYPES = ["text", "number", "paragraph"];

export const AUTO_CONTINUE_MS = 5000;

const opt = (f: Field, key: string): unknown => f.options?.[key];
/** A finite number from a number or a numeric string; undefined otherwise. */
export const num = (v: unknown): number | undefined => {
  const n = typeof v == "number" ? v : typeof v == "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
/** An option switched on (option values may arrive as strings). */
export const isOn = (v: unknown) => v === true || v === "true";
const list = (v: Answer | undefined): (string | number)[] => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]);

export const isChoice = (f: Field) => CHOICE_TYPES.includes(f.field_type);
// Checkboxes always allow several choices.
export const isMultiSelect = (f: Field) => isChoice(f) && (f.multi_select || f.field_type === "checkbox");
export const isSingleSelect = (f: Field) => isChoice(f) && !isMultiSelect(f);

/** True when the value counts as an answer (not empty, not an empty list). */
export const isAnswered = (v: Answer | undefined | null): v is Answer => list(v ?? undefined).length > 0;

/** The multi-select limit, or 0 for none. */
export const multiSelectLimit = (f: Field) => Math.max(0, Math.floor(num(opt(f, "multi-select-limit")) ?? 0));

/** The options an answer chose, in answer order. */
export function chosenOptions(f: Field, v: Answer | undefined): FieldOption[] {
  if (!isChoice(f)) return [];
  return list(v).flatMap((x) => f.field_options.find((o) => o.value === x) ?? []);
}

/** Why this answer is not acceptable, or null. `inputInvalid` is the input's native validity flag. */
export function answerError(f: Field, v: Answer | undefined, inputInvalid = false): AnswerError | null {
  const type = f.field_type;
  if (type === "empty" || type === "hidden") return null;
  if (inputInvalid && INPUT_TYPES.includes(type)) return "invalid";
  // SPEC 5 "range is invalid with no value" is this case: a range is only answered once a handle moved.
  if (!isAnswered(v)) return f.required ? "required" : null;
  if (type === "number" || type === "range") {
    const values = list(v).map(num);
    const { min, max, handles } =
      type === "range" ? rangeConfig(f) : { min: num(opt(f, "min")), max: num(opt(f, "max")), handles: 1 };
    if (values.length !== handles || values.some((n) => n === undefined)) return "invalid";
    if (handles === 2 && values[0]! > values[1]!) return "invalid";
    if (min !== undefined && values.some((n) => n! < min)) return "min";
    if (max !== undefined && values.some((n) => n! > max)) return "max";
    return null;
  }
  if (isChoice(f)) {
    if (Array.isArray(v) !== isMultiSelect(f) || list(v).some((x) => typeof x != "string")) return "invalid";
    // A choice field without options (letters drawn by the theme) takes any value.
    if (f.field_options.length && chosenOptions(f, v).length !== list(v).length) return "invalid";
    const limit = multiSelectLimit(f);
    return limit && list(v).length > limit ? "limit" : null;
  }
  return typeof v == "string" ? null : "invalid";
}

/**
 * The catalogue message of an answer error (SPEC 5): with both bounds known a
 * number or range says "between {0} and {1}", otherwise the bound it broke.
 */
export function answerErrorText(f: Field, error: AnswerError, t: WidgetTexts): string {
  const fill = (m: string, ...xs: unknown[]) => xs.reduce<string>((s, x, i) => s.replace(`{${i}}`, String(x)), m);
  if (error === "required") return t.required;
  if (error === "limit") return fill(t.choiceLimit, multiSelectLimit(f));
  if (error === "invalid") return t.fix;
  const { min, max } = f.field_type === "range" ? rangeConfig(f) : { min: num(opt(f, "min")), max: num(opt(f, "max")) };
  if (min !== undefined && max !== undefined) return fill(t.range, min, max);
  return error === "min" ? fill(t.min, min) : fill(t.max, max);
}

/**
 * The answer after clicking an option: a repeat click removes it; a multi-select
 * adds it unless the multi-select-limit is reached (then the click does nothing).
 */
export function toggleChoice(f: Field, current: Answer | undefined, value: string): Answer | undefined {
  if (!isMultiSelect(f)) return current === value ? undefined : value;
  const chosen = Array.isArray(current) ? (current as string[]) : [];
  if (chosen.includes(value)) {
    const rest = chosen.filter((x) => x !== value);
    return rest.length ? rest : undefined;
  }
  const limit = multiSelectLimit(f);
  if (limit && chosen.length >= limit) return chosen.length ? chosen : undefined;
  return [...chosen, value];
}

/** Range settings: min 0, max 1000, increment 1, two handles with "range-handles": 2 (SPEC 5, 9). */
export function rangeConfig(f: Field): RangeConfig {
  const min = num(opt(f, "min")) ?? 0;
  const max = Math.max(min, num(opt(f, "max")) ?? 1000);
  const inc = num(opt(f, "increment")) ?? 0;
  const step = inc > 0 ? inc : 1;
  const vt = opt(f, "value-type");
  const valueType = vt === "percentage" || vt === "currency" ? vt : "integer";
  const handles = num(opt(f, "range-handles")) === 2 ? 2 : 1;
  const at = (p: number) => Math.min(max, min + Math.round(((max - min) * p) / step) * step);
  // SPEC 9 places two handles at 25% and 75%; one handle starts in the middle.
  return { min, max, step, handles, valueType, initial: handles === 2 ? [at(0.25), at(0.75)] : at(0.5) };
}

/** A range value as shown: 250, 25%, $250 or 250 kr (a currency word goes after the number). */
export function formatValue(n: number, valueType: RangeConfig["valueType"], currencyCharacter = "$"): string {
  const s = String(valueType === "integer" ? Math.round(n) : +n.toFixed(2));
  if (valueType === "percentage") return s + "%";
  if (valueType !== "currency") return s;
  return /^\p{L}+$/u.test(currencyCharacter) ? `${s} ${currencyCharacter}` : currencyCharacter + s;
}

/** A range answer as shown, "250 kr - 750 kr" for two handles. */
export function formatRange(f: Field, v: Answer, currencyCharacter = "$"): string {
  const { valueType } = rangeConfig(f);
  return list(v)
    .map((x) => formatValue(num(x) ?? 0, valueType, currencyCharacter))
    .join(" - ");
}

/** A loading spinner screen: no next or back button, it moves on by itself. */
export const isSpinner = (f: Field) => isOn(opt(f, "loading-spinner"));

/** Choosing an option moves on at once: single-select with hide-next-button. */
export const advancesOnSelect = (f: Field) => isSingleSelect(f) && isOn(opt(f, "hide-next-button"));

/** Milliseconds before an empty (message or spinner) question moves on by itself; null for other types. */
export function autoContinueDelayMs(f: Field): number | null {
  if (f.field_type !== "empty") return null;
  const s = num(opt(f, "auto-continue-delay"));
  return s !== undefined && s >= 0 ? s * 1000 : AUTO_CONTINUE_MS;
}

/**
 * The value a question starts with: its URL parameter (when url_params is on),
 * else the known person's field or custom answer; undefined when prefill-fields
 * is false or the value does not fit the question.
 */
export function prefillValue(
  f: Field,
  person: PublicPerson | null | undefined,
  urlParams: Record<string, string | undefined> = {},
): Answer | undefined {
  if (opt(f, "prefill-fields") === false || opt(f, "prefill-fields") === "false" || f.field_type === "empty")
    return undefined;
  const key = f.slug === "first_name" ? "name" : f.slug;
  // URL parameters and custom answers are the visitor's: own entries only, never Object.prototype's.
  const fromUrl = f.url_params ? ownValue(urlParams, f.parameter || f.slug) : undefined;
  const raw = fromUrl ?? (person ? (isPersonField(key) ? person[key] : ownValue(person.extra, f.slug)) : undefined);
  let v: Answer | undefined;
  if (typeof raw == "number") v = raw;
  else if (Array.isArray(raw)) v = raw.map(String);
  else if (typeof raw == "string" && raw.trim()) v = raw.trim();
  if (v === undefined) return undefined;
  if (isChoice(f)) {
    const values = list(v)
      .flatMap((x) => String(x).split(","))
      .map((x) => x.trim());
    v = isMultiSelect(f) ? values : values[0];
  } else if (f.field_type === "number" || f.field_type === "range") {
    v = num(v);
  } else if (typeof v != "string") {
    v = String(v);
  }
  return isAnswered(v) && !answerError(f, v) ? v : undefined;
}
