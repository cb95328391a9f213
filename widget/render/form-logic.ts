/**
 * Form rules without DOM or network (SPEC 5 and 8): validation and the
 * contact payload of SPEC 3. What drawing a form needs lives in
 * form-fields.ts (re-exported here), so the submit chunk carries the rest.
 */
import type { Field } from "#contract/schema/cta";
import { isPersonField } from "#contract/schema/person-fields";
import type { WidgetTexts } from "#contract/i18n/en";
import { byPosition, isEmailField, isPhoneField } from "./form-fields";
import type { ContactPayload, CtaIds } from "./types";
import { cut } from "#widget/core/cut";

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
  const digits = value.replace(/ext|[\s()+\-.]/gi, "");
  return /^\d+$/.test(digits) ? digits : null;
}

/** SPEC 5: a phone is valid with at least 4 digits (and nothing but separators besides). */
export const isPhoneValid = (value: string) => (phoneDigits(value)?.length ?? 0) >= 4;

/** The error message of one field in `messages`' words, or null when it is valid. `required` overrides the field's flag (phone rule). */
export function validateField(
  field: Field,
  value: FieldValue | undefined,
  messages: Messages,
  required = field.required,
): string | null {
  if (field.field_type === "hidden") return null;
  if (isEmpty(value)) return required ? messages.required : null;
  if (typeof value != "string") return null;
  if (isEmailField(field) && !EMAIL_RE.test(normalizeEmail(value))) return messages.email;
  if (isPhoneField(field) && !isPhoneValid(value)) return messages.phone;
  return null;
}

/**
 * Errors by slug, in field order; empty when the form may be sent. SPEC 5:
 * a phone is optional only when an e-mail field is shown and phone-required is not set.
 */
export function validateForm(
  fields: Field[],
  values: FormValues,
  messages: Messages,
  opts: { phoneRequired?: boolean } = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  const hasEmail = fields.some((f) => isEmailField(f) && f.field_type !== "hidden");
  for (const field of byPosition(fields)) {
    const required = field.required || (isPhoneField(field) && (!!opts.phoneRequired || !hasEmail));
    const error = validateField(field, values[field.slug], messages, required);
    if (error) errors[field.slug] = error;
  }
  return errors;
}

/** What native validation says about an input, in `messages`' words (SPEC 5's in English; null when valid). */
export function validityMessage(
  validity: Pick<
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
  messages: Messages,
): string | null {
  if (validity.valid) return null;
  const fill = (m: string, x: unknown) => m.replace("{0}", String(x));
  if (validity.valueMissing) return messages.required;
  if (validity.typeMismatch || validity.badInput) {
    return el.type === "email"
      ? messages.email
      : el.type === "url"
        ? messages.url
        : el.type === "date"
          ? messages.date
          : el.type === "number"
            ? messages.number
            : messages.fix;
  }
  if (validity.rangeOverflow) return fill(messages.max, el.max);
  if (validity.rangeUnderflow) return fill(messages.min, el.min);
  if (validity.stepMismatch) return fill(messages.step, el.step);
  if (validity.tooLong) return fill(messages.maxlength, el.maxLength);
  if (validity.tooShort) return fill(messages.minlength, el.minLength);
  return messages.fix;
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
  for (const field of byPosition(fields)) {
    const value = values[field.slug];
    if (value === undefined) continue;
    const key = ALIASES[field.slug] ?? field.slug;
    if ((CONSENTS as readonly string[]).includes(key)) {
      payload[key as (typeof CONSENTS)[number]] = value === true || (Array.isArray(value) && value.length > 0);
    } else if (isPersonField(key)) {
      // A contact field of the person; any other slug goes to `extra`.
      const text = typeof value == "string" ? value.trim() : "";
      if (!text) continue;
      payload[key] = key === "email" ? normalizeEmail(text) : cut(text, key === "zip_code" ? 20 : 500);
    } else {
      payload.extra[field.slug] = typeof value == "string" ? cut(value, 5000) : value;
    }
  }
  return payload;
}
