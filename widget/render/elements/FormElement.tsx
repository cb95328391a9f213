import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Field } from "#contract/schema/cta";
import type { ElementProps } from "#widget/render/context";
import { isEmailField, isPhoneField, shownFields } from "#widget/render/form-fields";
import { bool, str } from "#widget/render/options";
import { safeHref } from "#widget/render/sanitize";
import { FormField } from "./FormField";

const CONSENTS = /^(beckon_)?(marketing|privacy|sms)_consent$/;

/** The site key when reCAPTCHA applies (SPEC 5: check_recaptcha and a site key); the widget is left out otherwise. */
const recaptchaKey = (o: Record<string, unknown>, config: unknown): string | null => {
  const key = (config as { recaptcha_site_key?: unknown }).recaptcha_site_key;
  return (o.check_recaptcha === true || o["check-recaptcha"] === true) && typeof key == "string" && key ? key : null;
};

// Only what a single checkbox reads: the fields are appended after the sorted ones and never have choices or URL parameters.
const consentField = (slug: string, label: string, required = false) =>
  ({ slug, field_type: "checkbox", required, options: { label }, field_options: [] }) as unknown as Field;

/**
 * A lead form: validates in words next to each field, optionally checks with
 * the server, sends the contact, then confirms. The submit pipeline lives in
 * form-submit.ts (its own chunk, fetched when the visitor first touches the form).
 */
export function FormElement({ element, ctx }: ElementProps) {
  const { config, person } = ctx;
  const options = element.options;
  const horizontal = options.layout === "horizontal";
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const robotRef = useRef<HTMLDivElement>(null);
  const robot = useRef<{ token(): string; reset(): void } | null>(null);
  const prefix = `bk-${element.id ?? 0}-`;
  const siteKey = recaptchaKey(options, config);
  const shown = shownFields(element.fields);
  const email = shown.find((f) => isEmailField(f) && f.field_type !== "hidden");
  const phone = shown.find((f) => isPhoneField(f) && f.field_type !== "hidden");
  // Consent checkboxes from the form's options carry the website's texts (a field of that slug may instead set its own label).
  const fields = [
    ...shown,
    ...(bool(options, "show-marketing-consent") && config.marketing_consent
      ? [consentField("beckon_marketing_consent", config.marketing_consent)]
      : []),
    ...(bool(options, "show-sms-consent") && config.sms_consent
      ? [consentField("beckon_sms_consent", config.sms_consent)]
      : []),
    ...(bool(options, "show-privacy-consent")
      ? [consentField("beckon_privacy_consent", config.privacy_message || ctx.labels.privacyConsent, true)]
      : []),
  ];
  const privacyHref = safeHref(config.privacy_link);
  const privacyLink = privacyHref ? (
    <a className="bk-small" href={privacyHref} target="_blank" rel="noopener noreferrer">
      {config.privacy_link_text || ctx.labels.privacyLink}
    </a>
  ) : null;
  const submitter = () => import("#widget/render/form-submit");

  useEffect(() => {
    const form = formRef.current!;
    // Fetched while the visitor types, so the submit does not wait for them.
    const prefetch = () => {
      void submitter().catch(() => undefined);
      if (phone) void import("#widget/render/phone").then((m) => m.loadPhoneLib()).catch(() => undefined);
    };
    form.addEventListener("focusin", prefetch, { once: true });
    form.addEventListener("input", prefetch, { once: true });
    if (siteKey && robotRef.current) {
      const el = robotRef.current;
      void import("#widget/render/recaptcha")
        .then(async (m) => (robot.current = await m.renderRecaptcha(el, siteKey)))
        .catch(() => undefined);
    }
    return () => {
      form.removeEventListener("focusin", prefetch);
      form.removeEventListener("input", prefetch);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount-only: phone and siteKey come from the mounted CTA's document and website config, which never change
  }, []);

  /** The starting value of a field: the known person's (unless prefill-fields is off), else the field's own. */
  const initialOf = (field: Field): string | string[] | undefined => {
    if (
      bool(options, "prefill-fields", true) &&
      person &&
      !CONSENTS.test(field.slug) &&
      field.field_type !== "hidden"
    ) {
      const known =
        (person as unknown as Record<string, unknown>)[field.slug === "first_name" ? "name" : field.slug] ??
        person.extra?.[field.slug];
      if (typeof known == "string" || typeof known == "number") return String(known);
      if (Array.isArray(known)) return known.map(String);
    }
    return field.value ?? undefined;
  };
  const phoneRequired = bool(options, "phone-required") || !email;

  async function onSubmit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = ev.currentTarget;
    if (busy) return;
    let result: Awaited<ReturnType<Awaited<ReturnType<typeof submitter>>["submitForm"]>>;
    try {
      const submitModule = await submitter();
      result = await submitModule.submitForm({
        form,
        fields,
        element,
        ctx,
        phoneRequired,
        robot: robot.current,
        siteKey,
        busy: setBusy,
      });
    } catch {
      result = "failed";
    }
    setFailed(result === "failed");
    if (result === "failed") {
      // A reCAPTCHA token is single-use: a retry needs a fresh one.
      robot.current?.reset();
      return setBusy(false);
    }
    if (!result) return;
    setBusy(false);
    setErrors(result);
    // A radio or checkbox group comes back as a list: focus its first input.
    const first = Object.keys(result)[0];
    const el = first ? (form.elements.namedItem(first) as (HTMLElement & ArrayLike<HTMLElement>) | null) : null;
    (el && !el.focus ? el[0] : el)?.focus();
  }

  return (
    <form
      ref={formRef}
      className={`bk-el bk-form${horizontal ? " bk-horizontal" : ""}`}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
    >
      {fields.map((field) => {
        const consent = CONSENTS.exec(field.slug);
        return (
          <FormField
            key={field.slug}
            field={field}
            id={prefix + field.slug}
            error={errors[field.slug]}
            initial={initialOf(field)}
            fallbackLabel={
              consent
                ? ({ marketing: config.marketing_consent, sms: config.sms_consent, privacy: config.privacy_message }[
                    consent[2]
                  ] ?? "")
                : ""
            }
            required={field.required || (field === phone && phoneRequired)}
          >
            {consent && consent[2] !== "sms" ? privacyLink : null}
          </FormField>
        );
      })}
      {siteKey ? (
        <div className="bk-field bk-full">
          <div ref={robotRef} />
          {errors.beckon_recaptcha ? (
            <span className="bk-error" role="alert">
              {errors.beckon_recaptcha}
            </span>
          ) : null}
        </div>
      ) : null}
      {failed ? (
        <p className="bk-error bk-full" role="alert">
          {ctx.labels.sendFailed}
        </p>
      ) : null}
      <div>
        <button type="submit" className="bk-button" disabled={busy}>
          {ctx.merge(str(options, "button-text") || ctx.labels.submit)}
        </button>
      </div>
    </form>
  );
}
