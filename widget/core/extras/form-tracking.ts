/**
 * Form tracking (SPEC 2, 5: website config form_tracking): when a form of
 * the host page is submitted, its first name, last name, e-mail, phone and
 * website fields become a contact, as if the visitor had filled in a CTA.
 * It only listens: the host form is never stopped, changed or delayed, and
 * an error here never reaches the page's own submit handling.
 */
import { cut } from "../cut";


/** What the tracker needs to know about one form field. */
export interface FieldInfo {
  name?: string | null;
  id?: string | null;
  type?: string | null;
  autocomplete?: string | null;
  value: string;
}

/** The contact fields form tracking collects (names as in the contact payload). */
export type TrackedKey = "name" | "last_name" | "email" | "phone" | "website";
export type TrackedContact = Partial<Record<TrackedKey, string>>;

// Checked in this order: "e-mail" must not read as a name, "first_name" not as a plain name.
const BY_NAME: [TrackedKey, RegExp][] = [
  ["email", /e[-_ ]?mail|\be-?post/],
  ["name", /first[-_ ]?name|\bfname|given[-_ ]?name|f[öo]rnamn/],
  ["last_name", /last[-_ ]?name|\blname|surname|family[-_ ]?name|efternamn/],
  ["phone", /phone|\btel|mobil|\bcell/],
  ["website", /web[-_ ]?site|webbplats|homepage|hemsida|\burl\b/],
  // A plain "name" / "namn" field (not company_name, username ...).
  ["name", /(?:^|\[)(?:your[-_]?)?(?:full[-_ ]?)?(?:name|namn)\]?$/],
];
const BY_AUTOCOMPLETE: Record<string, TrackedKey> = { "given-name": "name", "family-name": "last_name", email: "email", tel: "phone", "tel-national": "phone", url: "website" };
const BY_TYPE: Record<string, TrackedKey> = { email: "email", tel: "phone", url: "website" };
/** Never tracked: secrets, choices and buttons. */
const SKIPPED_TYPES = /^(password|hidden|checkbox|radio|submit|button|reset|file|image)$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's limits (contact payload). */
const MAX: Record<TrackedKey, number> = { name: 255, last_name: 255, email: 254, phone: 40, website: 2000 };

/** Which contact field a form field holds, if any. */
export function keyOf(f: FieldInfo): TrackedKey | undefined {
  const type = (f.type || "").toLowerCase();
  if (SKIPPED_TYPES.test(type)) return undefined;
  // The autocomplete token names the purpose exactly; section-*, shipping and billing prefixes come first.
  const auto = BY_AUTOCOMPLETE[(f.autocomplete || "").toLowerCase().trim().split(/\s+/).pop()!];
  if (auto) return auto;
  if (BY_TYPE[type]) return BY_TYPE[type];
  const names = [f.name, f.id].map((s) => (s || "").toLowerCase().trim()).filter(Boolean);
  for (const [key, re] of BY_NAME) if (names.some((n) => re.test(n))) return key;
  return undefined;
}

/**
 * The contact in a form's fields: the first non-empty value of each kind,
 * trimmed; the e-mail lower-cased and kept only when it matches the basic
 * pattern, the phone only with at least 4 digits. Null when there is
 * neither an e-mail nor a phone.
 */
export function extractContact(fields: FieldInfo[]): TrackedContact | null {
  const out: TrackedContact = {};
  for (const f of fields) {
    const key = keyOf(f);
    let v = (f.value || "").trim();
    if (!key || !v || out[key]) continue;
    if (key === "email" && !EMAIL.test((v = v.toLowerCase()))) continue;
    if (key === "phone" && (v.match(/\d/g) || []).length < 4) continue;
    out[key] = cut(v, MAX[key]);
  }
  return out.email || out.phone ? out : null;
}

/** The fields of a form as the tracker sees them. */
export function fieldsOf(form: HTMLFormElement): FieldInfo[] {
  return Array.from(form.elements)
    .filter((el): el is HTMLInputElement => /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !(el as HTMLInputElement).disabled)
    .map((el) => ({ name: el.getAttribute("name"), id: el.id, type: el.type, autocomplete: el.getAttribute("autocomplete"), value: el.value }));
}

/**
 * Sends a contact for each submitted host-page form holding an e-mail or a
 * phone, once per distinct contact per page (a form the page rejects is
 * often submitted again). Forms inside Beckon's CTAs and forms marked
 * data-beckon-ignore are left alone. Returns the function that stops it.
 */
export function trackForms(doc: Document, send: (contact: Record<string, unknown>) => unknown): () => void {
  const sent = new Set<string>();
  const onSubmit = (e: Event) => {
    try {
      const form = e.target as HTMLFormElement;
      if (!form || form.tagName !== "FORM" || form.closest("beckon-cta,[data-beckon-ignore]")) return;
      const contact = extractContact(fieldsOf(form));
      const key = JSON.stringify(contact);
      if (!contact || sent.has(key)) return;
      sent.add(key);
      // contactable_type null: a host form, not a CTA (SPEC 7 contact payload).
      void Promise.resolve(send({ ...contact, source_url: doc.location?.href.slice(0, 2000), contactable_type: null })).catch(() => {});
    } catch {
      // The host's submit must go on whatever happens here.
    }
  };
  // Capture phase: seen even when the page's own handler stops propagation.
  doc.addEventListener("submit", onSubmit, true);
  return () => doc.removeEventListener("submit", onSubmit, true);
}
