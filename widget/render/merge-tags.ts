/**
 * Merge tags in owner text: `{{name}}`, `{{name|there}}` (fallback text when
 * the value is missing), dotted keys such as `{{quiz.score}}` or
 * `{{extra.company_size}}`. Values are looked up in the answers given in this
 * CTA first, then in the known person. Into HTML, values go HTML-escaped, so
 * a person's name can never become markup (the sanitizer runs afterwards too).
 */
import { hasOwnKey, ownValue } from "#contract/json-record";
import type { PublicPerson } from "#contract/schema/public-config";

const TAG = /\{\{\s*([\w.-]+)\s*(?:\|([^}]*))?\}\}/g;

export type MergeValues = Record<string, unknown>;

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Escapes text for HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

const show = (v: unknown): string | null => {
  if (v == null || v === "" || (Array.isArray(v) && !v.length)) return null;
  if (Array.isArray(v)) return v.join(", ");
  return typeof v == "object" ? null : String(v);
};

/** The value of a merge key, or null. Own entries only: {{toString}} is no answer of anyone's. */
export function lookup(key: string, values: MergeValues, person: PublicPerson | null): string | null {
  if (hasOwnKey(values, key)) return show(values[key]);
  const personFields = person as unknown as Record<string, unknown> | null;
  if (!personFields) return null;
  const name = key.replace(/^(person|contact)\./, "");
  if (name === "first_name") return show(personFields.name);
  const extra = (personFields.extra ?? {}) as Record<string, unknown>;
  if (name.startsWith("extra.")) return show(ownValue(extra, name.slice(6)));
  if (hasOwnKey(personFields, name) && name !== "data") return show(personFields[name]);
  return show(ownValue(extra, name));
}

/** Replaces merge tags; `html` escapes the values. */
export function mergeTags(text: string, values: MergeValues, person: PublicPerson | null, html = false): string {
  if (!text.includes("{{")) return text;
  return text.replace(TAG, (_, key: string, fallback?: string) => {
    const found = lookup(key, values, person);
    // A fallback comes from the owner (already HTML in html mode); a value comes from the visitor.
    if (found == null) return fallback?.trim() ?? "";
    return html ? escapeHtml(found) : found;
  });
}
