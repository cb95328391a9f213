import { useState, type FormEvent } from "react";
import type { Field } from "../../../app/lib/schema/cta";
import { str, type ElementProps } from "../context";
import { buildContactPayload, byPosition, FORM_FIELD_TYPES, MESSAGES, validateForm, type FormValues } from "../form-logic";
import { safeHref } from "../sanitize";
import { FormField } from "./FormField";

const MARKETING = "beckon_marketing_consent";
const PRIVACY = "beckon_privacy_consent";

/** Reads the values of a form's fields by slug. */
export function readFormValues(form: HTMLFormElement, fields: Field[]): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const f of fields) {
    if (f.field_type === "checkbox") {
      values[f.slug] = f.field_options.length ? (data.getAll(f.slug) as string[]) : data.get(f.slug) != null;
    } else {
      const v = data.get(f.slug);
      values[f.slug] = typeof v == "string" ? (f.field_type === "number" && v !== "" ? Number(v) : v) : "";
    }
  }
  return values;
}

/** A lead form: validates in words next to each field, sends the contact, then confirms. */
export function FormElement({ element, ctx }: ElementProps) {
  const { config } = ctx;
  const o = element.options;
  const fields = byPosition(element.fields).filter((f) => FORM_FIELD_TYPES.includes(f.field_type));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const prefix = `bk-${element.id ?? 0}-`;
  const showMarketing = o["show-marketing-consent"] === true && !!config.marketing_consent;
  const showPrivacy = o["show-privacy-consent"] === true;
  const privacyHref = safeHref(config.privacy_link);
  const privacyLink = privacyHref ? (
    <>
      {" "}
      <a href={privacyHref} target="_blank" rel="noopener noreferrer">
        {config.privacy_link_text || "Privacy policy"}
      </a>
    </>
  ) : null;

  async function onSubmit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const form = ev.currentTarget;
    if (busy) return;
    const values = readFormValues(form, fields);
    const errs = validateForm(fields, values);
    const checked = (name: string) => new FormData(form).get(name) != null;
    if (showPrivacy && !checked(PRIVACY)) errs[PRIVACY] = MESSAGES.required;
    setErrors(errs);
    const first = Object.keys(errs)[0];
    if (first) {
      // A radio or checkbox group comes back as a list: focus its first input.
      const el = form.elements.namedItem(first) as (HTMLElement & ArrayLike<HTMLElement>) | null;
      (el && !el.focus ? el[0] : el)?.focus();
      return;
    }
    setFailed(false);
    setBusy(true);
    const payload = buildContactPayload(fields, values, {
      ...ctx.ids(element),
      source_url: location.href.slice(0, 2000),
      marketing_consent: showMarketing ? checked(MARKETING) : null,
      privacy_consent: showPrivacy ? true : null,
    });
    try {
      await ctx.runtime.submitContact(payload);
    } catch {
      setBusy(false);
      setFailed(true);
      return;
    }
    ctx.complete(element, "Submission");
  }

  const consent = (name: string, text: string, error?: string) => (
    <div className="bk-field bk-full bk-small">
      <div className="bk-check">
        <input
          type="checkbox"
          id={prefix + name}
          name={name}
          value="true"
          autoComplete="off"
          required={name === PRIVACY}
          {...(error ? { "aria-invalid": true as const, "aria-describedby": prefix + name + "-error" } : {})}
        />
        <label htmlFor={prefix + name}>{text}</label>
      </div>
      {privacyLink}
      {error ? (
        <span id={prefix + name + "-error"} className="bk-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );

  return (
    <form className={`bk-el bk-form${o.layout === "horizontal" ? " bk-horizontal" : ""}`} noValidate onSubmit={onSubmit} aria-busy={busy}>
      {fields.map((f) => (
        <FormField key={f.slug} field={f} id={prefix + f.slug} error={errors[f.slug]} person={ctx.person} />
      ))}
      {showMarketing ? consent(MARKETING, config.marketing_consent!) : null}
      {showPrivacy ? consent(PRIVACY, config.privacy_message || "I accept the privacy policy.", errors[PRIVACY]) : null}
      {failed ? (
        <p className="bk-error bk-full" role="alert">
          Something went wrong. Please try again.
        </p>
      ) : null}
      <div>
        <button type="submit" className="bk-button" disabled={busy}>
          {str(o, "button-text") || "Submit"}
        </button>
      </div>
    </form>
  );
}
