/**
 * What a CTA document must be before it is stored: the shared schema's
 * rules (size, shape, options, rich text sanitized), then the rules only the
 * model can check: every id in the document is one of this CTA's own and
 * appears once, sub-questions name a parent in their element without loops,
 * and everything the document points at outside itself (campaign,
 * integrations, other CTAs) belongs to the same website.
 */
import type { z } from "zod";
import { ctaDocumentSchema, type CtaDocument, type Field } from "#contract/schema/cta";
import { CTA_NODE_KINDS, walkCta, type CtaNodeKind, type CtaNodePath } from "#contract/schema/cta-walk";
import { mapRichText } from "./rich-text/document-rich-text";
import { sanitizeRichText } from "./rich-text/sanitize.server";
import { conditionShapeIssues, foreignCtaIds } from "./broadcast.server";
import { ModelValidationError, issueAt, nulIssues, type DbClient } from "./model-kit.server";

/** A CTA document failed validation; `issues` carry the path of every problem. */
export class CtaValidationError extends ModelValidationError {
  constructor(issues: z.ZodIssue[]) {
    super(issues);
    this.name = "CtaValidationError";
  }
}

/** Documents larger than this are refused before parsing: option bags are open-ended, the row store is not. */
export const MAX_CTA_DOCUMENT_CHARS = 1_000_000;

const KIND_LABEL: Record<CtaNodeKind, string> = {
  variant: "Variant",
  step: "Step",
  section: "Section",
  column: "Column",
  element: "Element",
  field: "Field",
  actionGroup: "Action group",
  action: "Action",
  condition: "Condition",
};

/** The ids of a document by kind of node. */
export type IdSets = Record<CtaNodeKind, Set<number>>;

export function idsOf(doc: CtaDocument | null): IdSets {
  const sets = Object.fromEntries(CTA_NODE_KINDS.map((k) => [k, new Set<number>()])) as IdSets;
  if (doc) for (const visit of walkCta(doc)) if (visit.node.id) sets[visit.kind].add(visit.node.id);
  return sets;
}

/**
 * Each field's parent question as an index into `fields` (null for top-level
 * questions), from field_id (an id in this element) or parent_slug (a slug in
 * this element, for sub-questions created in the same save).
 */
export function fieldParents(fields: Field[], prefix: CtaNodePath, issues: z.ZodIssue[]): (number | null)[] {
  const indexBySlug = new Map(fields.map((f, i) => [f.slug, i]));
  const indexById = new Map(fields.flatMap((f, i) => (f.id ? [[f.id, i] as const] : [])));
  const parents = fields.map((field, index): number | null => {
    let parent: number | null = null;
    if (field.field_id != null) {
      const found = indexById.get(field.field_id);
      if (found === undefined)
        issues.push(
          issueAt([...prefix, index, "field_id"], `Parent question ${field.field_id} is not in this element`),
        );
      else parent = found;
    }
    if (field.parent_slug != null) {
      const found = indexBySlug.get(field.parent_slug);
      if (found === undefined)
        issues.push(issueAt([...prefix, index, "parent_slug"], `No question "${field.parent_slug}" in this element`));
      else if (parent !== null && parent !== found)
        issues.push(issueAt([...prefix, index, "parent_slug"], "field_id and parent_slug name different questions"));
      else parent = found;
    }
    if (parent === index) {
      issues.push(issueAt([...prefix, index, "field_id"], "A question cannot be its own parent"));
      return null;
    }
    return parent;
  });
  parents.forEach((_, index) => {
    let at: number | null = parents[index];
    for (let hops = 0; at !== null; hops++) {
      if (hops > fields.length) {
        issues.push(issueAt([...prefix, index, "field_id"], "Sub-questions form a loop"));
        parents[index] = null;
        break;
      }
      at = parents[at];
    }
  });
  return parents;
}

/** Field indexes with every parent before its sub-questions. */
export function parentsFirst(parents: (number | null)[]): number[] {
  const order: number[] = [];
  const done = new Set<number>();
  const place = (index: number) => {
    if (done.has(index)) return;
    done.add(index);
    const parent = parents[index];
    if (parent !== null) place(parent);
    order.push(index);
  };
  parents.forEach((_, i) => place(i));
  return order;
}

