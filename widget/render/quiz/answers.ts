/**
 * Quiz answers per field type (SPEC 5 "Quiz"): validation, multi-select
 * toggling, range settings and formatting, button visibility and prefill.
 * Field options are kebab-case keys whose values may arrive as strings.
 */
import { ownValue } from "#contract/json-record";
import type { Field, FieldOption } from "#contract/schema/cta";
import { isPersonField } from "#contract/schema/person-fields";
import type { PublicPerson } from "#contract/schema/public-config";
import type { WidgetTexts } from "#contract/i18n/en";
import { CHOICE_FIELD_TYPES } from "#contract/schema/quiz-choices";
import type { Answer, AnswerError, RangeConfig } from "./types";

/** Field types whose answer is one or more option values. */
export const CHOICE_TYPES = CHOICE_FIELD_TYPES;
/** Field types typed into an input whose native validity the UI reports. */
const INPUT_TYPES = ["text", "number", "paragraph"];

export const AUTO_CONTINUE_MS = 5000;

const opt = (f: Field, key: string): unknown => f.options?.[key];
/** A finite number from a number or a numeric string; undefined otherwise. */
export const num = (v: unknown): number | undefined => {
  const parsed = typeof v == "number" ? v : typeof v == "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
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
export function answerError(field: Field, answer: Answer | undefined, inputInvalid = false): AnswerError | null {
  const type = field.field_type;
  if (type === "empty" || type === "hidden") return null;
  if (inputInvalid && INPUT_TYPES.includes(type)) return "invalid";
  // SPEC 5 "range is invalid with no value" is this case: a range is only answered once a handle moved.
  if (!isAnswered(answer)) return field.required ? "required" : null;
  if (type === "number" || type === "range") {
    const values = list(answer).map(num);
    const { min, max, handles } =
      type === "range" ? rangeConfig(field) : { min: num(opt(field, "min")), max: num(opt(field, "max")), handles: 1 };
    if (values.length !== handles || values.some((n) => n === undefined)) return "invalid";
    if (handles === 2 && values[0]! > values[1]!) return "invalid";
    if (min !== undefined && values.some((n) => n! < min)) return "min";
    if (max !== undefined && values.some((n) => n! > max)) return "max";
    return null;
  }
  if (isChoice(field)) {
    if (Array.isArray(answer) !== isMultiSelect(field) || list(answer).some((x) => typeof x != "string"))
      return "invalid";
    // A choice field without options (letters drawn by the theme) takes any value.
    if (field.field_options.length && chosenOptions(field, answer).length !== list(answer).length) return "invalid";
    const limit = multiSelectLimit(field);
    return limit && list(answer).length > limit ? "limit" : null;
  }
  return typeof answer == "string" ? null : "invalid";
}

/**
 * The catalogue message of an answer error (SPEC 5): with both bounds known a
 * number or range says "between {0} and {1}", otherwise the bound it broke.
 */
export function answerErrorText(field: Field, error: AnswerError, texts: WidgetTexts): string {
  const fill = (m: string, ...xs: unknown[]) => xs.reduce<string>((s, x, i) => s.replace(`{${i}}`, String(x)), m);
  if (error === "required") return texts.required;
  if (error === "limit") return fill(texts.choiceLimit, multiSelectLimit(field));
  if (error === "invalid") return texts.fix;
  const { min, max } =
    field.field_type === "range" ? rangeConfig(field) : { min: num(opt(field, "min")), max: num(opt(field, "max")) };
  if (min !== undefined && max !== undefined) return fill(texts.range, min, max);
  return error === "min" ? fill(texts.min, min) : fill(texts.max, max);
}

/**
 * The answer after clicking an option: a repeat click removes it; a multi-select
 * adds it unless the multi-select-limit is reached (then the click does nothing).
 */
export function toggleChoice(field: Field, current: Answer | undefined, value: string): Answer | undefined {
  if (!isMultiSelect(field)) return current === value ? undefined : value;
  const chosen = Array.isArray(current) ? (current as string[]) : [];
  if (chosen.includes(value)) {
    const rest = chosen.filter((x) => x !== value);
    return rest.length ? rest : undefined;
  }
  const limit = multiSelectLimit(field);
  if (limit && chosen.length >= limit) return chosen.length ? chosen : undefined;
  return [...chosen, value];
}

/** Range settings: min 0, max 1000, increment 1, two handles with "range-handles": 2 (SPEC 5, 9). */
export function rangeConfig(field: Field): RangeConfig {
  const min = num(opt(field, "min")) ?? 0;
  const max = Math.max(min, num(opt(field, "max")) ?? 1000);
  const inc = num(opt(field, "increment")) ?? 0;
  const step = inc > 0 ? inc : 1;
  const vt = opt(field, "value-type");
  const valueType = vt === "percentage" || vt === "currency" ? vt : "integer";
  const handles = num(opt(field, "range-handles")) === 2 ? 2 : 1;
  const at = (p: number) => Math.min(max, min + Math.round(((max - min) * p) / step) * step);
  // SPEC 9 places two handles at 25% and 75%; one handle starts in the middle.
  return { min, max, step, handles, valueType, initial: handles === 2 ? [at(0.25), at(0.75)] : at(0.5) };
}

/** A range value as shown: 250, 25%, $250 or 250 kr (a currency word goes after the number). */
export function formatValue(value: number, valueType: RangeConfig["valueType"], currencyCharacter = "$"): string {
  const shown = String(valueType === "integer" ? Math.round(value) : +value.toFixed(2));
  if (valueType === "percentage") return shown + "%";
  if (valueType !== "currency") return shown;
  return /^\p{L}+$/u.test(currencyCharacter) ? `${shown} ${currencyCharacter}` : currencyCharacter + shown;
}

/** A range answer as shown, "250 kr - 750 kr" for two handles. */
export function formatRange(field: Field, answer: Answer, currencyCharacter = "$"): string {
  const { valueType } = rangeConfig(field);
  return list(answer)
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
  const seconds = num(opt(f, "auto-continue-delay"));
  return seconds !== undefined && seconds >= 0 ? seconds * 1000 : AUTO_CONTINUE_MS;
}

/**
 * The value a question starts with: its URL parameter (when url_params is on),
 * else the known person's field or custom answer; undefined when prefill-fields
 * is false or the value does not fit the question.
 */
export function prefillValue(
  field: Field,
  person: PublicPerson | null | undefined,
  urlParams: Record<string, string | undefined> = {},
): Answer | undefined {
  if (
    opt(field, "prefill-fields") === false ||
    opt(field, "prefill-fields") === "false" ||
    field.field_type === "empty"
  )
    return undefined;
  const key = field.slug === "first_name" ? "name" : field.slug;
  // URL parameters and custom answers are the visitor's: own entries only, never Object.prototype's.
  const fromUrl = field.url_params ? ownValue(urlParams, field.parameter || field.slug) : undefined;
  const raw = fromUrl ?? (person ? (isPersonField(key) ? person[key] : ownValue(person.extra, field.slug)) : undefined);
  let answer: Answer | undefined;
  if (typeof raw == "number") answer = raw;
  else if (Array.isArray(raw)) answer = raw.map(String);
  else if (typeof raw == "string" && raw.trim()) answer = raw.trim();
  if (answer === undefined) return undefined;
  if (isChoice(field)) {
    const values = list(answer)
      .flatMap((x) => String(x).split(","))
      .map((x) => x.trim());
    answer = isMultiSelect(field) ? values : values[0];
  } else if (field.field_type === "number" || field.field_type === "range") {
    answer = num(answer);
  } else if (typeof answer != "string") {
    answer = String(answer);
  }
  return isAnswered(answer) && !answerError(field, answer) ? answer : undefined;
}
