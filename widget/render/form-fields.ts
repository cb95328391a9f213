/**
 * What drawing a form needs (the submit-time rules are in form-logic.ts):
 * field order, which fields show, input types and autocomplete tokens.
 */
import type { Field } from "#contract/schema/cta";

/** Field types a form shows (the others of SPEC 3 belong to quizzes and surveys). */
export const FORM_FIELD_TYPES = [
  "text",
  "number",
  "hidden",
  "checkbox",
  "paragraph",
  "dropdown",
  "select",
  "radio",
  "range",
];

export const byPosition = <T extends { position: number }>(list: T[] = []): T[] =>
  [...list].sort((a, b) => a.position - b.position);

const opt = (f: Field, key: string): string => {
  const value = f.options?.[key];
  return typeof value == "string" ? value : "";
};
export const isEmailField = (f: Field) => opt(f, "type") === "email" || f.slug === "email";
export const isPhoneField = (f: Field) => opt(f, "type") === "tel" || f.slug === "phone";

/** Input type of a text-like field. */
export function inputType(field: Field): string {
  if (field.field_type === "number") return "number";
  if (isEmailField(field)) return "email";
  if (isPhoneField(field)) return "tel";
  return /^(text|url|date)$/.test(opt(field, "type")) ? opt(field, "type") : "text";
}

/** The autocomplete token that lets browsers fill the field. */
export function autocompleteOf(field: Field): string {
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
  return map[field.slug] || (isEmailField(field) ? "email" : isPhoneField(field) ? "tel" : "on");
}

/**
 * The fields a form shows, in position order: every one of them. SPEC 5's
 * "a horizontal form shows at most 4 visible fields on desktop" is a layout
 * rule (at most 4 to a row, the rest wrap: styles.ts), never a cut: a field
 * left out would be neither validated nor sent.
 */
export const shownFields = (fields: Field[]): Field[] =>
  byPosition(fields).filter((f) => FORM_FIELD_TYPES.includes(f.field_type));
