/**
 * The optional server check of e-mail and phone before a form is sent
 * (SPEC 5, 7: contacts validate v2). It runs only when the form has
 * validate-email or validate-phone; a 10 s time-out, an HTTP error or a
 * network error lets the submission go on (it answers null).
 */
import type { Messages } from "./form-logic";
// Every chunk reaches the shared code through kit.ts (see there).
import "./kit";

export const VALIDATION_TIMEOUT_MS = 10_000;

export interface ValidationRequest {
  email?: string;
  phone?: string;
  business_only?: boolean;
  country?: string;
  visitor_token?: string;
  website_id?: number;
}

export interface ValidationResult {
  email?: { valid: boolean; mx_found?: boolean; score?: number; free?: boolean; message?: string | null };
  phone?: { valid: boolean; phone_number?: string | null; message?: string | null };
}

/** Asks the server; null when it could not answer in time. */
export async function validateOnServer(
  apiOrigin: string,
  body: ValidationRequest,
  fetchFn: typeof fetch = (u, i) => fetch(u, i),
): Promise<ValidationResult | null> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), VALIDATION_TIMEOUT_MS);
  try {
    const res = await fetchFn(apiOrigin.replace(/\/+$/, "") + "/api/contacts/validate", {
      method: "POST",
      // text/plain keeps the cross-origin request "simple": no preflight round trip.
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ version: "v2", ...body }),
      signal: ctrl.signal,
    });
    return res.ok ? ((await res.json()) as ValidationResult) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Field errors from a validation answer, in `messages`' words (SPEC 8's in English). */
export function validationErrors(
  result: ValidationResult | null,
  slugs: { email?: string; phone?: string },
  messages: Messages,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result?.email && result.email.valid === false && slugs.email) {
    errors[slugs.email] = /business/i.test(result.email.message ?? "") ? messages.business : messages.email;
  }
  if (result?.phone && result.phone.valid === false && slugs.phone) errors[slugs.phone] = messages.phone;
  return errors;
}
