import type { Field } from "../../../app/lib/schema/cta";
import type { PublicPerson } from "../../../app/lib/schema/public-config";
import { str } from "../context";
import { autocompleteOf, inputType } from "../form-logic";

const humanize = (slug: string) => slug.replace(/[_.-]+/g, " ").replace(/^./, (c) => c.toUpperCase());

function hiddenValue(f: Field): string {
  if (f.url_params && f.parameter) {
    try {
      const v = new URL(location.href).searchParams.get(f.parameter);
      if (v != null) return v;
    } catch {
      /* no location */
    }
  }
  return f.value ?? "";
}

/** One form field with its label and error message; inputs are uncontrolled and read on submit. */
export function FormField({ field, id, error, person }: { field: Field; id: string; error?: string; person: PublicPerson | null }) {
  const o = field.options;
  const label = str(o, "label");
  const placeholder = str(o, "placeholder") || undefined;
  const text = label || placeholder || humanize(field.slug);
  const errId = id + "-error";
  const aria = error ? { "aria-invalid": true as const, "aria-describedby": errId } : {};
  const err = error ? (
    <span id={errId} className="bk-error" role="alert">
      {error}
    </span>
  ) : null;
  const prefill = person ? (person as unknown as Record<string, unknown>)[field.slug === "first_name" ? "name" : field.slug] : null;
  const common = { id, name: field.slug, required: field.required, ...aria };
  // Without an explicit label the placeholder stands in visually; the label is still there for screen readers.
  const labelEl = (
    <label htmlFor={id} className={label ? undefined : "bk-sr"}>
      {text}
    </label>
  );

  switch (field.field_type) {
    case "hidden":
      return <input type="hidden" name={field.slug} value={hiddenValue(field)} />;
    case "paragraph":
      return (
        <div className="bk-field bk-full">
          {labelEl}
          <textarea {...common} placeholder={placeholder} autoComplete="on" rows={4} defaultValue={field.value ?? ""} />
          {err}
        </div>
      );
    case "dropdown":
    case "select":
      return (
        <div className="bk-field">
          {labelEl}
          <select {...common} autoComplete="on" defaultValue={field.value ?? ""}>
            <option value="">{placeholder || "—"}</option>
            {field.field_options.map((opt) => (
              <option key={opt.value} value={opt.value}>
                {opt.label ?? opt.value}
              </option>
            ))}
          </select>
          {err}
        </div>
      );
    case "checkbox":
    case "radio":
      if (field.field_type === "checkbox" && !field.field_options.length) {
        return (
          <div className="bk-field bk-full">
            <div className="bk-check">
              <input {...common} type="checkbox" value="true" autoComplete="off" />
              <label htmlFor={id}>{text}</label>
            </div>
            {err}
          </div>
        );
      }
      return (
        <fieldset className="bk-field bk-full" {...(error ? { "aria-describedby": errId } : {})}>
          <legend>{text}</legend>
          {field.field_options.map((opt, i) => {
            const optId = i ? `${id}-${i}` : id;
            return (
              <div className="bk-check" key={opt.value}>
                <input {...common} id={optId} type={field.field_type} value={opt.value} autoComplete="off" required={field.required && field.field_type === "radio"} />
                <label htmlFor={optId}>{opt.label ?? opt.value}</label>
              </div>
            );
          })}
          {err}
        </fieldset>
      );
    default:
      return (
        <div className="bk-field">
          {labelEl}
          <input
            {...common}
            type={inputType(field)}
            placeholder={placeholder}
            autoComplete={autocompleteOf(field)}
            defaultValue={typeof prefill == "string" ? prefill : (field.value ?? "")}
          />
          {err}
        </div>
      );
  }
}
