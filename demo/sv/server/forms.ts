/**
 * The host site's server-side form checks: the remote e-mail rule and the
 * submissions of its own forms. Deterministic demo rules, so the browser
 * tests can reach every answer.
 */
import { checkValue } from "#demo/sv/src/validation";

/** Addresses the demo treats as already registered. */
export const REGISTERED_EMAILS = new Set(["anmald@saljakademin.se", "redan@exempel.se"]);
/** Throwaway-address domains the site does not accept. */
export const THROWAWAY_DOMAINS = new Set(["mailinator.com", "guerrillamail.com", "10minutemail.com", "yopmail.com"]);

export const EMAIL_MESSAGES = {
  registered: "Den här e-postadressen är redan anmäld. Använd en annan adress eller kontakta oss.",
  throwaway: "Använd din jobbadress, inte en tillfällig e-postadress.",
};

/** The remote rule's answer for an address: true, false (not an address) or a message. */
export function checkDemoEmail(value: string): true | false | string {
  const email = value.trim().toLowerCase();
  if (checkValue(email, { required: true, email: true })) return false;
  if (REGISTERED_EMAILS.has(email)) return EMAIL_MESSAGES.registered;
  if (THROWAWAY_DOMAINS.has(email.split("@")[1])) return EMAIL_MESSAGES.throwaway;
  return true;
}

const field = (form: URLSearchParams, name: string) => (form.get(`form_fields[${name}]`) ?? "").trim();

/** Checks a submission of the contact or interest form. */
export function checkDemoSubmission(form: URLSearchParams): { success: boolean; message: string } {
  const kind = form.get("form_id") === "intresse" ? "intresse" : "kontakt";
  const required =
    kind === "intresse" ? ["first_name", "email"] : ["first_name", "last_name", "email", "message", "consent"];
  const missing = required.filter((n) => field(form, n) === "");
  if (missing.length) return { success: false, message: "Fyll i alla obligatoriska fält." };
  if (checkDemoEmail(field(form, "email")) !== true) return { success: false, message: "Kontrollera e-postadressen." };
  const name = field(form, "first_name").slice(0, 60);
  return kind === "intresse"
    ? { success: true, message: `Tack ${name}! Vi mejlar dig när nästa kurs öppnar för anmälan.` }
    : { success: true, message: `Tack ${name}! Vi hör av oss inom en arbetsdag.` };
}