/** Rules about ids and links inside the document, given the ids the CTA has now. */
export function structureIssues(doc: CtaDocument, existing: IdSets): z.ZodIssue[] {
  const issues: z.ZodIssue[] = nulIssues(doc);
  const seen = idsOf(null);
  const fieldIds = new Set<number>();
  for (const visit of walkCta(doc)) {
    const id = visit.node.id;
    if (id) {
      if (!existing[visit.kind].has(id))
        issues.push(issueAt([...visit.path, "id"], `${KIND_LABEL[visit.kind]} ${id} is not part of this CTA`));
      else if (seen[visit.kind].has(id))
        issues.push(issueAt([...visit.path, "id"], `${KIND_LABEL[visit.kind]} ${id} appears twice`));
      seen[visit.kind].add(id);
    }
    if (visit.kind === "field" && id) fieldIds.add(id);
    if (visit.kind === "element") fieldParents(visit.node.fields, [...visit.path, "fields"], issues);
  }
  for (const visit of walkCta(doc)) {
    if (visit.kind !== "actionGroup") continue;
    const fieldId = visit.node.field_id;
    if (fieldId && !fieldIds.has(fieldId))
      issues.push(issueAt([...visit.path, "field_id"], `Field ${fieldId} is not part of this CTA`));
    issues.push(...conditionShapeIssues(visit.node.conditions, [...visit.path, "conditions"]));
  }
  return issues;
}

/** Rules about what the document points at outside itself: all must be this website's. */
export async function referenceIssues(tx: DbClient, websiteId: number, doc: CtaDocument): Promise<z.ZodIssue[]> {
  const issues: z.ZodIssue[] = [];
  if (doc.broadcast_id) {
    const broadcast = await tx.broadcast.findFirst({
      where: { id: doc.broadcast_id, websiteId },
      select: { id: true },
    });
    if (!broadcast) issues.push(issueAt(["broadcast_id"], `No broadcast ${doc.broadcast_id} on this website`));
  }
  const integrationRefs: { id: number; path: CtaNodePath }[] = [];
  const ctaRefs: { id: number; path: CtaNodePath }[] = [];
  for (const visit of walkCta(doc)) {
    if (visit.kind === "action" && visit.node.integration_id)
      integrationRefs.push({ id: visit.node.integration_id, path: [...visit.path, "integration_id"] });
    if (visit.kind === "condition" && visit.node.cta_id)
      ctaRefs.push({ id: visit.node.cta_id, path: [...visit.path, "cta_id"] });
    const next = visit.kind === "actionGroup" ? visit.node.data["confirmation-cta"] : undefined;
    if (typeof next === "number") ctaRefs.push({ id: next, path: [...visit.path, "data", "confirmation-cta"] });
  }
  if (integrationRefs.length) {
    const found = await tx.integration.findMany({
      where: { websiteId, id: { in: [...new Set(integrationRefs.map((r) => r.id))] } },
      select: { id: true },
    });
    const ok = new Set(found.map((i) => i.id));
    for (const ref of integrationRefs)
      if (!ok.has(ref.id)) issues.push(issueAt(ref.path, `No integration ${ref.id} on this website`));
  }
  const foreign = await foreignCtaIds(
    tx,
    websiteId,
    ctaRefs.map((r) => r.id),
  );
  for (const ref of ctaRefs)
    if (foreign.has(ref.id)) issues.push(issueAt(ref.path, `No CTA ${ref.id} on this website`));
  return issues;
}

/** The input as a CTA document: size-checked, parsed by the shared schema, rich text sanitized. Throws CtaValidationError. */
export function parseCtaInput(input: unknown): CtaDocument {
  let size: number;
  try {
    size = JSON.stringify(input ?? null).length;
  } catch {
    throw new CtaValidationError([issueAt([], "The CTA document must be plain JSON")]);
  }
  if (size > MAX_CTA_DOCUMENT_CHARS) {
    throw new CtaValidationError([issueAt([], `The CTA document is larger than ${MAX_CTA_DOCUMENT_CHARS} characters`)]);
  }
  const result = ctaDocumentSchema.safeParse(input);
  if (!result.success) throw new CtaValidationError(result.error.issues);
  // Every writer (editor, drafts, copies, list actions) comes through here, so no path stores unclean rich text.
  return mapRichText(result.data, sanitizeRichText);
}
