/**
 * Form rules without DOM or network (SPEC 5 and 8): field order, validation,
 * and the contact payload of SPEC 3.
 */
import type { Field } from "../../app/lib/schema/cta";
import type { ContactPayload, CtaIds } from "./types";

export type FieldValue = string | string[] | boolean | number | null;
export type FormValues = Record<string, FieldValue>;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MESSAGES = {
  required: "This field is required.",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
};

/** Contact fields of the person; any other slug goes to `extra`. */
const PERSON_FIELDS = ["email", "phone", "name", "last_name", "website", "company_name", "company_title", "city", "state", "country", "address", "zip_code"] as const;
/** Consent checkboxes kept as fields (slug marketing_consent ...) go to the payload's consent flags. */
const CONSENTS = ["marketing_consent", "privacy_consent", "sms_consent"] as const;
const ALIASES: Record<string, (typeof PERSON_FIELDS)[number]> = { first_name: "name" };

/** Field types this renderer shows in forms. */
export const FORM_FIELD_TYPES = ["text", "number", "hidden", "checkbox", "paragraph", "dropdown", "select", "radio"];

export const byPosition = <T extends { position: number }>(list: T[] = []): T[] => [...list].sort((a, b) => a.position - b.position);

const opt = (f: Field, key: string): string => {
  const v = f.options?.[key];
  return typeof v == "string" ? v : "";
};
export const isEmailField = (f: Field) => opt(f, "type") === "email" || f.slug === "email";
export const isPhoneField = (f: Field) => opt(f, "type") === "tel" || f.slug === "phone";

/** Input type of a text-like field. */
export function inputType(f: Field): string {
  if (f.field_type === "number") return "number";
  if (isEmailField(f)) return "email";
  if (isPhoneField(f)) return "tel";
  return /^(text|url|date)$/.test(opt(f, "type")) ? opt(f, "type") : "text";
}

/** The autocomplete token that lets browsers fill the field. */
export function autocompleteOf(f: Field): string {
  const map: Record<string, string> = {
    email: "email",
    phone: "tel",
    name: "given-name",
    first_name: "given-name",
    last_name: "family-name",
    company_name: "organization",
    company_title: "organization-title",
    website: "url",
    city: "address-level2",
    state: "address-level1",
    country: "country-name",
    zip_code: "postal-code",
    address: "street-address",
  };
  return map[f.slug] || (isEmailField(f) ? "email" : isPhoneField(f) ? "tel" : "on");
}

const isEmpty = (v: FieldValue | undefined) => v == null || v === "" || v === false || (Array.isArray(v) && !v.length);

/** E-mail as stored: trimmed and lower-cased (SPEC 5). */
export const normalizeEmail = (v: string) => v.trim().toLowerCase();

/** The error message of one field, or null when it is valid. */
export function validateField(f: Field, value: FieldValue | undefined): string | null {
  if (f.field_type === "hidden") return null;
  if (isEmpty(value)) return f.required ? MESSAGES.required : null;
  if (typeof value != "string") return null;
  if (isEmailField(f) && !EMAIL_RE.test(normalizeEmail(value))) return MESSAGES.email;
  // SPEC 5: digits only after stripping separators, at least 4.
  if (isPhoneField(f) && !/^\d{4,}$/.test(value.replace(/ext|[\s()+\-.]/gi, ""))) return MESSAGES.phone;
  return null;
}

/** Errors by slug, in field order; empty when the form may be sent. */
export function validateForm(fields: Field[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of byPosition(fields)) {
    const e = validateField(f, values[f.slug]);
    if (e) errors[f.slug] = e;
  }
  return errors;
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
    } else if ((PERSON_FIELDS as readonly string[]).includes(key)) {
      const s = typeof value == "string" ? value.trim() : "";
      if (!s) continue;
      payload[key as (typeof PERSON_FIELDS)[number]] = key === "email" ? normalizeEmail(s) : s.slice(0, key === "zip_code" ? 20 : 500);
    } else {
      payload.extra[f.slug] = typeof value == "string" ? value.slice(0, 5000) : value;
    }
  }
  return payload;
}
