/**
 * Form rules without DOM or network (SPEC 5 and 8): validation and the
 * contact payload of SPEC 3. What drawing a form needs lives in
 * form-fields.ts (re-exported here), so the submit chunk carries the rest.
 */
import type { Field } from "../../contract/schema/cta";
import { isPersonField } from "../../contract/schema/person-fields";
import type { WidgetTexts } from "../../contract/i18n/en";
import { byPosition, isEmailField, isPhoneField } from "./form-fields";
import type { ContactPayload, CtaIds } from "./types";
import { cut } from "../core/cut";

export * from "./form-fields";

export type FieldValue = string | string[] | boolean | number | null;
export type FormValues = Record<string, FieldValue>;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The catalogue entries validation speaks with (SPEC 5 and 8 in the English catalogue). */
export type Messages = Pick<
  WidgetTexts,
  | "required"
  | "email"
  | "business"
  | "phone"
  | "fix"
  | "url"
  | "date"
  | "number"
  | "max"
  | "min"
  | "step"
  | "maxlength"
  | "minlength"
>;

/** Consent checkboxes kept as fields (slug marketing_consent ...) go to the payload's consent flags. */
const CONSENTS = ["marketing_consent", "privacy_consent", "sms_consent"] as const;
/** first_name is the person's name; the consent checkboxes a form adds from its options carry a prefix (beckon_…). */
const ALIASES: Record<string, string> = {
  first_name: "name",
  beckon_marketing_consent: "marketing_consent",
  beckon_privacy_consent: "privacy_consent",
  beckon_sms_consent: "sms_consent",
};

const isEmpty = (v: FieldValue | undefined) => v == null || v === "" || v === false || (Array.isArray(v) && !v.length);

/** E-mail as stored: trimmed and lower-cased (SPEC 5). */
export const normalizeEmail = (v: string) => v.trim().toLowerCase();

/** SPEC 5: a phone's digits after stripping spaces, brackets, plus, dashes, dots and "ext"; null unless only digits remain. */
export function phoneDigits(value: string): string | null {
  const d = value.replace(/ext|[\s()+\-.]/gi, "");
  return /^\d+$/.test(d) ? d : null;
}

/** SPEC 5: a phone is valid with at least 4 digits (and nothing but separators besides). */
export const isPhoneValid = (value: string) => (phoneDigits(value)?.length ?? 0) >= 4;

/** The error message of one field in `t`'s words, or null when it is valid. `required` overrides the field's flag (phone rule). */
export function validateField(
  f: Field,
  value: FieldValue | undefined,
  t: Messages,
  required = f.required,
): string | null {
  if (f.field_type === "hidden") return null;
  if (isEmpty(value)) return required ? t.required : null;
  if (typeof value != "string") return null;
  if (isEmailField(f) && !EMAIL_RE.test(normalizeEmail(value))) return t.email;
  if (isPhoneField(f) && !isPhoneValid(value)) return t.phone;
  return null;
}

/**
 * Errors by slug, in field order; empty when the form may be sent. SPEC 5:
 * a phone is optional only when an e-mail field is shown and phone-required is not set.
 */
export function validateForm(
  fields: Field[],
  values: FormValues,
  t: Messages,
  opts: { phoneRequired?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  const hasEmail = fields.some((f) => isEmailField(f) && f.field_type !== "hidden");
  for (const f of byPosition(fields)) {
    const required = f.required || (isPhoneField(f) && (!!opts.phoneRequired || !hasEmail));
    const e = validateField(f, values[f.slug], t, required);
    if (e) errors[f.slug] = e;
  }
  return errors;
}

/** What native validation says about an input, in `t`'s words (SPEC 5's in English; null when valid). */
export function validityMessage(
  v: Pick<
    ValidityState,
    | "valid"
    | "valueMissing"
    | "typeMismatch"
    | "badInput"
    | "rangeOverflow"
    | "rangeUnderflow"
    | "stepMismatch"
    | "tooLong"
    | "tooShort"
  >,
  el: { type: string; min?: string; max?: string; step?: string; maxLength?: number; minLength?: number },
  t: Messages,
): string | null {
  if (v.valid) return null;
  const fill = (m: string, x: unknown) => m.replace("{0}", String(x));
  if (v.valueMissing) return t.required;
  if (v.typeMismatch || v.badInput) {
    return el.type === "email"
      ? t.email
      : el.type === "url"
        ? t.url
        : el.type === "date"
          ? t.date
          : el.type === "number"
            ? t.number
            : t.fix;
  }
  if (v.rangeOverflow) return fill(t.max, el.max);
  if (v.rangeUnderflow) return fill(t.min, el.min);
  if (v.stepMismatch) return fill(t.step, el.step);
  if (v.tooLong) return fill(t.maxlength, el.maxLength);
  if (v.tooShort) return fill(t.minlength, el.minLength);
  return t.fix;
}

export interface PayloadContext extends CtaIds {
  source_url: string;
  marketing_consent?: boolean | null;
  privacy_consent?: boolean | null;
}

/** Builds the SPEC 3 contact payload from form values. */
export function buildContactPayload(fields: Field[], values: FormValues, ctx: PayloadContext): ContactPayload {
  const payload: ContactPayload = {
    extra: {},
    source_url: ctx.source_url,
    contactable_type: "Cta",
    contactable_id: ctx.cta_id,
    cta_id: ctx.cta_id,
    variant_id: ctx.variant_id ?? null,
    step_id: ctx.step_id ?? null,
    element_id: ctx.element_id ?? null,
    broadcast_id: ctx.broadcast_id ?? null,
  };
  if (ctx.marketing_consent != null) payload.marketing_consent = ctx.marketing_consent;
  if (ctx.privacy_consent != null) payload.privacy_consent = ctx.privacy_consent;
  for (const f of byPosition(fields)) {
    const value = values[f.slug];
    if (value === undefined) continue;
    const key = ALIASES[f.slug] ?? f.slug;
    if ((CONSENTS as readonly string[]).includes(key)) {
      payload[key as (typeof CONSENTS)[number]] = value === true || (Array.isArray(value) && value.length > 0);
    } else if (isPersonField(key)) {
      // A contact field of the person; any other slug goes to `extra`.
      const s = typeof value == "string" ? value.trim() : "";
      if (!s) continue;
      payload[key] = key === "email" ? normalizeEmail(s) : cut(s, key === "zip_code" ? 20 : 500);
    } else {
      payload.extra[f.slug] = typeof value == "string" ? cut(value, 5000) : value;
    }
  }
  return payload;
}
