/**
 * What a template is, and small builders so the template modules read as
 * copy rather than as document trees. A template builds a CTA document input
 * (contract/schema/cta.ts) in one language; the server validates it with the
 * shared schema when the owner creates a CTA from it, like any other write.
 */
import type { CtaDocumentInput } from "#contract/schema/cta";
import {
  formElement,
  textField,
  type ActionGroupInput,
  type ElementInput,
  type FieldInput,
} from "#contract/schema/cta-builders";

export {
  dailyCountdown,
  dropdownField,
  heading,
  paragraph,
  relativeCountdown,
  textField,
  thankYou,
} from "#contract/schema/cta-builders";
export type { ActionGroupInput, ElementInput, FieldInput } from "#contract/schema/cta-builders";

/** The languages templates are written in; any other website language gets English. */
export const TEMPLATE_LANGUAGES = ["en", "sv"] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** What the owner wants the CTA to do: the gallery's filter. */
export const TEMPLATE_GOALS = ["grow", "announce", "sell", "qualify"] as const;
export type TemplateGoal = (typeof TEMPLATE_GOALS)[number];

/** The kinds of CTA the gallery offers. */
export const TEMPLATE_KINDS = [
  "popup",
  "bar",
  "slidein",
  "inline",
  "page",
  "quiz",
  "survey",
  "yesno",
  "countdown",
  "upsell",
  "cartbar",
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Picks the text of the template's language: say("English", "Svenska"). */
export type Say = (en: string, sv: string) => string;

export interface CtaTemplateDef {
  /** Stable id, sent by the gallery's create form. */
  id: string;
  kind: TemplateKind;
  goal: TemplateGoal;
  /** The document in one language; its name is the template's name. */
  build: (say: Say) => CtaDocumentInput;
  /** One line for the gallery card. */
  summary: (say: Say) => string;
}

export const sayIn =
  (lang: TemplateLanguage): Say =>
  (en, sv) =>
    lang === "sv" ? sv : en;

/** The template language of a website language. */
export function templateLanguage(language: string | null | undefined): TemplateLanguage {
  return (TEMPLATE_LANGUAGES as readonly string[]).includes(language ?? "") ? (language as TemplateLanguage) : "en";
}

/** A button that leads to a page of the site (the owner points it at the right one). */
export function linkButton(text: string, url: string): ElementInput {
  return { element_type: "button", options: { "button-text": text, url } };
}

/** A button that moves to another step (by its position). */
export function stepButton(text: string, step: number): ElementInput {
  return {
    element_type: "button",
    options: { "button-text": text },
    action_groups: [{ data: { "confirmation-type": "step", "redirect-step": step } }],
  };
}

/** The consent checkbox: without a label of its own it shows the website's consent text. */
export function consentField(): FieldInput {
  return { slug: "marketing_consent", field_type: "checkbox", required: true, options: {} };
}

export interface FormOptions {
  before?: FieldInput[];
  after?: FieldInput[];
  emailPlaceholder: string;
  button: string;
  /** Ask for marketing consent (lists); contact requests do without. */
  consent?: boolean;
  layout?: "vertical" | "horizontal";
}

/** A form element: fields in order, e-mail required. */
export function emailForm(o: FormOptions): ElementInput {
  const fields = [
    ...(o.before ?? []),
    textField("email", o.emailPlaceholder, { required: true, type: "email" }),
    ...(o.after ?? []),
    ...(o.consent === false ? [] : [consentField()]),
  ];
  return formElement(fields, { button: o.button, layout: o.layout });
}

/** A survey question whose answer submits at once. */
export function survey(slug: string, question: string, choices: [string, string][]): ElementInput {
  return {
    element_type: "survey",
    options: { question },
    fields: [
      {
        slug,
        field_type: "survey",
        position: 0,
        options: { label: question },
        field_options: choices.map(([value, label]) => ({ value, label })),
      },
    ],
  };
}

/** A scored quiz question. */
export function quizQuestion(
  slug: string,
  position: number,
  label: string,
  choices: [string, string, number][],
): FieldInput {
  return {
    slug,
    field_type: "radio",
    position,
    required: true,
    options: { label },
    field_options: choices.map(([value, l, score]) => ({ value, label: l, score })),
  };
}

export interface StepInput {
  name: string;
  elements: ElementInput[];
  /** What happens after the step completes. */
  after?: ActionGroupInput[];
}

export interface TemplateCta {
  name: string;
  cta_type: CtaDocumentInput["cta_type"];
  inline_type?: CtaDocumentInput["inline_type"];
  overlay_type?: CtaDocumentInput["overlay_type"];
  hook_type?: CtaDocumentInput["hook_type"];
  bar_position?: CtaDocumentInput["bar_position"];
  /** Trigger, display, colour and placement options. */
  options?: Record<string, unknown>;
  steps: StepInput[];
}

/** A draft CTA with one variant whose steps each hold one column. */
export function templateCta(c: TemplateCta): CtaDocumentInput {
  return {
    name: c.name,
    cta_type: c.cta_type,
    inline_type: c.inline_type ?? null,
    overlay_type: c.overlay_type ?? null,
    hook_type: c.hook_type ?? null,
    bar_position: c.bar_position ?? null,
    status: "draft",
    broadcast_id: null,
    options: c.options ?? {},
    variants: [
      {
        variation: "A",
        percentage: 100,
        steps: c.steps.map((s, position) => ({
          position,
          options: { name: s.name },
          action_groups: (s.after ?? []).map((g, i) => ({ ...g, position: i })),
          sections: [
            {
              position: 0,
              options: {},
              columns: [{ position: 0, elements: s.elements.map((e, i) => ({ ...e, position: i })) }],
            },
          ],
        })),
      },
    ],
  };
}

/** Dark and warm looks with readable contrast (white on #1d2530 is 15:1; #1d2530 on #fff4e0 is 14:1). */
export const DARK = { "background-color": "#1d2530", "text-color": "#ffffff" };
export const WARM = { "background-color": "#fff4e0", "text-color": "#1d2530" };
