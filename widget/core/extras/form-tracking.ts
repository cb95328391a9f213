/**
 * Form tracking (SPEC 2, 5: website config form_tracking): when the host
 * page accepts one of its forms, the first name, last name, e-mail, phone
 * and website fields it was submitted with become a contact, as if the
 * visitor had filled in a CTA. A submit alone proves nothing (the page may
 * reject it and show errors), so the values read at the submit are sent
 * only once the page shows it accepted them: it leaves (a native submit, a
 * thank-you page), resets the form, removes or hides it, or shows a success
 * message, with no error showing. A rejected attempt sends nothing.
 * It only listens: the host form is never stopped, changed or delayed, and
 * an error here never reaches the page's own submit handling.
 */
import { ownValue } from "#contract/json-record";
import { cut } from "#widget/core/cut";

/** What the tracker needs to know about one form field. */
export interface FieldInfo {
  name?: string | null;
  id?: string | null;
  type?: string | null;
  autocomplete?: string | null;
  /** The text of its labels. */
  label?: string | null;
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
const BY_AUTOCOMPLETE: Record<string, TrackedKey> = {
  "given-name": "name",
  "family-name": "last_name",
  email: "email",
  tel: "phone",
  "tel-national": "phone",
  url: "website",
};
const BY_TYPE: Record<string, TrackedKey> = { email: "email", tel: "phone", url: "website" };
/** Never tracked: secrets, choices and buttons. */
const SKIPPED_TYPES = /^(password|hidden|checkbox|radio|submit|button|reset|file|image)$/;
/** A field repeating another to confirm it ("repeat your e-mail"): its value is not the contact's own. */
const CONFIRM = /repeat|confirm|again|verify|retype|upprepa|bekr[äa]fta|igen/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** SPEC 5: a phone is digits once spaces, brackets, plus, dashes, dots and "ext" are stripped, at least 4 of them. */
const PHONE = /^\d{4,}$/;
/** A web address: a scheme or not, a dotted host, maybe a path. */
const URL_RE = /^(https?:\/\/)?[^\s/.:]+(\.[^\s/.:]+)+(:\d+)?([/?#]\S*)?$/i;
/** The server's limits (contact payload). */
const MAX: Record<TrackedKey, number> = { name: 255, last_name: 255, email: 254, phone: 40, website: 2000 };

/** Which contact field a form field holds, if any. */
export function keyOf(field: FieldInfo): TrackedKey | undefined {
  const type = (field.type || "").toLowerCase();
  if (SKIPPED_TYPES.test(type) || [field.name, field.id, field.label].some((s) => s && CONFIRM.test(s)))
    return undefined;
  // The autocomplete token names the purpose exactly; section-*, shipping and billing prefixes come first.
  // Own entries only: the host page's attributes may say "constructor".
  const auto = ownValue(BY_AUTOCOMPLETE, (field.autocomplete || "").toLowerCase().trim().split(/\s+/).pop()!);
  if (auto) return auto;
  const byType = ownValue(BY_TYPE, type);
  if (byType) return byType;
  const names = [field.name, field.id].map((s) => (s || "").toLowerCase().trim()).filter(Boolean);
  for (const [key, re] of BY_NAME) if (names.some((n) => re.test(n))) return key;
  return undefined;
}

/** Whether a value can be what its kind says: an e-mail address, a phone number, a web address. */
const looksLike = (key: TrackedKey, value: string): boolean =>
  key == "email"
    ? EMAIL.test(value)
    : key == "phone"
      ? PHONE.test(value.replace(/ext|[\s()+\-.]/gi, ""))
      : key == "website"
        ? URL_RE.test(value)
        : true;

/**
 * The contact in a form's fields, by meaning: the first non-empty field of
 * each kind is the one (confirmation fields are not counted), trimmed, the
 * e-mail lower-cased. A value that is not what its kind says (an e-mail
 * failing the basic pattern, a phone that is not one by SPEC 5, a website
 * that is no web address) leaves that kind out: a later field of the kind
 * never stands in for it. Null when there is neither an e-mail nor a phone.
 */
export function extractContact(fields: FieldInfo[]): TrackedContact | null {
  const out: TrackedContact = {};
  const seen = new Set<TrackedKey>();
  for (const field of fields) {
    const key = keyOf(field);
    let value = (field.value || "").trim();
    if (!key || !value || seen.has(key)) continue;
    seen.add(key);
    if (key == "email") value = value.toLowerCase();
    if (looksLike(key, value)) out[key] = cut(value, MAX[key]);
  }
  return out.email || out.phone ? out : null;
}

/** The fields of a form as the tracker sees them. */
export function fieldsOf(form: HTMLFormElement): FieldInfo[] {
  return Array.from(form.elements)
    .filter(
      (el): el is HTMLInputElement =>
        /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !(el as HTMLInputElement).disabled,
    )
    .map((el) => ({
      name: el.getAttribute("name"),
      id: el.id,
      type: el.type,
      autocomplete: el.getAttribute("autocomplete"),
      label: Array.from(el.labels || [], (l) => l.textContent).join(" "),
      value: el.value,
    }));
}

/** How long after a submit the page has to show that it accepted the form (its own server's answer included). */
export const ACCEPT_WAIT_MS = 20_000;

/** Marks of a rejected form: invalid fields, error messages (a form library's or a plugin's). */
const ERRORS =
  '[aria-invalid="true"],.error,.is-error,[class*="-error"],[class*="invalid"],[class*="not-valid"],[class*="danger"]';
/** Marks of an accepted form: a success or thank-you message (a plugin's, or the form's "sent" state). */
const SUCCESS = '[class*="success"],[class*="thank"],.sent';

/** Shown: an invalid field, or an element on screen with some text. */
const shows = (el: Element) =>
  el.getAttribute("aria-invalid") == "true" || (el.getClientRects().length > 0 && !!el.textContent?.trim());
/** The elements matching the selector that show in the form or beside it (in its parent). */
const marks = (form: HTMLFormElement, selector: string): Element[] =>
  [form, ...Array.from((form.parentElement || form).querySelectorAll(selector))].filter(
    (el) => el.matches(selector) && shows(el),
  );

/**
 * Whether the page shows the form accepted: gone, hidden, or a success
 * message that was not there at the submit (`before`: one left from an
 * earlier submit proves nothing), with no error showing.
 */
export function accepted(form: HTMLFormElement, before: Element[] = []): boolean {
  if (!form.isConnected || !form.getClientRects().length) return true;
  return marks(form, SUCCESS).some((el) => !before.includes(el)) && !marks(form, ERRORS).length;
}

/**
 * Sends a contact for each host-page form the page accepts (see the top of
 * this file) holding an e-mail or a phone, with the values it was submitted
 * with, once per distinct contact per page. A new submit of the same form
 * replaces the attempt before it; an attempt not accepted within `wait` ms
 * is dropped. Forms inside Beckon's CTAs and forms marked data-beckon-ignore
 * are left alone. Returns the function that stops it.
 */
export function trackForms(
  doc: Document,
  send: (contact: Record<string, unknown>) => unknown,
  wait = ACCEPT_WAIT_MS,
): () => void {
  const sent = new Set<string>();
  const attempts = new Map<HTMLFormElement, () => void>();
  const win = doc.defaultView!;
  const onSubmit = (event: Event) => {
    try {
      const form = event.target as HTMLFormElement;
      if (!form || form.tagName !== "FORM" || form.closest("beckon-cta,[data-beckon-ignore]")) return;
      attempts.get(form)?.();
      // Read now: a page that accepts the form often empties it.
      const contact = extractContact(fieldsOf(form));
      const key = JSON.stringify(contact);
      if (!contact || sent.has(key)) return;
      const parent = form.parentNode || doc;
      const before = marks(form, SUCCESS);
      const check = (done?: unknown) => {
        // Leaving the page or resetting the form is accepting it unless errors show (a visitor who gave up, a reset button).
        if (!(done ? !form.isConnected || !marks(form, ERRORS).length : accepted(form, before)) || sent.has(key))
          return;
        stop();
        sent.add(key);
        // contactable_type null: a host form, not a CTA (SPEC 7 contact payload).
        // A microtask away: whatever the sender throws stays off the page's reset and unload.
        void Promise.resolve({ ...contact, source_url: doc.location?.href.slice(0, 2000), contactable_type: null })
          .then(send)
          .catch(() => {});
      };
      const onMutation = () => check();
      const onLeave = () => check(1);
      const mo = new MutationObserver(onMutation);
      mo.observe(parent, { subtree: true, childList: true, attributes: true, characterData: true });
      // Scripts reset a form they have sent (form plugins do).
      form.addEventListener("reset", onLeave);
      win.addEventListener("pagehide", onLeave);
      const timer = setTimeout(() => stop(), wait);
      const stop = () => {
        mo.disconnect();
        form.removeEventListener("reset", onLeave);
        win.removeEventListener("pagehide", onLeave);
        clearTimeout(timer);
        if (attempts.get(form) === stop) attempts.delete(form);
      };
      attempts.set(form, stop);
    } catch {
      // The host's submit must go on whatever happens here.
    }
  };
  // Capture phase: seen even when the page's own handler stops propagation.
  doc.addEventListener("submit", onSubmit, true);
  return () => {
    doc.removeEventListener("submit", onSubmit, true);
    attempts.forEach((stop) => stop());
  };
}
