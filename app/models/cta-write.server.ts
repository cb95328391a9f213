/**
 * CTA document → rows, in one transaction: the CTA row, then each node in
 * document order (a node with an id updates its row, one without is created),
 * then the rows the document left out are deleted, leaves first. A published
 * CTA whose content changed gets a new published_at.
 */
import type { Prisma } from "#app/db.server";
import type { ActionGroup, CtaAction, CtaDocument, CtaElement, CtaStep, CtaVariant, Field } from "#contract/schema/cta";
import type { CtaNodeKind } from "#contract/schema/cta-walk";
import { linksWithinVariants } from "#contract/schema/cta-copy";
import { InputError } from "#app/server/input-error";
import { conditionColumns } from "./broadcast.server";
import { loadCtaDocument } from "./cta-rows.server";
import {
  CtaValidationError,
  fieldParents,
  idsOf,
  parentsFirst,
  parseCtaInput,
  referenceIssues,
  structureIssues,
  type IdSets,
} from "./cta-validation.server";
import { NotFoundError, inTransaction, nullableJson, toJson, type DbClient } from "./model-kit.server";
import { isRecord } from "#contract/json-record";
import { sitesChanged } from "./site-publication.server";
import { abTestToStore } from "./ab-test-start";
import { madeCodesOutdated, uniqueCodesToStore } from "./discount-codes/settings";

/** Updates the row when the node has an id, creates it otherwise; returns the id. */
async function saveRow(
  id: number | undefined,
  update: (id: number) => Promise<unknown>,
  create: () => Promise<{ id: number }>,
): Promise<number> {
  if (id) {
    await update(id);
    return id;
  }
  return (await create()).id;
}

interface Scope {
  tx: Prisma.TransactionClient;
  websiteId: number;
  ctaId: number;
}

async function writeAction(
  scope: Scope,
  action: CtaAction,
  owner: { elementId: number } | { actionGroupId: number },
): Promise<void> {
  const data = {
    websiteId: scope.websiteId,
    ctaId: scope.ctaId,
    actionType: action.action_type,
    tagId: action.tag_id ?? null,
    integrationId: action.integration_id ?? null,
    data: toJson(action.data),
    contactableType: "elementId" in owner ? "Element" : "ActionGroup",
    elementId: "elementId" in owner ? owner.elementId : null,
    actionGroupId: "actionGroupId" in owner ? owner.actionGroupId : null,
    broadcastId: null,
  };
  await saveRow(
    action.id,
    (id) => scope.tx.action.update({ where: { id }, data }),
    () => scope.tx.action.create({ data, select: { id: true } }),
  );
}

async function writeActionGroup(
  scope: Scope,
  group: ActionGroup,
  owner: { stepId: number } | { elementId: number },
): Promise<void> {
  const data = {
    stepId: "stepId" in owner ? owner.stepId : null,
    elementId: "elementId" in owner ? owner.elementId : null,
    fieldId: group.field_id ?? null,
    position: group.position,
    status: group.status,
    data: toJson(group.data),
  };
  const groupId = await saveRow(
    group.id,
    (id) => scope.tx.actionGroup.update({ where: { id }, data }),
    () => scope.tx.actionGroup.create({ data, select: { id: true } }),
  );
  for (const condition of group.conditions) {
    const row = {
      ...conditionColumns(condition),
      websiteId: scope.websiteId,
      actionGroupId: groupId,
      broadcastId: null,
    };
    await saveRow(
      condition.id,
      (id) => scope.tx.condition.update({ where: { id }, data: row }),
      () => scope.tx.condition.create({ data: row, select: { id: true } }),
    );
  }
  for (const action of group.actions) await writeAction(scope, action, { actionGroupId: groupId });
}

async function writeFields(scope: Scope, fields: Field[], elementId: number): Promise<void> {
  const parents = fieldParents(fields, [], []);
  const ids: number[] = [];
  for (const index of parentsFirst(parents)) {
    const field = fields[index];
    const parent = parents[index];
    const data = {
      elementId,
      parentId: parent === null ? null : ids[parent],
      slug: field.slug,
      fieldType: field.field_type,
      position: field.position,
      required: field.required,
      multiSelect: field.multi_select,
      value: field.value ?? null,
      urlParams: field.url_params,
      parameter: field.parameter ?? null,
      options: toJson(field.options),
      fieldOptions: toJson(field.field_options),
    };
    ids[index] = await saveRow(
      field.id,
      (id) => scope.tx.ctaField.update({ where: { id }, data }),
      () => scope.tx.ctaField.create({ data, select: { id: true } }),
    );
  }
}

