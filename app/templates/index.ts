/**
 * The template gallery's templates: CTA documents in English and Swedish,
 * one module per group. "New CTA" starts from one of these (or from
 * scratch); the create action builds it in the website's language.
 */
import { templateNeeds, type PromiseKind } from "#app/view/delivery-promises";
import { ctaDocumentSchema, type CtaDocument } from "#contract/schema/cta";
import { barTemplates } from "./bars";
import { commerceTemplates } from "./commerce";
import { gameTemplates } from "./games";
import { inlineTemplates } from "./inline";
import { interactiveTemplates } from "./interactive";
import { sayIn, templateLanguage, type CtaTemplateDef, type TemplateGoal, type TemplateKind } from "./kit";
import { popupTemplates } from "./popups";

export {
  TEMPLATE_GOALS,
  TEMPLATE_KINDS,
  TEMPLATE_LANGUAGES,
  templateLanguage,
  type TemplateGoal,
  type TemplateKind,
  type TemplateLanguage,
} from "./kit";

export const CTA_TEMPLATES: CtaTemplateDef[] = [
  ...popupTemplates,
  ...barTemplates,
  ...inlineTemplates,
  ...interactiveTemplates,
  ...commerceTemplates,
  ...gameTemplates,
];

export function findTemplate(id: string): CtaTemplateDef | undefined {
  return CTA_TEMPLATES.find((t) => t.id === id);
}

/** A template as a validated document in a website's language (any language without copy gets English). */
export function templateDocument(template: CtaTemplateDef, websiteLanguage: string | null | undefined): CtaDocument {
  return ctaDocumentSchema.parse(template.build(sayIn(templateLanguage(websiteLanguage))));
}

/** What the gallery shows of a template: its card and the document its thumbnail renders. */
export interface TemplateCard {
  id: string;
  kind: TemplateKind;
  goal: TemplateGoal;
  name: string;
  summary: string;
  /** What the template's messages promise and the owner must set up (an e-mail, a code, recommendations). */
  needs: PromiseKind[];
  cta: CtaDocument;
}

export function templateCards(websiteLanguage: string | null | undefined): TemplateCard[] {
  const say = sayIn(templateLanguage(websiteLanguage));
  return CTA_TEMPLATES.map((t) => {
    const cta = templateDocument(t, websiteLanguage);
    return {
      id: t.id,
      kind: t.kind,
      goal: t.goal,
      name: cta.name,
      summary: t.summary(say),
      needs: templateNeeds(cta),
      cta,
    };
  });
}
