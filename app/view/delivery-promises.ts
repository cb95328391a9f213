/**
 * Promises a CTA's success messages make that nothing set up will keep: an
 * e-mail, e-book or link "on its way" with no lead magnet, no list that
 * sends or no e-mail sending; "your code" with no discount code; picked
 * products with no product feed. Pure, so the editor's banner and the tests
 * read the same rules, and the template gallery says what a template's
 * promises need (templateNeeds). Phrases are matched in English and Swedish.
 */
import { walkCta } from "#contract/schema/cta-walk";
import type { CtaDocument } from "#contract/schema/cta";

export type PromiseKind = "delivery" | "code" | "recommendations";

export interface UnkeptPromise {
  kind: PromiseKind;
  /** The message that makes the promise, shortened. */
  text: string;
}

/** What the website has set up that could keep a promise. */
export interface PromiseSetup {
  /** SMTP_URL is set: the built-in lists send. */
  smtp: boolean;
  destinations: PromiseDestination[];
}

/** Of a lead destination (app/models/lead-destinations.server.ts): what decides whether it sends. */
export interface PromiseDestination {
  integrationId: number;
  external: boolean;
  lists: { listId: string; requireConfirmation?: boolean }[];
}

const PHRASES: Record<PromiseKind, RegExp> = {
  delivery:
    /\b(?:on (?:its|the|their) way|we(?:'|’)?ll send|we will send|we(?:'|’)?ve (?:just )?sent|we just sent|check your (?:inbox|e-?mail|spam)|in your inbox|confirm your (?:subscription|e-?mail|address)|download link)\b|på väg|vi skickar|vi har skickat|vi (?:just )?skickade|bekräfta|din inkorg|inkorgen|kolla din e-?post|nedladdningslänk/i,
  code: /\b(?:your (?:discount |promo |coupon )?code|discount code|coupon code|promo code)\b|din (?:rabatt)?kod\b|rabattkoden?\b/i,
  recommendations:
    /\b(?:recommend(?:ed|ations?)?|picked for you|products for you|our picks)\b|rekommend|utvalda för dig|produkter för dig|våra tips/i,
};

/** A feed entry that can bring products: anything but a hand-picked list with nothing picked yet. */
const feedsProducts = (entry: Record<string, unknown>) =>
  !(
    (entry.source ?? entry.type) === "manual" &&
    !entry.handle &&
    !(Array.isArray(entry.handles) && entry.handles.length)
  );

/** Plain text of owner rich text, entities for the letters the phrases use decoded. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Which promises a text makes (pure; exported for the tests of its phrasing). */
export function promisesIn(text: string): PromiseKind[] {
  const words = plain(text);
  return (Object.keys(PHRASES) as PromiseKind[]).filter((kind) => PHRASES[kind].test(words));
}

/** The promises of a document's success messages that its set-up does not keep. */
export function unkeptPromises(doc: CtaDocument, setup: PromiseSetup): UnkeptPromise[] {
  const messages: string[] = [];
  let magnet = false;
  let code = false;
  let feed = false;
  let external = false;
  let builtinDoubleOptIn = false;
  const byIntegration = new Map(setup.destinations.map((d) => [d.integrationId, d]));
  for (const visit of walkCta(doc)) {
    if (visit.kind === "actionGroup") {
      const confirmation = visit.node.data.confirmation;
      if (typeof confirmation == "string" && confirmation) messages.push(confirmation);
    } else if (visit.kind === "element") {
      const options = visit.node.options as Record<string, unknown>;
      if (options["lead-magnet"]) magnet = true;
      if (typeof options["discount-code"] == "string" && options["discount-code"].trim()) code = true;
      if (visit.node.element_type === "products" && (visit.node.product_recommendations ?? []).some(feedsProducts))
        feed = true;
    } else if (visit.kind === "action") {
      const action = visit.node;
      if (action.action_type === "apply_discount") code = true;
      if (action.action_type !== "subscribe_list") continue;
      const destination =
        action.integration_id != null
          ? byIntegration.get(action.integration_id)
          : setup.destinations.find((d) => !d.external);
      if (!destination) continue;
      // An outside tool sends its own confirmations and magnets.
      if (destination.external) external = true;
      else if (destination.lists.some((l) => l.listId === String(action.data.list_id) && l.requireConfirmation))
        builtinDoubleOptIn = true;
    }
  }
  const kept: Record<PromiseKind, boolean> = {
    delivery: external || (setup.smtp && (magnet || builtinDoubleOptIn)),
    code,
    recommendations: feed,
  };
  const out: UnkeptPromise[] = [];
  for (const message of messages)
    for (const kind of promisesIn(message))
      if (!kept[kind] && !out.some((p) => p.kind === kind)) out.push({ kind, text: plain(message).slice(0, 120) });
  return out;
}

/** What a template's messages promise, whatever the website has set up: the gallery's "Needs: …" note. */
export function templateNeeds(doc: CtaDocument): PromiseKind[] {
  const kinds = new Set<PromiseKind>();
  for (const visit of walkCta(doc)) {
    const text =
      visit.kind === "actionGroup"
        ? visit.node.data.confirmation
        : visit.kind === "element"
          ? (visit.node.options as Record<string, unknown>).html
          : undefined;
    if (typeof text == "string") for (const kind of promisesIn(text)) kinds.add(kind);
  }
  return [...kinds];
}