async function writeElement(scope: Scope, element: CtaElement, columnId: number): Promise<void> {
  const data = {
    columnId,
    position: element.position,
    elementType: element.element_type,
    options: toJson(element.options),
    productRecommendations: nullableJson(scope.tx, element.product_recommendations),
    contentToggleItems: nullableJson(scope.tx, element.content_toggle_items),
  };
  const elementId = await saveRow(
    element.id,
    (id) => scope.tx.ctaElement.update({ where: { id }, data }),
    () => scope.tx.ctaElement.create({ data, select: { id: true } }),
  );
  await writeFields(scope, element.fields, elementId);
  for (const action of element.actions) await writeAction(scope, action, { elementId });
  for (const group of element.action_groups) await writeActionGroup(scope, group, { elementId });
}

async function writeStep(scope: Scope, step: CtaStep, variantId: number): Promise<void> {
  const data = { variantId, position: step.position, options: toJson(step.options) };
  const stepId = await saveRow(
    step.id,
    (id) => scope.tx.ctaStep.update({ where: { id }, data }),
    () => scope.tx.ctaStep.create({ data, select: { id: true } }),
  );
  for (const group of step.action_groups) await writeActionGroup(scope, group, { stepId });
  for (const section of step.sections) {
    const sectionData = { stepId, position: section.position, options: toJson(section.options) };
    const sectionId = await saveRow(
      section.id,
      (id) => scope.tx.ctaSection.update({ where: { id }, data: sectionData }),
      () => scope.tx.ctaSection.create({ data: sectionData, select: { id: true } }),
    );
    for (const column of section.columns) {
      const columnData = { sectionId, position: column.position, options: toJson(column.options) };
      const columnId = await saveRow(
        column.id,
        (id) => scope.tx.ctaColumn.update({ where: { id }, data: columnData }),
        () => scope.tx.ctaColumn.create({ data: columnData, select: { id: true } }),
      );
      for (const element of column.elements) await writeElement(scope, element, columnId);
    }
  }
}

async function writeVariant(scope: Scope, variant: CtaVariant, position: number): Promise<void> {
  const data = {
    ctaId: scope.ctaId,
    // The document has no variant position: its order is the position.
    position,
    variation: variant.variation,
    percentage: variant.percentage,
    winner: variant.winner,
    score: variant.score ?? null,
    scoreField: variant.score_field ?? null,
    options: toJson(variant.options),
    twoTapPopup: nullableJson(scope.tx, variant.two_tap_popup),
  };
  const variantId = await saveRow(
    variant.id,
    (id) => scope.tx.ctaVariant.update({ where: { id }, data }),
    () => scope.tx.ctaVariant.create({ data, select: { id: true } }),
  );
  for (const step of variant.steps) await writeStep(scope, step, variantId);
}

/** Deletes the nodes the CTA had that the document left out, leaves first. */
async function deleteMissing(tx: Prisma.TransactionClient, existing: IdSets, kept: IdSets): Promise<void> {
  const missing = (kind: CtaNodeKind) => ({ id: { in: [...existing[kind]].filter((id) => !kept[kind].has(id)) } });
  await tx.condition.deleteMany({ where: missing("condition") });
  await tx.action.deleteMany({ where: missing("action") });
  await tx.actionGroup.deleteMany({ where: missing("actionGroup") });
  await tx.ctaField.deleteMany({ where: missing("field") });
  await tx.ctaElement.deleteMany({ where: missing("element") });
  await tx.ctaColumn.deleteMany({ where: missing("column") });
  await tx.ctaSection.deleteMany({ where: missing("section") });
  await tx.ctaStep.deleteMany({ where: missing("step") });
  await tx.ctaVariant.deleteMany({ where: missing("variant") });
}

/** JSON with sorted keys, so documents compare equal whatever order a database keeps object keys in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    isRecord(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested,
  );
}

/** Whether two documents say the same, whenever they were published. */
export function sameContent(a: CtaDocument, b: CtaDocument): boolean {
  return canonical({ ...a, published_at: null }) === canonical({ ...b, published_at: null });
}

