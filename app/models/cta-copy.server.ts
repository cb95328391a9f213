/**
 * Copies of a CTA: the document the owner is editing (a published CTA's
 * pending draft when it has one) stored again without ids, as a draft named
 * "<name> (copy)", with its action groups and quiz jumps re-linked to the
 * copy's own fields and steps.
 */
import type { ActionGroup, CtaDocument } from "#contract/schema/cta";
import { copyWithoutIds } from "#contract/schema/cta-copy";
import { walkCta } from "#contract/schema/cta-walk";
import { loadCtaForEditor } from "./cta-drafts.server";
import { writeDocument } from "./cta-write.server";
import { NotFoundError, inTransaction, type DbClient } from "./model-kit.server";

/**
 * The copy with its action groups and quiz jumps pointing at its own fields
 * and steps instead of the original's, or null when nothing points anywhere.
 */
function relinkCopy(original: CtaDocument, copy: CtaDocument): CtaDocument | null {
  const fieldMap = new Map<number, number>();
  const stepMap = new Map<number, number>();
  const next = structuredClone(copy);
  const originalGroups: ActionGroup[] = [];
  const copyGroups: ActionGroup[] = [];
  original.variants.forEach((variant, vi) =>
    variant.steps.forEach((step, si) => {
      const copyStep = next.variants[vi].steps[si];
      stepMap.set(step.id!, copyStep.id!);
      originalGroups.push(...step.action_groups);
      copyGroups.push(...copyStep.action_groups);
      step.sections.forEach((section, ci) =>
        section.columns.forEach((column, oi) =>
          column.elements.forEach((element, ei) => {
            const copyElement = copyStep.sections[ci].columns[oi].elements[ei];
            const idBySlug = new Map(copyElement.fields.map((f) => [f.slug, f.id!]));
            for (const field of element.fields) fieldMap.set(field.id!, idBySlug.get(field.slug)!);
            originalGroups.push(...element.action_groups);
            copyGroups.push(...copyElement.action_groups);
          }),
        ),
      );
    }),
  );
  let changed = false;
  const mapped = <T>(value: T, map: Map<number, number>): T => {
    if (typeof value !== "number" || !map.has(value)) return value;
    changed = true;
    return map.get(value) as T;
  };
  copyGroups.forEach((group, i) => {
    group.field_id = mapped(originalGroups[i].field_id, fieldMap);
    group.data["jump-field-id"] = mapped(group.data["jump-field-id"], fieldMap);
    if (group.data["jump-field-id"] === undefined) delete group.data["jump-field-id"];
  });
  for (const visit of walkCta(next)) {
    if (visit.kind !== "field") continue;
    visit.node.field_options = visit.node.field_options.map((option) => ({
      ...option,
      ...(option.jump_field_id != null ? { jump_field_id: mapped(option.jump_field_id, fieldMap) } : {}),
      ...(option.step_id != null ? { step_id: mapped(option.step_id, stepMap) } : {}),
    }));
  }
  return changed ? next : null;
}

/** Deep-copies a CTA (its pending draft, if any) with new ids, named "<name> (copy)", as a draft. */
export async function duplicateCta(db: DbClient, websiteId: number, ctaId: number): Promise<CtaDocument> {
  return inTransaction(db, async (tx) => {
    // The copy is of what the owner is editing: a published CTA's pending draft when it has one.
    const original = (await loadCtaForEditor(tx, websiteId, ctaId))?.cta;
    if (!original) throw new NotFoundError("CTA", ctaId);
    const suffix = " (copy)";
    const copy = {
      ...copyWithoutIds(original, true),
      name: original.name.slice(0, 200 - suffix.length) + suffix,
      status: "draft" as const,
      published_at: null,
    };
    const created = await writeDocument(tx, websiteId, copy);
    const relinked = relinkCopy(original, created);
    return relinked ? writeDocument(tx, websiteId, relinked) : created;
  });
}
