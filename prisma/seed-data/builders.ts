/**
 * Small builders for seed CTAs, so the seed data reads as content
 * (`emailForm({ listId: "2", button: "Ladda ner" })`) rather than as
 * document trees. They return CTA document input (app/lib/schema/cta.ts);
 * every seeded CTA still goes through saveCtaDocument.
 */
import type { z } from "zod";
import type {
  actionGroupSchema,
  actionSchema,
  CtaDocumentInput,
  elementSchema,
  fieldSchema,
} from "../../app/lib/schema/cta";

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
  const html = lines.length === 1 ? `<p>${escapeHtml(lines[0])}</p>` : `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`;
  return { element_type: "text", options: { html } };
}

/** A button that leads to a page on the site. */
export function linkButton(text: string, url: string, opts: { targetBlank?: boolean } = {}): ElementInput {
  return {
    element_type: "button",
    options: { "button-text": text },
    action_groups: [{ data: { "confirmation-type": "redirect", "redirect-url": url, "target-blank": opts.targetBlank ?? false } }],
  };
}

/** A countdown to a fixed moment (ISO 8601); hides itself at zero. */
export function countdownTo(endsAt: string, label: string): ElementInput {
  return { element_type: "timer", options: { "timer-type": "static", "end-date": endsAt, "end-action": "hide", label } };
}

/** A countdown to a time of day, every day, in the site's time zone. */
export function dailyCountdown(time: string, timezone: string, label: string): ElementInput {
  return { element_type: "timer", options: { "timer-type": "daily", "end-time": time, timezone, "end-action": "hide", label } };
}

/** A countdown that starts when the visitor first sees it. */
export function relativeCountdown(hours: number, label: string): ElementInput {
  return { element_type: "timer", options: { "timer-type": "relative", days: 0, hours, minutes: 0, seconds: 0, "end-action": "hide", label } };
}

/** A single-line field. */
export function textField(slug: string, placeholder: string, opts: { required?: boolean; type?: "email" | "tel" | "text" } = {}): FieldInput {
  return {
    slug,
    field_type: "text",
    required: opts.required ?? false,
    options: { type: opts.type ?? "text", placeholder },
  };
}

/** A dropdown with value = label options. */
export function dropdownField(slug: string, label: string, choices: string[]): FieldInput {
  return { slug, field_type: "dropdown", options: { label }, field_options: choices.map((c) => ({ value: c, label: c })) };
}

/** A consent checkbox carrying the site's consent text. */
export function consentField(slug: "marketing_consent" | "sms_consent", label: string, required = true): FieldInput {
  return { slug, field_type: "checkbox", required, options: { label } };
}

/** A list action on the built-in integration. */
export function listAction(actionType: "subscribe_list" | "unsubscribe_list", integrationId: number, listId: string): ActionInput {
  return { action_type: actionType, integration_id: integrationId, data: { list_id: listId } };
}

export interface FormOptions {
  /** Fields before the e-mail field (name, company ...). */
  before?: FieldInput[];
  /** Fields after the e-mail field and before the consent. */
  after?: FieldInput[];
  emailPlaceholder: string;
  button: string;
  /** Consent checkbox text; omitted for forms that only withdraw consent. */
  consent?: string;
  actions: ActionInput[];
  layout?: "vertical" | "horizontal";
}

/** A form element: fields in order, e-mail required, the actions run on submit. */
export function emailForm(o: FormOptions): ElementInput {
  const fields: FieldInput[] = [
    ...(o.before ?? []),
    textField("email", o.emailPlaceholder, { required: true, type: "email" }),
    ...(o.after ?? []),
    ...(o.consent ? [consentField("marketing_consent", o.consent)] : []),
  ].map((f, position) => ({ ...f, position }));
  return {
    element_type: "form",
    options: { "button-text": o.button, layout: o.layout ?? "vertical" },
    fields,
    actions: o.actions,
  };
}

/** The step action group that thanks the visitor in place. */
export function thankYou(message: string): ActionGroupInput {
  return { data: { "confirmation-type": "message", confirmation: message } };
}

export interface SingleStepCta {
  name: string;
  cta_type: CtaDocumentInput["cta_type"];
  inline_type?: CtaDocumentInput["inline_type"];
  overlay_type?: CtaDocumentInput["overlay_type"];
  bar_position?: CtaDocumentInput["bar_position"];
  broadcast_id?: number | null;
  /** Trigger, display and placement options ({ area } for inline CTAs). */
  options?: Record<string, unknown>;
  /** The elements of the one column, top to bottom. */
  elements: ElementInput[];
  /** What happens after the step completes (nothing by default). */
  after?: ActionGroupInput[];
  /** Options of the one section (background, padding ...). */
  section?: Record<string, unknown>;
}

/** A published CTA with one variant and one step whose single column holds `elements`. */
export function singleStepCta(c: SingleStepCta): CtaDocumentInput {
  return {
    name: c.name,
    cta_type: c.cta_type,
    inline_type: c.inline_type ?? null,
    overlay_type: c.overlay_type ?? null,
    bar_position: c.bar_position ?? null,
    status: "published",
    broadcast_id: c.broadcast_id ?? null,
    options: c.options ?? {},
    variants: [
      {
        variation: "A",
        percentage: 100,
        steps: [
          {
            position: 0,
            options: { name: "Steg 1" },
            action_groups: (c.after ?? []).map((g, position) => ({ ...g, position })),
            sections: [
              {
                position: 0,
                options: c.section ?? {},
                columns: [{ position: 0, elements: c.elements.map((e, position) => ({ ...e, position })) }],
              },
            ],
          },
        ],
      },
    ],
  };
}