/** Writes a parsed document inside a transaction; returns the stored document. */
export async function writeDocument(
  tx: Prisma.TransactionClient,
  websiteId: number,
  doc: CtaDocument,
  opts: SaveOptions = {},
): Promise<CtaDocument> {
  const before = doc.id ? await loadCtaDocument(tx, websiteId, doc.id) : null;
  if (doc.id && !before) throw new NotFoundError("CTA", doc.id);
  const existing = idsOf(before);
  const issues = [...structureIssues(doc, existing), ...(await referenceIssues(tx, websiteId, doc))];
  if (issues.length) throw new CtaValidationError(issues);

  const test = abTestToStore(before, doc, new Date());
  const columns = {
    name: doc.name,
    ctaType: doc.cta_type,
    inlineType: doc.inline_type ?? null,
    overlayType: doc.overlay_type ?? null,
    hookType: doc.hook_type ?? null,
    barPosition: doc.bar_position ?? null,
    status: doc.status,
    broadcastId: doc.broadcast_id ?? null,
    testType: doc.test_type ?? null,
    options: toJson(doc.options),
    payload: nullableJson(tx, doc.payload),
    abTest: nullableJson(tx, test.abTest),
    uniqueCodes: nullableJson(tx, uniqueCodesToStore(before, doc)),
    // A new test has no winner yet and no bandit move to wait for.
    ...(test.restarted ? { abDecidedAt: null, abWeighedAt: null } : {}),
    // The editor's own save: the rows now hold what the owner sent, so a pending draft is applied.
    ...(opts.replacesDraft ? { draft: nullableJson(tx, null) } : {}),
  };
  const ctaId = doc.id
    ? (await tx.cta.update({ where: { id: doc.id }, data: columns, select: { id: true } })).id
    : (
        await tx.cta.create({
          data: { ...columns, websiteId, publishedAt: doc.status === "published" ? new Date() : null },
          select: { id: true },
        })
      ).id;

  // Codes made in the shop for older terms are not handed out any more (the top-up makes new ones).
  if (madeCodesOutdated(before, doc))
    await tx.discountCode.updateMany({
      where: { ctaId, source: "shopify", status: "available" },
      data: { status: "retired" },
    });

  const scope: Scope = { tx, websiteId, ctaId };
  for (const [position, variant] of doc.variants.entries()) await writeVariant(scope, variant, position);
  await deleteMissing(tx, existing, idsOf(doc));

  let after = (await loadCtaDocument(tx, websiteId, ctaId))!;
  // A variant copied in the editor links to the original's steps and questions until both have ids: moved to its own.
  const relinked = linksWithinVariants(after);
  if (relinked) {
    for (const [position, variant] of relinked.variants.entries()) await writeVariant(scope, variant, position);
    after = (await loadCtaDocument(tx, websiteId, ctaId))!;
  }
  // A published CTA whose content changed gets a new published_at: browsers
  // drop cached definitions older than it (SPEC section 9), so visitors see
  // the edit at once instead of after the 7-day cache lifetime.
  if (before && doc.status === "published" && (before.status !== "published" || !sameContent(before, after))) {
    const publishedAt = new Date();
    await tx.cta.update({ where: { id: ctaId }, data: { publishedAt } });
    after.published_at = publishedAt.toISOString();
  }
  // What visitors get is built from these rows: publish the change once the transaction commits.
  await sitesChanged(tx);
  return after;
}

/** How a save treats a published CTA's pending draft (Cta.draft). */
export interface SaveOptions {
  /**
   * The document is the editor's (publish, unpublish, or a save of an
   * unpublished CTA) and replaces any draft. Other writers (a declared
   * winner, a list action added from the integrations page) change the live
   * rows and leave the owner's unpublished edits alone.
   */
  replacesDraft?: boolean;
}

/**
 * Validates a CTA document and stores it in one transaction: creates the CTA
 * when it has no id, otherwise updates the website's CTA with that id (ids
 * of kept nodes stay, nodes without id are created, missing ones deleted).
 * published_at is the server's: set when the CTA becomes published or a
 * published CTA's content changes. Throws CtaValidationError or NotFoundError.
 */
export async function saveCtaDocument(
  db: DbClient,
  websiteId: number,
  input: unknown,
  opts: SaveOptions = {},
): Promise<CtaDocument> {
  const doc = parseCtaInput(input);
  try {
    return await inTransaction(db, (tx) => writeDocument(tx, websiteId, doc, opts));
  } catch (error) {
    // Two editors saving the same CTA at once: the later one may update a
    // node the earlier one just deleted (Prisma P2025). Ask for a reload.
    if ((error as { code?: unknown } | null)?.code === "P2025") {
      throw new InputError("This CTA was changed while you saved it; reload it and try again", null, 409);
    }
    throw error;
  }
}
