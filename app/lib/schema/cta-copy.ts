/**
 * Copies of CTA nodes for a new save: the editor's "add variant" copies a
 * variant into the same CTA, the server's "duplicate" copies a whole CTA.
 * Either way the copy must lose its database ids (its nodes are new), and a
 * sub-question must name its parent question by slug (parent_slug, resolved
 * within the element in the same save), since the parent's id is the
 * original's.
 *
 * Option bags keep their "id" keys: they are the owner's data, not database
 * ids (a picked product's Shopify id in selected-products-summary).
 */
import type { CtaDocument, CtaVariant } from "./cta";
import { walkCta } from "./cta-walk";

/**
 * A deep copy without the nodes' ids, sub-questions linked by parent_slug.
 * `clearGroupFields` also unlinks action groups from their question (the
 * server relinks a duplicated CTA's groups to its own questions once they
 * have ids).
 */
export function copyWithoutIds<T extends CtaDocument | CtaVariant>(node: T, clearGroupFields = false): T {
  const copy = structuredClone(node);
  const doc = ("variants" in copy ? copy : { variants: [copy] }) as CtaDocument;
  const visits = [...walkCta(doc)];
  for (const v of visits) {
    if (v.kind === "element") {
      const slugById = new Map(v.node.fields.map((f) => [f.id, f.slug]));
      for (const f of v.node.fields) {
        if (f.field_id != null) f.parent_slug = slugById.get(f.field_id) ?? f.parent_slug ?? null;
        f.field_id = null;
      }
    }
    if (clearGroupFields && v.kind === "actionGroup") v.node.field_id = null;
  }
  for (const v of visits) delete v.node.id;
  if ("variants" in copy) delete (copy as CtaDocument).id;
  return copy;
}
