/**
 * Where a CTA's leads go, read from and written to the document itself: a
 * list is a destination when the CTA's lead-collecting elements (forms,
 * quizzes, surveys: their submissions run the element's actions, see
 * app/models/lead-sync.server.ts) carry a subscribe_list action for it.
 * The "Where leads go" card toggles a list on every such element at once, so
 * the same format the element's own actions editor writes is the only one.
 */
import type { CtaAction, CtaDocument } from "#contract/schema/cta";

/** A list as the card offers it: its integration and its id inside that tool. */
export interface ListRef {
  integrationId: number;
  listId: string;
}

/** Element types whose submissions create leads (and run their actions). */
export const COLLECTING_TYPES = new Set(["form", "quiz", "survey"]);

type Element =
  CtaDocument["variants"][number]["steps"][number]["sections"][number]["columns"][number]["elements"][number];

/** Every lead-collecting element of the document, in every variant and step. */
export function collectingElements(doc: CtaDocument): Element[] {
  return doc.variants.flatMap((variant) =>
    variant.steps.flatMap((s) =>
      s.sections.flatMap((sec) =>
        sec.columns.flatMap((c) => c.elements.filter((e) => COLLECTING_TYPES.has(e.element_type))),
      ),
    ),
  );
}

/**
 * Whether an action subscribes to `list`. An action without an integration
 * means the website's built-in lists (lead-sync's fallback), so it matches
 * when `builtinId` is that list's integration.
 */
export function subscribesTo(action: CtaAction, list: ListRef, builtinId: number | null): boolean {
  if (action.action_type !== "subscribe_list") return false;
  const integration = action.integration_id ?? builtinId;
  // Read as lead-sync reads it: a string or a number, anything else is no list.
  const raw = (action.data as Record<string, unknown> | undefined)?.list_id;
  const listId =
    typeof raw === "string" ? raw.trim() : typeof raw === "number" && Number.isFinite(raw) ? String(raw) : null;
  return integration === list.integrationId && listId === list.listId;
}

/** all: every collecting element subscribes to the list; some: only part of them; none. */
export function listState(doc: CtaDocument, list: ListRef, builtinId: number | null): "all" | "some" | "none" {
  const elements = collectingElements(doc);
  const on = elements.filter((e) => (e.actions ?? []).some((a) => subscribesTo(a, list, builtinId))).length;
  return on === 0 ? "none" : on === elements.length ? "all" : "some";
}

/** The document with `list` added to (or removed from) every collecting element's actions. */
export function setList(doc: CtaDocument, list: ListRef, on: boolean, builtinId: number | null): CtaDocument {
  const mapElement = (element: Element): Element => {
    if (!COLLECTING_TYPES.has(element.element_type)) return element;
    const actions = element.actions ?? [];
    const has = actions.some((a) => subscribesTo(a, list, builtinId));
    if (on && !has)
      return {
        ...element,
        actions: [
          ...actions,
          {
            action_type: "subscribe_list",
            tag_id: null,
            integration_id: list.integrationId,
            data: { list_id: list.listId },
          },
        ],
      };
    if (!on && has) return { ...element, actions: actions.filter((a) => !subscribesTo(a, list, builtinId)) };
    return element;
  };
  return {
    ...doc,
    variants: doc.variants.map((variant) => ({
      ...variant,
      steps: variant.steps.map((step) => ({
        ...step,
        sections: step.sections.map((sec) => ({
          ...sec,
          columns: sec.columns.map((c) => ({ ...c, elements: c.elements.map(mapElement) })),
        })),
      })),
    })),
  };
}
