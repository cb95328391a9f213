/**
 * CTAs: the converter between the CTA document (app/lib/schema/cta.ts) and
 * its rows. A CTA is stored as rows so that events can point at a variant,
 * step or element and results can be grouped by them; so an update keeps the
 * id of every node the document still holds, creates the nodes without an id
 * and deletes the ones left out. Everything is scoped by website: an id that
 * is not this CTA's own is refused, never followed.
 */
import type { z } from "zod";
import type { Prisma } from "../db.server";
import type { Condition as ConditionRow, Cta as CtaRow } from "../generated/prisma-sqlite";
import {
  ctaDocumentSchema,
  type ActionGroup,
  type ActionGroupData,
  type CtaAction,
  type CtaColumn,
  type CtaDocument,
  type CtaElement,
  type CtaSection,
  type CtaStep,
  type CtaVariant,
  type Field,
  type FieldOption,
} from "../lib/schema/cta";
import type { Condition } from "../lib/schema/condition";
import { InputError } from "../lib/errors";
import { mapRichText } from "../lib/rich-text/document-rich-text";
import { sanitizeRichText } from "../lib/rich-text/sanitize.server";
import type { PublicCtaSummary } from "../lib/schema/public-config";
import { conditionColumns, conditionOf, conditionShapeIssues, foreignCtaIds } from "./broadcast.server";
import {
  ModelValidationError,
  NotFoundError,
  inTransaction,
  issueAt,
  nulIssues,
  nullableJson,
  recordOf,
  toJson,
  type DbClient,
} from "./website.server";

export { NotFoundError } from "./website.server";

/** A CTA document failed validation; `issues` carry the path of every problem. */
export class CtaValidationError extends ModelValidationError {
  constructor(issues: z.ZodIssue[]) {
    super(issues);
    this.name = "CtaValidationError";
  }
}

/** Documents larger than this are refused before parsing: option bags are open-ended, the row store is not. */
export const MAX_CTA_DOCUMENT_CHARS = 1_000_000;

/** A CTA in the admin's list: the header the widget's summary has (ctaHeaderOf), with its status and last change. */
export interface CtaListItem extends Omit<PublicCtaSummary, "variants" | "cta"> {
  status: CtaDocument["status"];
  /** ISO 8601 */
  updated_at: string;
}

// ---------------------------------------------------------------- rows → document

const byPosition = [{ position: "asc" as const }, { id: "asc" as const }];
const byId = { id: "asc" as const };

const groupInclude = {
  conditions: { orderBy: byPosition },
  actions: { orderBy: byId },
} satisfies Prisma.ActionGroupInclude;

