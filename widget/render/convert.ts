/**
 * What a conversion does after it is tracked (SPEC 4): pick the action group
 * whose conditions hold, run its actions on the local person (tags, fields,
 * scores, lists), the messenger and store actions, the group's script, and
 * the confirmation (message, step, redirect here; the others in outcome.ts),
 * then close when confirmation-close is set. A chunk of its own: a CTA that is
 * only looked at never needs it.
 */
import { isActionType, PERSON_ACTION_TYPES, STORE_ACTION_TYPES } from "#contract/schema/action-types";
import type { CtaElement, CtaStep } from "#contract/schema/cta";
import type { LeadMagnetAnswer } from "#contract/schema/lead-magnet";
import { confirmationGroup, outcomeOf, type Outcome } from "./confirmation";
import type { Conversion, RenderContext } from "./context";
import { runScript } from "./scripts";

/** What convert.ts needs from the CTA it works for. */
export interface Controller {
  ctx: RenderContext;
  step: CtaStep | undefined;
  showMessage(html: string): void;
  root(): ShadowRoot | undefined;
}

/** Decides a conversion's group and runs its person actions on a copy of the person. */
export async function conversion({ ctx, step }: Controller, element: CtaElement): Promise<Conversion> {
  const { cta, variant, person } = ctx;
  const group = confirmationGroup(element, step, (g) => ctx.pass(g.conditions));
  const actions = [...(element.actions ?? []), ...(group?.actions ?? [])];
  // Only groups that do something beyond confirming (conditions, actions) are reported to the server.
  const groupIds = group?.id != null && (group.actions?.length || group.conditions?.length) ? [group.id] : [];
  const conv: Conversion = { group, actions, person: null, score: null, groupIds };
  if (person && actions.some((a) => isActionType(PERSON_ACTION_TYPES, a.action_type))) {
    const applied = (await import("./actions")).applyPersonActions(person, actions, {
      ctaId: cta.id!,
      variantId: variant.id ?? null,
      scoreField: variant.score_field,
    });
    conv.person = applied.person;
    conv.score = applied.score;
  }
  return conv;
}

/**
 * The success step's download button: the signed link the server answered
 * the submission with (null-safe: a queued submission has none; the e-mail
 * brings it then). Escaped, then sanitized with the message like owner text.
 */
export function magnetLink(magnet: LeadMagnetAnswer | undefined): string {
  if (!magnet || typeof magnet.url != "string" || !/^https?:\/\//.test(magnet.url)) return "";
  const esc = (v: string) =>
    String(v).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<p><a href="${esc(magnet.url)}" target="_blank">⬇ ${esc(magnet.label)}</a></p>`;
}

/** Applies an outcome (a message gets the magnet's download link below it). */
export function apply(controller: Controller, outcome: Outcome, magnet?: LeadMagnetAnswer): void {
  if (outcome.type === "redirect") {
    if (outcome.newTab) window.open(outcome.url, "_blank", "noopener");
    else location.href = outcome.url;
  } else if (outcome.type === "step") {
    if (!controller.ctx.goToStep(outcome.position)) controller.showMessage(controller.ctx.labels.thanks);
  } else if (outcome.type === "message") {
    controller.showMessage(controller.ctx.merge(outcome.html, true) + magnetLink(magnet));
  } else {
    void import("./outcome").then((m) => m.applyOutcome(outcome, controller.ctx.runtime, controller.root()));
  }
}

/** Everything after the tracking: actions, script, confirmation, close. */
export async function finish(
  controller: Controller,
  element: CtaElement,
  opts: { confirm?: boolean; conversion?: Conversion; magnet?: LeadMagnetAnswer },
): Promise<void> {
  const { ctx } = controller;
  const { person, runtime } = ctx;
  const conv = opts.conversion ?? (await conversion(controller, element));
  if (conv.person && person) {
    Object.assign(person, conv.person);
    runtime.savePerson?.(person);
  }
  if (conv.actions.some((a) => a.action_type === "messenger")) void import("./actions").then((m) => m.openMessenger());
  const storeActions = conv.actions.filter((a) => isActionType(STORE_ACTION_TYPES, a.action_type));
  if (storeActions.length)
    void import("./store-outcome").then((m) => m.runStoreActions(storeActions, m.storeOf(runtime.store)));
  runScript(conv.group?.data.script, `action group ${conv.group?.id ?? ""}`);
  if (opts.confirm === false) return;
  apply(controller, outcomeOf(conv.group, location.search, ctx.labels.thanks), opts.magnet);
  if (conv.group?.data["confirmation-close"]) ctx.close();
}
