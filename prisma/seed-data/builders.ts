/**
 * Small builders for seed CTAs, so the seed data reads as content
 * (`emailForm({ listId: "2", button: "Ladda ner" })`) rather than as
 * document trees. They return CTA document input (contract/schema/cta.ts);
 * every seeded CTA still goes through saveCtaDocument.
 */
import type { LeadMagnet } from "#contract/schema/lead-magnet";
import type { CtaDocumentInput } from "#contract/schema/cta";
import {
  formElement,
  textField,
  type ActionGroupInput,
  type ActionInput,
  type ElementInput,
  type FieldInput,
} from "#contract/schema/cta-builders";

export {
  countdownTo,
  dailyCountdown,
  dropdownField,
  heading,
  paragraph,
  relativeCountdown,
  textField,
  thankYou,
} from "#contract/schema/cta-builders";
export type { ActionGroupInput, ActionInput, ElementInput, FieldInput } from "#contract/schema/cta-builders";

/** A button that leads to a page on the site. */
export function linkButton(text: string, url: string, opts: { targetBlank?: boolean } = {}): ElementInput {
  return {
    element_type: "button",
    options: { "button-text": text },
    action_groups: [
      { data: { "confirmation-type": "redirect", "redirect-url": url, "target-blank": opts.targetBlank ?? false } },
    ],
  };
}

/** A consent checkbox carrying the site's consent text. */
export function consentField(slug: "marketing_consent" | "sms_consent", label: string, required = true): FieldInput {
  return { slug, field_type: "checkbox", required, options: { label } };
}

/** A list action on the built-in integration. */
export function listAction(
  actionType: "subscribe_list" | "unsubscribe_list",
  integrationId: number,
  listId: string,
): ActionInput {
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
  /** What the success step delivers (the element's "lead-magnet" option). */
  magnet?: LeadMagnet;
}

/** A form element: fields in order, e-mail required, the actions run on submit. */
export function emailForm(o: FormOptions): ElementInput {
  const fields = [
    ...(o.before ?? []),
    textField("email", o.emailPlaceholder, { required: true, type: "email" }),
    ...(o.after ?? []),
    // A form that gives something (a magnet) gives it without the newsletter: consent tied to it is not freely given.
    ...(o.consent ? [consentField("marketing_consent", o.consent, !o.magnet)] : []),
  ];
  const element = formElement(fields, { button: o.button, layout: o.layout, actions: o.actions });
  if (o.magnet) element.options = { ...element.options, "lead-magnet": o.magnet };
  return element;
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
