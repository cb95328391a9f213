/**
 * The site's form-validation rules, a small jQuery-Validation work-alike with
 * the library's exact messages (SPEC 5) and its Swedish localization, picked
 * by the page's language. Pure: rules, messages and formatting; forms.ts
 * wires them to the page and runs the remote rule.
 */

// The host site's own copy, not contract/i18n/en.ts's: a real host site ships its form library's words, whatever Beckon says.
/* jscpd:ignore-start */
export const MESSAGES = {
  required: "This field is required.",
  remote: "Please fix this field.",
  email: "Please enter a valid email address.",
  url: "Please enter a valid URL.",
  date: "Please enter a valid date.",
  dateISO: "Please enter a valid date (ISO).",
  number: "Please enter a valid number.",
  digits: "Please enter only digits.",
  equalTo: "Please enter the same value again.",
  maxlength: "Please enter no more than {0} characters.",
  minlength: "Please enter at least {0} characters.",
  rangelength: "Please enter a value between {0} and {1} characters long.",
  range: "Please enter a value between {0} and {1}.",
  max: "Please enter a value less than or equal to {0}.",
  min: "Please enter a value greater than or equal to {0}.",
  step: "Please enter a multiple of {0}.",
} as const;
/* jscpd:ignore-end */

export type RuleName = keyof typeof MESSAGES;
export type Messages = Record<RuleName, string>;

/**
 * The library's Swedish localization (its messages_sv file), which a Swedish
 * site loads after the library. That file has no remote or step message (the
 * library would fall back to English there); the two are in Swedish here, so
 * a visitor never meets an English sentence on a Swedish page.
 */
/* jscpd:ignore-start */
export const MESSAGES_SV: Messages = {
  required: "Detta fält är obligatoriskt.",
  remote: "Rätta det här fältet.",
  email: "Ange en korrekt e-postadress.",
  url: "Ange en korrekt URL.",
  date: "Ange ett korrekt datum.",
  dateISO: "Ange ett korrekt datum (ÅÅÅÅ-MM-DD).",
  number: "Ange ett korrekt nummer.",
  digits: "Ange endast siffror.",
  equalTo: "Ange samma värde igen.",
  maxlength: "Du får ange högst {0} tecken.",
  minlength: "Du måste ange minst {0} tecken.",
  rangelength: "Ange minst {0} och max {1} tecken.",
  range: "Ange ett värde mellan {0} och {1}.",
  max: "Ange ett värde som är mindre eller lika med {0}.",
  min: "Ange ett värde som är större eller lika med {0}.",
  step: "Ange en multipel av {0}.",
};
/* jscpd:ignore-end */

/** The messages for a page's language (its <html lang>): Swedish for sv and sv-*, else the library's defaults. */
export function messagesFor(lang: string | null | undefined): Messages {
  return /^sv(?:-|$)/i.test(lang ?? "") ? MESSAGES_SV : MESSAGES;
}

/** The rules one field has; remote holds the URL it posts to. */
export interface FieldRules {
  required?: boolean;
  email?: boolean;
  url?: boolean;
  date?: boolean;
  dateISO?: boolean;
  number?: boolean;
  digits?: boolean;
  /** The value the field must equal (resolved from the other field). */
  equalTo?: { value: string };
  maxlength?: number;
  minlength?: number;
  rangelength?: [number, number];
  range?: [number, number];
  max?: number;
  min?: number;
  step?: number;
  remote?: string;
}

/** Replaces {0}, {1}, ... with the parameters, as the library's format() does. */
export function formatMessage(template: string, params: unknown): string {
  const list = Array.isArray(params) ? params : [params];
  return template.replace(/\{(\d+)\}/g, (whole, i: string) =>
    Number(i) < list.length ? String(list[Number(i)]) : whole,
  );
}

