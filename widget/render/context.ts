import type { Condition } from "#contract/schema/condition";
import type { LeadMagnetAnswer } from "#contract/schema/lead-magnet";
import type { ActionGroup, CtaAction, CtaDocument, CtaElement, CtaStep, CtaVariant } from "#contract/schema/cta";
import type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { Labels } from "./i18n";
import type { CtaIds, CtaRuntime, MountOptions } from "./types";

export { str } from "./options";

/** What a conversion decided before it is recorded: the confirming group, the actions, the person after them. */
export interface Conversion {
  group: ActionGroup | undefined;
  actions: CtaAction[];
  /** The person after the actions (not yet saved), or null when nothing changes. */
  person: PublicPerson | null;
  /** The score after score actions, for latest_score. */
  score: number | null;
  /** Ids of the action groups that applied (the contact payload's action_groups). */
  groupIds: number[];
}

/** What every element gets from the CTA around it. */
export interface RenderContext {
  cta: CtaDocument;
  variant: CtaVariant;
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  runtime: CtaRuntime;
  labels: Labels;
  /** MountOptions.mode: "preview" is the editor's (non-live) view, where store elements show placeholders. Absent means live. */
  mode?: MountOptions["mode"];
  /** The visible steps in order and the index of the one showing. */
  steps: CtaStep[];
  stepIndex: number;
  /** Answers given in this CTA so far, by slug (merge tags and conditions read them). */
  values: Record<string, unknown>;
  /** Ids of an element in the current step. */
  ids(element: CtaElement | null): CtaIds;
  /** Decides a conversion's action group (conditions checked) and runs its person actions on a copy (their code loads on demand). */
  conversion(element: CtaElement, values?: Record<string, unknown>): Promise<Conversion>;
  /**
   * Records a conversion (person actions saved, tracking, client events, the
   * group's script) and applies its confirmation unless `confirm` is false.
   */
  complete(
    element: CtaElement,
    eventType: "Submission" | "Complete",
    opts?: { confirm?: boolean; conversion?: Conversion; values?: Record<string, unknown>; magnet?: LeadMagnetAnswer },
  ): void;
  /** Shows the step at a position; false when there is no such visible step. */
  goToStep(position: number): boolean;
  /** Fills merge tags (`html`: values escaped for HTML). */
  merge(text: string, html?: boolean): string;
  /** Whether conditions hold for this visitor and these answers. */
  pass(conditions: Condition[] | undefined): boolean;
  /** Closes the CTA (the runtime sets the viewed cookie and fires cfClose). */
  close(): void;
}

export interface ElementProps {
  element: CtaElement;
  ctx: RenderContext;
}
