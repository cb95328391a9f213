/**
 * Consent that is not freely given: a marketing or SMS consent checkbox the
 * form requires, on a CTA that gives something (a lead magnet, a discount
 * code, a prize), makes the newsletter the price of the gift, which the GDPR
 * does not accept as consent (Art. 7(4), recital 43). A plain newsletter form
 * may require its box: signing up is what it is for. Pure, so the editor's
 * banner, its one-click fix and the tests read the same rule.
 */
import { walkCta } from "#contract/schema/cta-walk";
import type { CtaDocument, Field } from "#contract/schema/cta";

/** Field slugs that record a consent to marketing (SPEC's contact payload). */
export const MARKETING_CONSENT_SLUGS = ["marketing_consent", "sms_consent"] as const;
export type MarketingConsentSlug = (typeof MARKETING_CONSENT_SLUGS)[number];

/** A required consent checkbox: where it is, for the banner's list. */
export interface TiedConsent {
  slug: MarketingConsentSlug;
  /** 1-based step of the first variant that has it, for the owner to find. */
  step: number;
}

function isTied(field: Field): field is Field & { slug: MarketingConsentSlug } {
  return field.required && (MARKETING_CONSENT_SLUGS as readonly string[]).includes(field.slug);
}

const PRIZE_GAMES: readonly string[] = ["prize_wheel", "scratch_card"];

/** Whether the CTA gives a visitor something besides the newsletter. */
function givesSomething(doc: CtaDocument): boolean {
  if (doc.unique_codes) return true;
  for (const visit of walkCta(doc)) {
    if (visit.kind === "action" && visit.node.action_type === "apply_discount") return true;
    if (visit.kind !== "element") continue;
    const options = visit.node.options as Record<string, unknown>;
    if (options["lead-magnet"] || PRIZE_GAMES.includes(visit.node.element_type)) return true;
    if (typeof options["discount-code"] == "string" && options["discount-code"].trim()) return true;
  }
  return false;
}

/** Every required marketing or SMS consent checkbox of a CTA that gives something, once per slug and step. */
export function tiedConsents(doc: CtaDocument): TiedConsent[] {
  const out: TiedConsent[] = [];
  if (!givesSomething(doc)) return out;
  for (const visit of walkCta(doc)) {
    if (visit.kind !== "field" || !isTied(visit.node)) continue;
    const step = Number(visit.path[3]) + 1;
    const slug = visit.node.slug;
    if (!out.some((t) => t.slug === slug && t.step === step)) out.push({ slug, step });
  }
  return out;
}

/** The same document with every marketing and SMS consent checkbox optional (the banner's fix). */
export function freeConsents(doc: CtaDocument): CtaDocument {
  const copy = structuredClone(doc);
  for (const visit of walkCta(copy)) if (visit.kind === "field" && isTied(visit.node)) visit.node.required = false;
  return copy;
}