const treeInclude = {
  variants: {
    orderBy: byPosition,
    include: {
      steps: {
        orderBy: byPosition,
        include: {
          actionGroups: { orderBy: byPosition, include: groupInclude },
          sections: {
            orderBy: byPosition,
            include: {
              columns: {
                orderBy: byPosition,
                include: {
                  elements: {
                    orderBy: byPosition,
                    include: {
                      fields: { orderBy: byPosition },
                      actions: { orderBy: byId },
                      actionGroups: { orderBy: byPosition, include: groupInclude },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} satisfies Prisma.CtaInclude;

type CtaTree = Prisma.CtaGetPayload<{ include: typeof treeInclude }>;
type VariantRow = CtaTree["variants"][number];
type StepRow = VariantRow["steps"][number];
type SectionRow = StepRow["sections"][number];
type ColumnRow = SectionRow["columns"][number];
type ElementRow = ColumnRow["elements"][number];
type FieldRow = ElementRow["fields"][number];
type GroupRow = StepRow["actionGroups"][number];
type ActionRow = GroupRow["actions"][number];

function recordsOrNull(value: unknown): Record<string, unknown>[] | null {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : null;
}

function actionOf(row: ActionRow): CtaAction {
  return {
    id: row.id,
    action_type: row.actionType as CtaAction["action_type"],
    tag_id: row.tagId,
    integration_id: row.integrationId,
    data: recordOf(row.data),
  };
}

function actionGroupOf(row: GroupRow & { conditions: ConditionRow[] }): ActionGroup {
  return {
    id: row.id,
    field_id: row.fieldId,
    position: row.position,
    status: row.status,
    data: recordOf(row.data) as ActionGroupData,
    conditions: row.conditions.map(conditionOf),
    actions: row.actions.map(actionOf),
  };
}

function fieldOf(row: FieldRow): Field {
  return {
    id: row.id,
    slug: row.slug,
    field_type: row.fieldType as Field["field_type"],
    position: row.position,
    // Stored documents name parents by id; parent_slug only exists to link
    // questions created in the same save.
    field_id: row.parentId,
    parent_slug: null,
    required: row.required,
    multi_select: row.multiSelect,
    value: row.value,
    url_params: row.urlParams,
    parameter: row.parameter,
    options: recordOf(row.options),
    field_options: (Array.isArray(row.fieldOptions) ? row.fieldOptions : []) as FieldOption[],
  };
}

function elementOf(row: ElementRow): CtaElement {
  return {
    id: row.id,
    position: row.position,
    element_type: row.elementType as CtaElement["element_type"],
    options: recordOf(row.options),
    fields: row.fields.map(fieldOf),
    action_groups: row.actionGroups.map(actionGroupOf),
    actions: row.actions.map(actionOf),
    product_recommendations: recordsOrNull(row.productRecommendations),
    content_toggle_items: recordsOrNull(row.contentToggleItems),
  };
}

function columnOf(row: ColumnRow): CtaColumn {
  return { id: row.id, position: row.position, options: recordOf(row.options), elements: row.elements.map(elementOf) };
}

function sectionOf(row: SectionRow): CtaSection {
  return { id: row.id, position: row.position, options: recordOf(row.options), columns: row.columns.map(columnOf) };
}

function stepOf(row: StepRow): CtaStep {
  return {
    id: row.id,
    position: row.position,
    options: recordOf(row.options) as CtaStep["options"],
    sections: row.sections.map(sectionOf),
    action_groups: row.actionGroups.map(actionGroupOf),
  };
}

function variantOf(row: VariantRow): CtaVariant {
  return {
    id: row.id,
    variation: row.variation,
    percentage: row.percentage,
    winner: row.winner,
    score: row.score,
    score_field: row.scoreField,
    options: recordOf(row.options),
    two_tap_popup: row.twoTapPopup === null ? null : recordOf(row.twoTapPopup),
    steps: row.steps.map(stepOf),
  };
}

/** The columns of a CTA row that every view of it (document, list item) shares. */
function ctaHeaderOf(row: CtaRow) {
  return {
    id: row.id,
    name: row.name,
    cta_type: row.ctaType as CtaDocument["cta_type"],
    inline_type: row.inlineType as CtaDocument["inline_type"],
    overlay_type: row.overlayType as CtaDocument["overlay_type"],
    hook_type: row.hookType as CtaDocument["hook_type"],
    bar_position: row.barPosition as CtaDocument["bar_position"],
    status: row.status as CtaDocument["status"],
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
    broadcast_id: row.broadcastId,
    options: recordOf(row.options),
  };
}

function documentOf(row: CtaTree): CtaDocument {
  return {
    ...ctaHeaderOf(row),
    test_type: row.testType as CtaDocument["test_type"],
    payload: row.payload === null ? null : recordOf(row.payload),
    variants: row.variants.map(variantOf),
  };
}

/**
 * Loads a CTA as a document, children sorted by position then id. websiteId
 * null means any website (the public route, which checks publication itself).
 */
export async function loadCtaDocument(db: DbClient, websiteId: number | null, ctaId: number): Promise<CtaDocument | null> {
  const row = await db.cta.findFirst({
    where: websiteId === null ? { id: ctaId } : { id: ctaId, websiteId },
    include: treeInclude,
  });
  return row ? documentOf(row) : null;
}

// ---------------------------------------------------------------- walking a document

type Path = (string | number)[];

type Visit =
  | { kind: "variant"; node: CtaVariant; path: Path }
  | { kind: "step"; node: CtaStep; path: Path }
  | { kind: "section"; node: CtaSection; path: Path }
  | { kind: "column"; node: CtaColumn; path: Path }
  | { kind: "element"; node: CtaElement; path: Path }
  | { kind: "field"; node: Field; path: Path }
  | { kind: "actionGroup"; node: ActionGroup; path: Path }
  | { kind: "action"; node: CtaAction; path: Path }
  | { kind: "condition"; node: Condition; path: Path };
type Kind = Visit["kind"];

const KIND_LABEL: Record<Kind, string> = {
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

function* groupVisits(groups: ActionGroup[], prefix: Path): Generator<Visit> {
  for (const [gi, group] of groups.entries()) {
    const path = [...prefix, gi];
    yield { kind: "actionGroup", node: group, path };
    for (const [ci, condition] of group.conditions.entries()) yield { kind: "condition", node: condition, path: [...path, "conditions", ci] };
    for (const [ai, action] of group.actions.entries()) yield { kind: "action", node: action, path: [...path, "actions", ai] };
  }
}

/** Every node of a document with its path, parents before children. */
function* visits(doc: CtaDocument): Generator<Visit> {
  for (const [vi, variant] of doc.variants.entries()) {
    const vp: Path = ["variants", vi];
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
            for (const [fi, field] of element.fields.entries()) yield { kind: "field", node: field, path: [...ep, "fields", fi] };
            for (const [ai, action] of element.actions.entries()) yield { kind: "action", node: action, path: [...ep, "actions", ai] };
            yield* groupVisits(element.action_groups, [...ep, "action_groups"]);
          }
        }
      }
    }
  }
}

type IdSets = Record<Kind, Set<number>>;

function idsOf(doc: CtaDocument | null): IdSets {
  const sets = Object.fromEntries(Object.keys(KIND_LABEL).map((k) => [k, new Set<number>()])) as IdSets;
  if (doc) for (const v of visits(doc)) if (v.node.id) sets[v.kind].add(v.node.id);
  return sets;
}

/**
 * Each field's parent question as an index into `fields` (null for top-level
 * questions), from field_id (an id in this element) or parent_slug (a slug in
 * this element, for sub-questions created in the same save).
 */
function fieldParents(fields: Field[], prefix: Path, issues: z.ZodIssue[]): (number | null)[] {
  const indexBySlug = new Map(fields.map((f, i) => [f.slug, i]));
  const indexById = new Map(fields.flatMap((f, i) => (f.id ? [[f.id, i] as const] : [])));
  const parents = fields.map((f, i): number | null => {
    let parent: number | null = null;
    if (f.field_id != null) {
      const j = indexById.get(f.field_id);
      if (j === undefined) issues.push(issueAt([...prefix, i, "field_id"], `Parent question ${f.field_id} is not in this element`));
      else parent = j;
    }
    if (f.parent_slug != null) {
      const j = indexBySlug.get(f.parent_slug);
      if (j === undefined) issues.push(issueAt([...prefix, i, "parent_slug"], `No question "${f.parent_slug}" in this element`));
      else if (parent !== null && parent !== j) issues.push(issueAt([...prefix, i, "parent_slug"], "field_id and parent_slug name different questions"));
      else parent = j;
    }
    if (parent === i) {
      issues.push(issueAt([...prefix, i, "field_id"], "A question cannot be its own parent"));
      return null;
    }
    return parent;
  });
  parents.forEach((_, i) => {
    let at: number | null = parents[i];
    for (let hops = 0; at !== null; hops++) {
      if (hops > fields.length) {
        issues.push(issueAt([...prefix, i, "field_id"], "Sub-questions form a loop"));
        parents[i] = null;
        break;
      }
      at = parents[at];
    }
  });
  return parents;
}

/** Field indexes with every parent before its sub-questions. */
function parentsFirst(parents: (number | null)[]): number[] {
  const order: number[] = [];
  const done = new Set<number>();
  const place = (i: number) => {
    if (done.has(i)) return;
    done.add(i);
    const parent = parents[i];
    if (parent !== null) place(parent);
    order.push(i);
  };
  parents.forEach((_, i) => place(i));
  return order;
}

// ---------------------------------------------------------------- validation

/** Rules about ids and links inside the document, given the ids the CTA has now. */
function structureIssues(doc: CtaDocument, existing: IdSets): z.ZodIssue[] {
  const issues: z.ZodIssue[] = nulIssues(doc);
  const seen = idsOf(null);
  const fieldIds = new Set<number>();
  for (const v of visits(doc)) {
    const id = v.node.id;
    if (id) {
      if (!existing[v.kind].has(id)) issues.push(issueAt([...v.path, "id"], `${KIND_LABEL[v.kind]} ${id} is not part of this CTA`));
      else if (seen[v.kind].has(id)) issues.push(issueAt([...v.path, "id"], `${KIND_LABEL[v.kind]} ${id} appears twice`));
      seen[v.kind].add(id);
    }
    if (v.kind === "field" && id) fieldIds.add(id);
    if (v.kind === "element") fieldParents(v.node.fields, [...v.path, "fields"], issues);
  }
  for (const v of visits(doc)) {
    if (v.kind !== "actionGroup") continue;
    const fieldId = v.node.field_id;
    if (fieldId && !fieldIds.has(fieldId)) issues.push(issueAt([...v.path, "field_id"], `Field ${fieldId} is not part of this CTA`));
    issues.push(...conditionShapeIssues(v.node.conditions, [...v.path, "conditions"]));
  }
  return issues;
}

/** Rules about what the document points at outside itself: all must be this website's. */
async function referenceIssues(tx: DbClient, websiteId: number, doc: CtaDocument): Promise<z.ZodIssue[]> {
  const issues: z.ZodIssue[] = [];
  if (doc.broadcast_id) {
    const broadcast = await tx.broadcast.findFirst({ where: { id: doc.broadcast_id, websiteId }, select: { id: true } });
    if (!broadcast) issues.push(issueAt(["broadcast_id"], `No broadcast ${doc.broadcast_id} on this website`));
  }
  const integrationRefs: { id: number; path: Path }[] = [];
  const ctaRefs: { id: number; path: Path }[] = [];
  for (const v of visits(doc)) {
    if (v.kind === "action" && v.node.integration_id) integrationRefs.push({ id: v.node.integration_id, path: [...v.path, "integration_id"] });
    if (v.kind === "condition" && v.node.cta_id) ctaRefs.push({ id: v.node.cta_id, path: [...v.path, "cta_id"] });
    const next = v.kind === "actionGroup" ? v.node.data["confirmation-cta"] : undefined;
    if (typeof next === "number") ctaRefs.push({ id: next, path: [...v.path, "data", "confirmation-cta"] });
  }
  if (integrationRefs.length) {
    const found = await tx.integration.findMany({
      where: { websiteId, id: { in: [...new Set(integrationRefs.map((r) => r.id))] } },
      select: { id: true },
    });
    const ok = new Set(found.map((i) => i.id));
    for (const r of integrationRefs) if (!ok.has(r.id)) issues.push(issueAt(r.path, `No integration ${r.id} on this website`));
  }
  const foreign = await foreignCtaIds(tx, websiteId, ctaRefs.map((r) => r.id));
  for (const r of ctaRefs) if (foreign.has(r.id)) issues.push(issueAt(r.path, `No CTA ${r.id} on this website`));
  return issues;
}

function parseDocument(input: unknown): CtaDocument {
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

// ---------------------------------------------------------------- document → rows

/** Updates the row when the node has an id, creates it otherwise; returns the id. */
async function saveRow(id: number | undefined, update: (id: number) => Promise<unknown>, create: () => Promise<{ id: number }>): Promise<number> {
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

async function writeAction(s: Scope, action: CtaAction, owner: { elementId: number } | { actionGroupId: number }): Promise<void> {
  const data = {
    websiteId: s.websiteId,
    ctaId: s.ctaId,
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
    (id) => s.tx.action.update({ where: { id }, data }),
    () => s.tx.action.create({ data, select: { id: true } }),
  );
}

async function writeActionGroup(s: Scope, group: ActionGroup, owner: { stepId: number } | { elementId: number }): Promise<void> {
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
    (id) => s.tx.actionGroup.update({ where: { id }, data }),
    () => s.tx.actionGroup.create({ data, select: { id: true } }),
  );
  for (const condition of group.conditions) {
    const row = { ...conditionColumns(condition), websiteId: s.websiteId, actionGroupId: groupId, broadcastId: null };
    await saveRow(
      condition.id,
      (id) => s.tx.condition.update({ where: { id }, data: row }),
      () => s.tx.condition.create({ data: row, select: { id: true } }),
    );
  }
  for (const action of group.actions) await writeAction(s, action, { actionGroupId: groupId });
}

async function writeFields(s: Scope, fields: Field[], elementId: number): Promise<void> {
  const parents = fieldParents(fields, [], []);
  const ids: number[] = [];
  for (const i of parentsFirst(parents)) {
    const f = fields[i];
    const parent = parents[i];
    const data = {
      elementId,
      parentId: parent === null ? null : ids[parent],
      slug: f.slug,
      fieldType: f.field_type,
      position: f.position,
      required: f.required,
      multiSelect: f.multi_select,
      value: f.value ?? null,
      urlParams: f.url_params,
      parameter: f.parameter ?? null,
      options: toJson(f.options),
      fieldOptions: toJson(f.field_options),
    };
    ids[i] = await saveRow(
      f.id,
      (id) => s.tx.ctaField.update({ where: { id }, data }),
      () => s.tx.ctaField.create({ data, select: { id: true } }),
    );
  }
}

async function writeElement(s: Scope, element: CtaElement, columnId: number): Promise<void> {
  const data = {
    columnId,
    position: element.position,
    elementType: element.element_type,
    options: toJson(element.options),
    productRecommendations: nullableJson(s.tx, element.product_recommendations),
    contentToggleItems: nullableJson(s.tx, element.content_toggle_items),
  };
  const elementId = await saveRow(
    element.id,
    (id) => s.tx.ctaElement.update({ where: { id }, data }),
    () => s.tx.ctaElement.create({ data, select: { id: true } }),
  );
  await writeFields(s, element.fields, elementId);
  for (const action of element.actions) await writeAction(s, action, { elementId });
  for (const group of element.action_groups) await writeActionGroup(s, group, { elementId });
}

async function writeStep(s: Scope, step: CtaStep, variantId: number): Promise<void> {
  const data = { variantId, position: step.position, options: toJson(step.options) };
  const stepId = await saveRow(
    step.id,
    (id) => s.tx.ctaStep.update({ where: { id }, data }),
    () => s.tx.ctaStep.create({ data, select: { id: true } }),
  );
  for (const group of step.action_groups) await writeActionGroup(s, group, { stepId });
  for (const section of step.sections) {
    const sectionData = { stepId, position: section.position, options: toJson(section.options) };
    const sectionId = await saveRow(
      section.id,
      (id) => s.tx.ctaSection.update({ where: { id }, data: sectionData }),
      () => s.tx.ctaSection.create({ data: sectionData, select: { id: true } }),
    );
    for (const column of section.columns) {
      const columnData = { sectionId, position: column.position, options: toJson(column.options) };
      const columnId = await saveRow(
        column.id,
        (id) => s.tx.ctaColumn.update({ where: { id }, data: columnData }),
        () => s.tx.ctaColumn.create({ data: columnData, select: { id: true } }),
      );
      for (const element of column.elements) await writeElement(s, element, columnId);
    }
  }
}

async function writeVariant(s: Scope, variant: CtaVariant, position: number): Promise<void> {
  const data = {
    ctaId: s.ctaId,
    // The document has no variant position: its order is the position.
    position,
    variation: variant.variation,
    percentage: variant.percentage,
    winner: variant.winner,
    score: variant.score ?? null,
    scoreField: variant.score_field ?? null,
    options: toJson(variant.options),
    twoTapPopup: nullableJson(s.tx, variant.two_tap_popup),
  };
  const variantId = await saveRow(
    variant.id,
    (id) => s.tx.ctaVariant.update({ where: { id }, data }),
    () => s.tx.ctaVariant.create({ data, select: { id: true } }),
  );
  for (const step of variant.steps) await writeStep(s, step, variantId);
}

/** Deletes the nodes the CTA had that the document left out, leaves first. */
async function deleteMissing(tx: Prisma.TransactionClient, existing: IdSets, kept: IdSets): Promise<void> {
  const missing = (kind: Kind) => ({ id: { in: [...existing[kind]].filter((id) => !kept[kind].has(id)) } });
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
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function sameContent(a: CtaDocument, b: CtaDocument): boolean {
  return canonical({ ...a, published_at: null }) === canonical({ ...b, published_at: null });
}

/** Writes a parsed document inside a transaction; returns the stored document. */
async function writeDocument(tx: Prisma.TransactionClient, websiteId: number, doc: CtaDocument, opts: SaveOptions = {}): Promise<CtaDocument> {
  const before = doc.id ? await loadCtaDocument(tx, websiteId, doc.id) : null;
  if (doc.id && !before) throw new NotFoundError("CTA", doc.id);
  const existing = idsOf(before);
  const issues = [...structureIssues(doc, existing), ...(await referenceIssues(tx, websiteId, doc))];
  if (issues.length) throw new CtaValidationError(issues);

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

  const scope: Scope = { tx, websiteId, ctaId };
  for (const [position, variant] of doc.variants.entries()) await writeVariant(scope, variant, position);
  await deleteMissing(tx, existing, idsOf(doc));

  const after = (await loadCtaDocument(tx, websiteId, ctaId))!;
  // A published CTA whose content changed gets a new published_at: browsers
  // drop cached definitions older than it (SPEC section 9), so visitors see
  // the edit at once instead of after the 7-day cache lifetime.
  if (before && doc.status === "published" && (before.status !== "published" || !sameContent(before, after))) {
    const publishedAt = new Date();
    await tx.cta.update({ where: { id: ctaId }, data: { publishedAt } });
    after.published_at = publishedAt.toISOString();
  }
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
export async function saveCtaDocument(db: DbClient, websiteId: number, input: unknown, opts: SaveOptions = {}): Promise<CtaDocument> {
  const doc = parseDocument(input);
  try {
    return await inTransaction(db, (tx) => writeDocument(tx, websiteId, doc, opts));
  } catch (e) {
    // Two editors saving the same CTA at once: the later one may update a
    // node the earlier one just deleted (Prisma P2025). Ask for a reload.
    if ((e as { code?: unknown } | null)?.code === "P2025") {
      throw new InputError("This CTA was changed while you saved it; reload it and try again", null, 409);
    }
    throw e;
  }
}

// ---------------------------------------------------------------- status, copies, lists


function listItemOf(row: CtaRow): CtaListItem {
  return { ...ctaHeaderOf(row), updated_at: row.updatedAt.toISOString() };
}

async function setStatus(db: DbClient, websiteId: number, ctaId: number, data: Prisma.CtaUpdateManyMutationInput): Promise<CtaListItem> {
  const { count } = await db.cta.updateMany({ where: { id: ctaId, websiteId }, data });
  if (count === 0) throw new NotFoundError("CTA", ctaId);
  return listItemOf((await db.cta.findUniqueOrThrow({ where: { id: ctaId } })));
}

/** Publishes a CTA; published_at = now, so browsers drop their cached copies. */
export function publishCta(db: DbClient, websiteId: number, ctaId: number): Promise<CtaListItem> {
  return setStatus(db, websiteId, ctaId, { status: "published", publishedAt: new Date() });
}

/** Archives a CTA: the widget stops receiving it; its rows and results stay, unpublished edits of it are dropped. */
export function archiveCta(db: DbClient, websiteId: number, ctaId: number): Promise<CtaListItem> {
  return setStatus(db, websiteId, ctaId, { status: "archived", draft: nullableJson(db, null) });
}

// ---------------------------------------------------------------- drafts of published CTAs
// Saving a published CTA in the editor stores the document in Cta.draft and
// leaves the rows (what the widget, the CTA files and results read) alone
// until the owner publishes it.

/** What the editor opens: the draft of a published CTA when it has one, else the stored CTA. */
export interface EditorCta {
  cta: CtaDocument;
  hasDraft: boolean;
}

/** A stored draft as a document, or null; one the schema no longer accepts is ignored rather than locking the editor. */
function draftOf(json: unknown, stored: CtaDocument): CtaDocument | null {
  if (json === null || json === undefined) return null;
  try {
    return { ...parseDocument(json), id: stored.id, status: stored.status, published_at: stored.published_at };
  } catch {
    return null;
  }
}

/** Loads a CTA for the editor: a published CTA's pending draft, or the stored rows. */
export async function loadCtaForEditor(db: DbClient, websiteId: number, ctaId: number): Promise<EditorCta | null> {
  const row = await db.cta.findFirst({ where: { id: ctaId, websiteId }, select: { status: true, draft: true } });
  if (!row) return null;
  const stored = (await loadCtaDocument(db, websiteId, ctaId))!;
  const draft = row.status === "published" ? draftOf(row.draft, stored) : null;
  return draft ? { cta: draft, hasDraft: true } : { cta: stored, hasDraft: false };
}

/**
 * Stores an edited document of a published CTA as its draft, validated as a
 * save would be; visitors keep the published rows. A document equal to the
 * published one drops the draft. Returns null when the CTA is not published
 * (its rows are then saved directly). Throws CtaValidationError or NotFoundError.
 */
export async function saveCtaDraft(db: DbClient, websiteId: number, ctaId: number, input: unknown): Promise<EditorCta | null> {
  const parsed = parseDocument(input);
  return inTransaction(db, async (tx) => {
    const before = await loadCtaDocument(tx, websiteId, ctaId);
    if (!before) throw new NotFoundError("CTA", ctaId);
    if (before.status !== "published") return null;
    const draft: CtaDocument = { ...parsed, id: ctaId, status: "published", published_at: before.published_at };
    const issues = [...structureIssues(draft, idsOf(before)), ...(await referenceIssues(tx, websiteId, draft))];
    if (issues.length) throw new CtaValidationError(issues);
    const unchanged = sameContent(before, draft);
    await tx.cta.update({ where: { id: ctaId }, data: { draft: unchanged ? nullableJson(tx, null) : toJson(draft) } });
    return unchanged ? { cta: before, hasDraft: false } : { cta: draft, hasDraft: true };
  });
}

/** Drops a CTA's pending draft; returns the stored (published) document. */
export async function discardCtaDraft(db: DbClient, websiteId: number, ctaId: number): Promise<CtaDocument> {
  const { count } = await db.cta.updateMany({ where: { id: ctaId, websiteId }, data: { draft: nullableJson(db, null) } });
  if (count === 0) throw new NotFoundError("CTA", ctaId);
  return (await loadCtaDocument(db, websiteId, ctaId))!;
}

/** The document with every id removed; sub-questions then name their parent by slug. */
function withoutIds(doc: CtaDocument): CtaDocument {
  const copy = structuredClone(doc);
  for (const v of visits(copy)) {
    if (v.kind === "element") {
      const slugById = new Map(v.node.fields.map((f) => [f.id, f.slug]));
      for (const f of v.node.fields) {
        if (f.field_id) f.parent_slug = slugById.get(f.field_id) ?? null;
        f.field_id = null;
      }
    }
    // Re-linked to the copy's own fields once they exist (relinkCopy).
    if (v.kind === "actionGroup") v.node.field_id = null;
  }
  for (const v of visits(copy)) delete v.node.id;
  delete copy.id;
  return copy;
}

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
            for (const f of element.fields) fieldMap.set(f.id!, idBySlug.get(f.slug)!);
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
  for (const v of visits(next)) {
    if (v.kind !== "field") continue;
    v.node.field_options = v.node.field_options.map((o) => ({
      ...o,
      ...(o.jump_field_id != null ? { jump_field_id: mapped(o.jump_field_id, fieldMap) } : {}),
      ...(o.step_id != null ? { step_id: mapped(o.step_id, stepMap) } : {}),
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
    const copy = { ...withoutIds(original), name: original.name.slice(0, 200 - suffix.length) + suffix, status: "draft" as const, published_at: null };
    const created = await writeDocument(tx, websiteId, copy);
    const relinked = relinkCopy(original, created);
    return relinked ? writeDocument(tx, websiteId, relinked) : created;
  });
}

/** A website's CTAs, oldest first; optionally only those with one status. */
export async function listCtas(db: DbClient, websiteId: number, filter: { status?: CtaDocument["status"] } = {}): Promise<CtaListItem[]> {
  const rows = await db.cta.findMany({ where: { websiteId, ...(filter.status ? { status: filter.status } : {}) }, orderBy: { id: "asc" } });
  return rows.map(listItemOf);
}

/** What the widget needs to decide whether and when to show each published CTA. */
export async function listPublishedCtaSummaries(db: DbClient, websiteId: number): Promise<PublicCtaSummary[]> {
  const rows = await db.cta.findMany({
    where: { websiteId, status: "published" },
    orderBy: { id: "asc" },
    include: { variants: { orderBy: byPosition, select: { id: true, variation: true, percentage: true } } },
  });
  return rows.map((row) => {
    // Every summary here is published: the widget is not told the status.
    const { status: _published, ...header } = ctaHeaderOf(row);
    return { ...header, variants: row.variants };
  });
}