// The library's own patterns (WHATWG e-mail, its URL and ISO-date rules).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const DATE_ISO = /^\d{4}[/-](0?[1-9]|1[012])[/-](0?[1-9]|[12][0-9]|3[01])$/;
const NUMBER = /^(?:-?\d+|-?\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/;
const DIGITS = /^\d+$/;
const URL_SCHEME = /^(?:(?:(?:https?|ftp):)?\/\/)/i;

function isUrl(value: string): boolean {
  if (!URL_SCHEME.test(value) || /\s/.test(value)) return false;
  try {
    const parsed = new URL(value.startsWith("//") ? `http:${value}` : value);
    return parsed.hostname === "localhost" || /^[^.]+(\.[^.]+)+$/.test(parsed.hostname);
  } catch {
    return false;
  }
}

const decimals = (n: number): number => {
  const match = /(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(String(n));
  return match ? Math.max(0, (match[1] ? match[1].length : 0) - (match[2] ? Number(match[2]) : 0)) : 0;
};

/** Whether a value is a multiple of step from base, without floating-point noise (0.3 is a multiple of 0.1). */
export function isStepMultiple(value: number, step: number, base = 0): boolean {
  const scale = 10 ** Math.max(decimals(value), decimals(step), decimals(base));
  const scaledValue = Math.round(value * scale);
  const scaledStep = Math.round(step * scale);
  const scaledBase = Math.round(base * scale);
  return scaledStep !== 0 && (scaledValue - scaledBase) % scaledStep === 0;
}

/** The length the length rules count: characters (Array.from, so emoji count once). */
const lengthOf = (value: string): number => Array.from(value).length;

/**
 * Checks one value against the local rules in the library's order and returns
 * the first failure as { rule, message }, or null when it passes. An empty,
 * optional field passes every rule. The remote rule is not checked here.
 */
export function checkValue(
  value: string,
  rules: FieldRules,
  custom: Partial<Record<RuleName, string>> = {},
  messages: Messages = MESSAGES,
): { rule: RuleName; message: string } | null {
  const fail = (rule: RuleName, params?: unknown) => ({
    rule,
    message: formatMessage(custom[rule] ?? messages[rule], params),
  });
  const trimmed = value.trim();
  if (trimmed === "") return rules.required ? fail("required") : null;
  if (rules.email && !EMAIL.test(trimmed)) return fail("email");
  if (rules.url && !isUrl(trimmed)) return fail("url");
  if (rules.date && /Invalid|NaN/.test(new Date(trimmed).toString())) return fail("date");
  if (rules.dateISO && !DATE_ISO.test(trimmed)) return fail("dateISO");
  if (rules.number && !NUMBER.test(trimmed)) return fail("number");
  if (rules.digits && !DIGITS.test(trimmed)) return fail("digits");
  if (rules.equalTo && value !== rules.equalTo.value) return fail("equalTo");
  const len = lengthOf(value);
  if (rules.minlength !== undefined && len < rules.minlength) return fail("minlength", rules.minlength);
  if (rules.maxlength !== undefined && len > rules.maxlength) return fail("maxlength", rules.maxlength);
  if (rules.rangelength && (len < rules.rangelength[0] || len > rules.rangelength[1]))
    return fail("rangelength", rules.rangelength);
  const num = Number(trimmed.replace(/,/g, ""));
  const numeric = trimmed !== "" && Number.isFinite(num);
  if (rules.min !== undefined && (!numeric || num < rules.min)) return fail("min", rules.min);
  if (rules.max !== undefined && (!numeric || num > rules.max)) return fail("max", rules.max);
  if (rules.range && (!numeric || num < rules.range[0] || num > rules.range[1])) return fail("range", rules.range);
  if (rules.step !== undefined && (!numeric || !isStepMultiple(num, rules.step, rules.min ?? 0)))
    return fail("step", rules.step);
  return null;
}

/**
 * Reads a remote rule's answer: true (or "true") passes; a string is the
 * message to show; false, null or anything else fails with the remote message.
 */
export function remoteVerdict(
  answer: unknown,
  custom?: string,
  messages: Messages = MESSAGES,
): { valid: true } | { valid: false; message: string } {
  if (answer === true || answer === "true") return { valid: true };
  if (typeof answer === "string" && answer.trim() !== "") return { valid: false, message: answer };
  return { valid: false, message: custom ?? messages.remote };
}

/** Parses "[2, 40]" or "2,40" (data-rule-rangelength, data-rule-range). */
export function parsePair(text: string | null): [number, number] | undefined {
  if (!text) return undefined;
  const nums = text
    .replace(/[[\]\s]/g, "")
    .split(",")
    .map(Number);
  return nums.length === 2 && nums.every(Number.isFinite) ? [nums[0], nums[1]] : undefined;
}
