/**
 * Small builders of CTA document input (./cta.ts), shared by the template
 * gallery (app/templates) and the seed data (prisma/seed-data), so both read
 * as content rather than as document trees. Everything they build is still
 * validated by the shared schema when it is saved.
 */
import type { z } from "zod";
import type { actionGroupSchema, actionSchema, elementSchema, fieldSchema } from "./cta";

export type ElementInput = z.input<typeof elementSchema>;
export type FieldInput = z.input<typeof fieldSchema>;
export type ActionInput = z.input<typeof actionSchema>;
export type ActionGroupInput = z.input<typeof actionGroupSchema>;

/** Escapes text for the html option of text elements. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A heading (h2 unless told). */
export function heading(text: string, level: 1 | 2 | 3 = 2): ElementInput {
  return { element_type: "text", options: { html: `<h${level}>${escapeHtml(text)}</h${level}>` } };
}

/** A paragraph, or a bullet list when given several lines. */
export function paragraph(...lines: string[]): ElementInput {
  const html =
    lines.length === 1
      ? `<p>${escapeHtml(lines[0])}</p>`
      : `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`;
  return { element_type: "text", options: { html } };
}

/** A countdown to a fixed moment (ISO 8601); hides itself at zero. */
export function countdownTo(endsAt: string, label: string): ElementInput {
  return {
    element_type: "timer",
    options: { "timer-type": "static", "end-date": endsAt, "end-action": "hide", label },
  };
}

/** A countdown to a time of day, every day (in the given time zone, else the visitor's). */
export function dailyCountdown(time: string, label: string, timezone?: string): ElementInput {
  return {
    element_type: "timer",
    options: {
      "timer-type": "daily",
      "end-time": time,
      ...(timezone ? { timezone } : {}),
      "end-action": "hide",
      label,
    },
  };
}

/** A countdown that starts when the visitor first sees it. */
export function relativeCountdown(hours: number, label: string): ElementInput {
  return {
    element_type: "timer",
    options: { "timer-type": "relative", days: 0, hours, minutes: 0, seconds: 0, "end-action": "hide", label },
  };
}

/** A single-line field. */
export function textField(
  slug: string,
  placeholder: string,
  opts: { required?: boolean; type?: "email" | "tel" | "text" } = {},
): FieldInput {
  return {
    slug,
    field_type: "text",
    required: opts.required ?? false,
    options: { type: opts.type ?? "text", placeholder },
  };
}

/** A dropdown with value = label options. */
export function dropdownField(slug: string, label: string, choices: string[]): FieldInput {
  return {
    slug,
    field_type: "dropdown",
    options: { label },
    field_options: choices.map((c) => ({ value: c, label: c })),
  };
}

/** A form element: the fields in order (positions numbered here), the actions run on submit. */
export function formElement(
  fields: FieldInput[],
  o: { button: string; layout?: "vertical" | "horizontal"; actions?: ActionInput[] },
): ElementInput {
  return {
    element_type: "form",
    options: { "button-text": o.button, layout: o.layout ?? "vertical" },
    fields: fields.map((f, position) => ({ ...f, position })),
    ...(o.actions ? { actions: o.actions } : {}),
  };
}

/** The step action group that thanks the visitor in place. */
export function thankYou(message: string): ActionGroupInput {
  return { data: { "confirmation-type": "message", confirmation: message } };
}
