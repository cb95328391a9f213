/**
 * One walk over a CTA document: every node (variant, step, section, column,
 * element, field, action group, action, condition) with its path, parents
 * before children. The CTA model validates ids, writes rows, collects ids
 * and copies documents with it, so no rule can miss a place a node can be.
 */
import type { Condition } from "./condition";
import type {
  ActionGroup,
  CtaAction,
  CtaColumn,
  CtaDocument,
  CtaElement,
  CtaSection,
  CtaStep,
  CtaVariant,
  Field,
} from "./cta";

/** Where a node is in the document, as zod paths are written ("variants", 0, "steps", 1, …). */
export type CtaNodePath = (string | number)[];

/** A node of the document with its kind and path. */
export type CtaNodeVisit =
  | { kind: "variant"; node: CtaVariant; path: CtaNodePath }
  | { kind: "step"; node: CtaStep; path: CtaNodePath }
  | { kind: "section"; node: CtaSection; path: CtaNodePath }
  | { kind: "column"; node: CtaColumn; path: CtaNodePath }
  | { kind: "element"; node: CtaElement; path: CtaNodePath }
  | { kind: "field"; node: Field; path: CtaNodePath }
  | { kind: "actionGroup"; node: ActionGroup; path: CtaNodePath }
  | { kind: "action"; node: CtaAction; path: CtaNodePath }
  | { kind: "condition"; node: Condition; path: CtaNodePath };
export type CtaNodeKind = CtaNodeVisit["kind"];

/** Every kind of node, in the order a document nests them. */
export const CTA_NODE_KINDS: readonly CtaNodeKind[] = [
  "variant",
  "step",
  "section",
  "column",
  "element",
  "field",
  "actionGroup",
  "action",
  "condition",
];

function* groupVisits(groups: ActionGroup[], prefix: CtaNodePath): Generator<CtaNodeVisit> {
  for (const [gi, group] of groups.entries()) {
    const path = [...prefix, gi];
    yield { kind: "actionGroup", node: group, path };
    for (const [ci, condition] of group.conditions.entries())
      yield { kind: "condition", node: condition, path: [...path, "conditions", ci] };
    for (const [ai, action] of group.actions.entries())
      yield { kind: "action", node: action, path: [...path, "actions", ai] };
  }
}

/** Every node of a document with its path, parents before children. */
export function* walkCta(doc: CtaDocument): Generator<CtaNodeVisit> {
  for (const [vi, variant] of doc.variants.entries()) {
    const vp: CtaNodePath = ["variants", vi];
    yield { kind: "variant", node: variant, path: vp };
    for (const [si, step] of variant.steps.entries()) {
      const sp = [...vp, "steps", si];
      yield { kind: "step", node: step, path: sp };
      yield* groupVisits(step.action_groups, [...sp, "action_groups"]);
      for (const [ci, section] of step.sections.entries()) {
        const cp = [...sp, "sections", ci];
        yield { kind: "section", node: section, path: cp };
        for (const [oi, column] of section.columns.entries()) {
          const op = [...cp, "columns", oi];
          yield { kind: "column", node: column, path: op };
          for (const [ei, element] of column.elements.entries()) {
            const ep = [...op, "elements", ei];
            yield { kind: "element", node: element, path: ep };
            for (const [fi, field] of element.fields.entries())
              yield { kind: "field", node: field, path: [...ep, "fields", fi] };
            for (const [ai, action] of element.actions.entries())
              yield { kind: "action", node: action, path: [...ep, "actions", ai] };
            yield* groupVisits(element.action_groups, [...ep, "action_groups"]);
          }
        }
      }
    }
  }
}
