/**
 * What a form does on submit (SPEC 5), in its own chunk: the form element
 * fetches it when the visitor first touches the form, so a popup that is only
 * looked at never downloads it. Order: field rules and native validity, then
 * (only with validate-email or validate-phone) the server check, the phone in
 * international form, the contact, and the conversion with its confirmation.
 */
import type { CtaElement, Field } from "#contract/schema/cta";
import type { LeadMagnetAnswer } from "#contract/schema/lead-magnet";
import type { RenderContext } from "./context";
import {
  buildContactPayload,
  isEmailField,
  isPhoneField,
  normalizeEmail,
  validateForm,
  validityMessage,
  type FormValues,
} from "./form-logic";
import { bool } from "./kit";
// Comes with this chunk: the conversion follows the submit.
import "./convert";

/** SPEC 9: how long a submission waits for the Google Analytics client id. */
export const ANALYTICS_ID_WAIT_MS = 500;

/**
 * The Google Analytics client id of this browser, for the measurement id in
 * the website's google-analytics-id data setting: gtag answers it
 * asynchronously, so the contact waits up to 500 ms for it and goes without
 * one after that (no gtag, no setting, or gtag never answering).
 */
export function analyticsId(measurementId: unknown, win: Window = window): Promise<string | null> {
  const gtag = (win as Window & { gtag?: (...args: unknown[]) => void }).gtag;
  return new Promise((resolve) => {
    if (typeof measurementId != "string" || !measurementId || typeof gtag != "function") return resolve(null);
    setTimeout(() => resolve(null), ANALYTICS_ID_WAIT_MS);
    try {
      gtag("get", measurementId, "client_id", (id: unknown) => resolve(typeof id == "string" && id ? id : null));
    } catch {
      resolve(null);
    }
  });
}

/** Reads the values of a form's fields by slug. */
export function readFormValues(form: HTMLFormElement, fields: Field[]): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const field of fields) {
    if (field.field_type === "checkbox") {
      values[field.slug] = field.field_options.length
        ? (data.getAll(field.slug) as string[])
        : data.get(field.slug) != null;
    } else if (field.field_type === "select" && field.multi_select) {
      values[field.slug] = data.getAll(field.slug) as string[];
    } else {
      const value = data.get(field.slug);
      values[field.slug] =
        typeof value == "string"
          ? (field.field_type === "number" || field.field_type === "range") && value !== ""
            ? Number(value)
            : value
          : "";
    }
  }
  return values;
}

export interface SubmitInput {
  form: HTMLFormElement;
  /** The fields shown, consent checkboxes included. */
  fields: Field[];
  element: CtaElement;
  ctx: RenderContext;
  phoneRequired: boolean;
  robot: { token(): string } | null;
  siteKey: string | null;
  /** Called with true once the form is valid and the contact is on its way. */
  busy(on: boolean): void;
}

/** Errors by field name to show, "failed" when the contact could not be sent, or null once it is sent and confirmed. */
export async function submitForm({
  form,
  fields,
  element,
  ctx,
  phoneRequired,
  robot,
  siteKey,
  busy,
}: SubmitInput): Promise<Record<string, string> | "failed" | null> {
  const { config, person } = ctx;
  const options = element.options;
  const values = readFormValues(form, fields);
  const errors = validateForm(fields, values, ctx.labels, { phoneRequired });
  // SPEC 5: every visible input must also pass native validity (min, max, lengths, url, date ...).
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (
      !el.name ||
      errors[el.name] ||
      el.type === "hidden" ||
      typeof el.checkValidity != "function" ||
      el.checkValidity()
    )
      continue;
    const msg = validityMessage(el.validity, el, ctx.labels);
    if (msg) errors[el.name] = msg;
  }
  const token = robot?.token() ?? "";
  if (siteKey && !token) errors.beckon_recaptcha = ctx.labels.robot;
  if (Object.keys(errors).length) return errors;
  busy(true);

  const email = fields.find((f) => isEmailField(f) && f.field_type !== "hidden");
  const phone = fields.find((f) => isPhoneField(f) && f.field_type !== "hidden");
  const emailValue = email && typeof values[email.slug] == "string" ? normalizeEmail(values[email.slug] as string) : "";
  let phoneValue = phone && typeof values[phone.slug] == "string" ? (values[phone.slug] as string).trim() : "";
  const checkEmail = bool(options, "validate-email") && !!emailValue;
  const checkPhone = bool(options, "validate-phone") && !!phoneValue;
  if (checkEmail || checkPhone) {
    // SPEC 5: an error (the check's code or the server unreachable) lets the submission proceed.
    const serverValidation = await import("./server-validation").catch(() => null);
    const result = serverValidation
      ? await serverValidation.validateOnServer(config.api_origin, {
          ...(checkEmail ? { email: emailValue, business_only: bool(options, "business-only") } : {}),
          ...(checkPhone ? { phone: phoneValue } : {}),
          country: config.default_country || undefined,
          visitor_token: person?.visitor_token,
          website_id: config.website_id,
        })
      : null;
    if (serverValidation) {
      const serverErrors = serverValidation.validationErrors(
        result,
        { email: email?.slug, phone: phone?.slug },
        ctx.labels,
      );
      if (Object.keys(serverErrors).length) return serverErrors;
    }
    if (result?.phone?.valid && result.phone.phone_number) phoneValue = result.phone.phone_number;
  }
  if (phone && phoneValue) {
    // SPEC 5: a number without a plus gets the dial code of the site's country (default US).
    values[phone.slug] = await import("./phone")
      .then((m) => m.normalizePhone(phoneValue, config.default_country))
      .catch(() => phoneValue);
  }

  // The lead comes first: if the conversion's code cannot load (the server is
  // down mid-visit), the contact is still queued, just without action groups.
  const conv = await ctx.conversion(element, values).catch(() => null);
  const payload = buildContactPayload(fields, values, {
    ...ctx.ids(element),
    source_url: location.href.slice(0, 2000),
  });
  if (conv?.groupIds.length) payload.action_groups = conv.groupIds;
  if (conv?.score != null) payload.latest_score = conv.score;
  if (token) payload.recaptcha_token = token;
  const gaId = await analyticsId(config.data_settings?.["google-analytics-id"]);
  if (gaId) payload.extra.ga_client_id = gaId;
  let magnet: LeadMagnetAnswer | undefined;
  try {
    magnet = (await ctx.runtime.submitContact(payload)).lead_magnet;
  } catch {
    return "failed";
  }
  ctx.complete(element, "Submission", conv ? { conversion: conv, magnet } : { magnet });
  return null;
}
