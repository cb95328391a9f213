import type { ReactNode } from "react";
import type { Field } from "#contract/schema/cta";
import { autocompleteOf, inputType } from "#widget/render/form-fields";
import { lazy } from "#widget/render/lazy";
import { num, str } from "#widget/render/options";
import type { RangeProps } from "./RangeInput";

const humanize = (slug: string) => slug.replace(/[_.-]+/g, " ").replace(/^./, (c) => c.toUpperCase());

/** A hidden field's value: its URL parameter when it has one (url_params), else its value. */
export function hiddenValue(field: Field, href = location.href): string {
  if (field.url_params && field.parameter) {
    try {
      const param = new URL(href).searchParams.get(field.parameter);
      if (param != null) return param;
    } catch {
      /* no location */
    }
  }
  return field.value ?? "";
}

export interface FormFieldProps {
  field: Field;
  id: string;
  error?: string;
  /** What the field starts with (prefill from the known person, or the field's value). */
  initial?: string | string[];
  /** A label when the field has none (consent fields get the website's consent texts). */
  fallbackLabel?: string;
  required?: boolean;
  children?: ReactNode;
}

// Range sliders are rare in lead forms: their input is a chunk of its own.
const RangeInput = lazy<RangeProps>("range", () => import("./RangeInput"));

const started = new WeakSet<HTMLSelectElement>();

/** Selects a select's starting options once: it stays uncontrolled (a select has no defaultValue outside React). */
function startWith(el: HTMLSelectElement | null, chosen: string[]) {
  if (!el || started.has(el)) return;
  started.add(el);
  for (const option of Array.from(el.options)) if (chosen.includes(option.value)) option.selected = true;
}

/** One form field with its label and error message; inputs are uncontrolled and read on submit. */
export function FormField({
  field,
  id,
  error,
  initial,
  fallbackLabel,
  required = field.required,
  children,
}: FormFieldProps) {
  const options = field.options;
  const label = str(options, "label") || fallbackLabel || "";
  const placeholder = str(options, "placeholder") || undefined;
  const text = label || placeholder || humanize(field.slug);
  const errId = id + "-error";
  const aria = error ? { "aria-invalid": true as const, "aria-describedby": errId } : {};
  const err = error ? (
    <span id={errId} className="bk-error" role="alert">
      {error}
    </span>
  ) : null;
  const common = { id, name: field.slug, required, ...aria };
  const first = Array.isArray(initial) ? initial[0] : initial;
  // Without an explicit label the placeholder stands in visually; the label is still there for screen readers.
  const labelEl = (
    <label htmlFor={id} className={label ? undefined : "bk-sr"}>
      {text}
    </label>
  );
  const lengths = {
    maxLength: num(options, "maxlength", 0) || undefined,
    minLength: num(options, "minlength", 0) || undefined,
  };

  switch (field.field_type) {
    case "hidden":
      return <input type="hidden" name={field.slug} value={hiddenValue(field)} />;
    case "paragraph":
      return (
        <div className="bk-field bk-full">
          {labelEl}
          <textarea
            {...common}
            {...lengths}
            placeholder={placeholder}
            autoComplete="on"
            rows={4}
            defaultValue={first ?? ""}
          />
          {err}
        </div>
      );
    case "range":
      return (
        <div className="bk-field bk-full">
          {labelEl}
          <RangeInput common={common} field={field} initial={first} />
          {err}
        </div>
      );
    case "dropdown":
    case "select": {
      const multiple = field.field_type === "select" && field.multi_select;
      const chosen = Array.isArray(initial) ? initial : first ? [first] : [];
      return (
        <div className="bk-field">
          {labelEl}
          <select {...common} multiple={multiple} autoComplete="on" ref={(el) => startWith(el, chosen)}>
            {multiple ? null : <option value="">{placeholder || "—"}</option>}
            {field.field_options.map((opt) => (
              <option key={opt.value} value={opt.value}>
                {opt.label ?? opt.value}
              </option>
            ))}
          </select>
          {err}
        </div>
      );
    }
    case "checkbox":
    case "radio":
      if (field.field_type === "checkbox" && !field.field_options.length) {
        return (
          <div className="bk-field bk-full">
            <div className="bk-check">
              <input {...common} type="checkbox" value="true" autoComplete="off" defaultChecked={first === "true"} />
              <label htmlFor={id}>{text}</label>
            </div>
            {children}
            {err}
          </div>
        );
      }
      return (
        <fieldset className="bk-field bk-full" {...(error ? { "aria-describedby": errId } : {})}>
          <legend>{text}</legend>
          {field.field_options.map((opt, index) => {
            const optId = index ? `${id}-${index}` : id;
            const checked = Array.isArray(initial) ? initial.includes(opt.value) : first === opt.value;
            return (
              <div className="bk-check" key={opt.value}>
                <input
                  {...common}
                  id={optId}
                  type={field.field_type}
                  value={opt.value}
                  autoComplete="off"
                  defaultChecked={checked}
                  required={required && field.field_type === "radio"}
                />
                <label htmlFor={optId}>{opt.label ?? opt.value}</label>
              </div>
            );
          })}
          {err}
        </fieldset>
      );
    default: {
      const type = inputType(field);
      const bounds =
        type === "number"
          ? {
              min: options.min as number | undefined,
              max: options.max as number | undefined,
              step: options.step as number | undefined,
            }
          : {};
      return (
        <div className="bk-field">
          {labelEl}
          <input
            {...common}
            {...lengths}
            {...bounds}
            type={type}
            placeholder={placeholder}
            autoComplete={autocompleteOf(field)}
            defaultValue={first ?? ""}
          />
          {err}
        </div>
      );
    }
  }
}
