/**
 * reCAPTCHA server-side verification (SPEC 5: required when a form has
 * check_recaptcha and the website has a key). The token is POSTed, form
 * encoded, to the siteverify endpoint with the secret key; the answer is
 * { success, score?, action?, hostname, "error-codes" }. The secret lives in
 * an Integration of type "recaptcha" with credentials { secret_key, site_key }.
 */
import type { Db } from "#app/db.server";
import { serverEnv } from "#app/server/env.server";
import { recaptchaCredentialsSchema } from "#contract/schema/integrations";
import { asRecord } from "#contract/json-record";

export const RECAPTCHA_VERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
export const RECAPTCHA_MESSAGE = "Please confirm you are not a robot";
/** reCAPTCHA v3 answers a score; Google suggests 0.5 as the starting threshold. */
export const RECAPTCHA_MIN_SCORE = 0.5;

export interface RecaptchaResult {
  ok: boolean;
  /** The service could not be asked (network, time-out, 5xx): not the visitor's fault. */
  unavailable: boolean;
  errorCodes: string[];
  score: number | null;
}

export interface RecaptchaOptions {
  verifyUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  minScore?: number;
}

/** Asks siteverify whether a token is good. */
export async function verifyRecaptcha(
  secret: string,
  token: string,
  remoteIp: string | null,
  options: RecaptchaOptions = {},
): Promise<RecaptchaResult> {
  const url = options.verifyUrl ?? serverEnv().recaptchaVerifyUrl ?? RECAPTCHA_VERIFY_URL;
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  let json: Record<string, unknown>;
  try {
    const res = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    if (!res.ok) return { ok: false, unavailable: true, errorCodes: [`http-${res.status}`], score: null };
    json = asRecord(await res.json());
  } catch {
    return { ok: false, unavailable: true, errorCodes: ["unreachable"], score: null };
  }
  const errorCodes = Array.isArray(json["error-codes"]) ? json["error-codes"].map(String) : [];
  const score = typeof json.score === "number" ? json.score : null;
  const passed = json.success === true && (score === null || score >= (options.minScore ?? RECAPTCHA_MIN_SCORE));
  return { ok: passed, unavailable: false, errorCodes, score };
}

function asksForRecaptcha(options: unknown): boolean {
  const flags = asRecord(options);
  return flags.check_recaptcha === true || flags["check-recaptcha"] === true;
}

/**
 * Whether any element of the website's published CTAs asks for reCAPTCHA.
 * Then every submission to the website needs a token: the ids in a
 * submission are the sender's to choose, so leaving element_id out (or
 * naming an element without the check) must not skip it.
 */
export async function websiteAsksForRecaptcha(db: Db, websiteId: number): Promise<boolean> {
  // Options are JSON, which SQLite and PostgreSQL filter differently: read the few rows and decide here.
  const elements = await db.ctaElement.findMany({
    where: { column: { section: { step: { variant: { cta: { websiteId, status: "published" } } } } } },
    select: { options: true },
  });
  return elements.some((e) => asksForRecaptcha(e.options));
}

/**
 * The secret to check a submission with, or null when no check is needed.
 * A check is needed when the website has a reCAPTCHA integration with keys
 * and either the element the submission names (of this website) asks for
 * check_recaptcha, or any element of its published CTAs does.
 */
export async function recaptchaSecretFor(
  db: Db,
  websiteId: number,
  elementId: number | null | undefined,
  clientId?: string,
): Promise<string | null> {
  // A resent submission (its answer was lost) was checked the first time;
  // tokens are single-use, so checking again would refuse a real lead.
  if (
    clientId &&
    (await db.contactSubmission.findUnique({
      where: { websiteId_clientId: { websiteId, clientId } },
      select: { id: true },
    }))
  )
    return null;
  const integration = await db.integration.findFirst({
    where: { websiteId, integrationType: "recaptcha" },
    orderBy: { id: "asc" },
  });
  if (!integration) return null;
  const creds = recaptchaCredentialsSchema.safeParse(integration.credentials);
  if (!creds.success) return null;
  if (elementId) {
    const element = await db.ctaElement.findFirst({
      where: { id: elementId, column: { section: { step: { variant: { cta: { websiteId } } } } } },
      select: { options: true },
    });
    if (element && asksForRecaptcha(element.options)) return creds.data.secret_key;
  }
  return (await websiteAsksForRecaptcha(db, websiteId)) ? creds.data.secret_key : null;
}
