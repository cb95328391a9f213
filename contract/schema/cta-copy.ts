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
  for (const visit of visits) {
    if (visit.kind === "element") {
      const slugById = new Map(visit.node.fields.map((field) => [field.id, field.slug]));
      for (const field of visit.node.fields) {
        if (field.field_id != null) field.parent_slug = slugById.get(field.field_id) ?? field.parent_slug ?? null;
        field.field_id = null;
      }
    }
    if (clearGroupFields && visit.kind === "actionGroup") visit.node.field_id = null;
  }
  for (const visit of visits) delete visit.node.id;
  if ("variants" in copy) delete (copy as CtaDocument).id;
  return copy;
}

/**
 * A document whose links stay within their variant, or null when none
 * crosses. A quiz's jumps (an answer's step or next question, a group's
 * jump) and an action group's question name nodes by id, and the widget
 * looks them up in the variant it shows: a link into another variant leads
 * nowhere. The editor's "add variant" copies a variant before its nodes have
 * ids, so the copy's links still name the original's; once both are saved,
 * each such link is moved to the node at the same place (step, section,
 * column, element, field) in its own variant, or cleared when its variant
 * has nothing there.
 */
export function linksWithinVariants(doc: CtaDocument): CtaDocument | null {
  // Where each step and field is: its variant and its place within it.
  const placeOf = new Map<string, { variant: number; place: string }>();
  const idAt = new Map<string, number>();
  const where = (kind: "step" | "field", id: number) => `${kind}:${id}`;
  for (const visit of walkCta(doc)) {
    if ((visit.kind !== "step" && visit.kind !== "field") || visit.node.id == null) continue;
    const variant = visit.path[1] as number;
    const place = `${visit.kind}:${visit.path.slice(2).join("/")}`;
    placeOf.set(where(visit.kind, visit.node.id), { variant, place });
    idAt.set(`${variant}|${place}`, visit.node.id);
  }
  let changed = false;
  const next = structuredClone(doc);
  // The id the link should name from `variant`: itself when it is there, else the same place's node, else null.
  const within = (kind: "step" | "field", id: number, variant: number): number | null => {
    const at = placeOf.get(where(kind, id));
    if (!at || at.variant === variant) return id;
    changed = true;
    return idAt.get(`${variant}|${at.place}`) ?? null;
  };
  for (const visit of walkCta(next)) {
    const variant = visit.path[1] as number;
    if (visit.kind === "actionGroup") {
      if (visit.node.field_id != null) visit.node.field_id = within("field", visit.node.field_id, variant);
      const jump = visit.node.data["jump-field-id"];
      if (typeof jump === "number") {
        const moved = within("field", jump, variant);
        if (moved === null) delete visit.node.data["jump-field-id"];
        else visit.node.data["jump-field-id"] = moved;
      }
    }
    if (visit.kind === "field")
      for (const option of visit.node.field_options) {
        if (typeof option.jump_field_id === "number")
          option.jump_field_id = within("field", option.jump_field_id, variant) ?? undefined;
        if (option.step_id != null) option.step_id = within("step", option.step_id, variant);
      }
  }
  return changed ? next : null;
}
