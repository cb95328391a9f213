/**
 * CTA rows → CTA document: the one query that loads a CTA's whole tree
 * (children sorted by position, then id) and the converters from each row
 * to its node of the document (contract/schema/cta.ts).
 */
import type { Prisma } from "#app/db.server";
import type { Condition as ConditionRow, Cta as CtaRow } from "#app/generated/prisma-sqlite";
import type {
  ActionGroup,
  ActionGroupData,
  CtaAction,
  CtaColumn,
  CtaDocument,
  CtaElement,
  CtaSection,
  CtaStep,
  CtaVariant,
  Field,
  FieldOption,
} from "#contract/schema/cta";
import { conditionOf } from "./broadcast.server";
import { type DbClient } from "./model-kit.server";
import { asRecord } from "#contract/json-record";

/** Children in document order: by position, ties by age. */
export const byPosition = [{ position: "asc" as const }, { id: "asc" as const }];
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
    data: asRecord(row.data),
  };
}

function actionGroupOf(row: GroupRow & { conditions: ConditionRow[] }): ActionGroup {
  return {
    id: row.id,
    field_id: row.fieldId,
    position: row.position,
    status: row.status,
    data: asRecord(row.data) as ActionGroupData,
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
    options: asRecord(row.options),
    field_options: (Array.isArray(row.fieldOptions) ? row.fieldOptions : []) as FieldOption[],
  };
}

function elementOf(row: ElementRow): CtaElement {
  return {
    id: row.id,
    position: row.position,
    element_type: row.elementType as CtaElement["element_type"],
    options: asRecord(row.options),
    fields: row.fields.map(fieldOf),
    action_groups: row.actionGroups.map(actionGroupOf),
    actions: row.actions.map(actionOf),
    product_recommendations: recordsOrNull(row.productRecommendations),
    content_toggle_items: recordsOrNull(row.contentToggleItems),
  };
}

function columnOf(row: ColumnRow): CtaColumn {
  return { id: row.id, position: row.position, options: asRecord(row.options), elements: row.elements.map(elementOf) };
}

function sectionOf(row: SectionRow): CtaSection {
  return { id: row.id, position: row.position, options: asRecord(row.options), columns: row.columns.map(columnOf) };
}

function stepOf(row: StepRow): CtaStep {
  return {
    id: row.id,
    position: row.position,
    options: asRecord(row.options) as CtaStep["options"],
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
    options: asRecord(row.options),
    two_tap_popup: row.twoTapPopup === null ? null : asRecord(row.twoTapPopup),
    steps: row.steps.map(stepOf),
  };
}

/** The columns of a CTA row that every view of it (document, list item) shares. */
export function ctaHeaderOf(row: CtaRow) {
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
    options: asRecord(row.options),
  };
}

function documentOf(row: CtaTree): CtaDocument {
  return {
    ...ctaHeaderOf(row),
    test_type: row.testType as CtaDocument["test_type"],
    ab_test: row.abTest === null ? null : (row.abTest as CtaDocument["ab_test"]),
    unique_codes: row.uniqueCodes === null ? null : (row.uniqueCodes as CtaDocument["unique_codes"]),
    payload: row.payload === null ? null : asRecord(row.payload),
    variants: row.variants.map(variantOf),
  };
}

/**
 * Loads a CTA as a document, children sorted by position then id. websiteId
 * null means any website (the public route, which checks publication itself).
 */
export async function loadCtaDocument(
  db: DbClient,
  websiteId: number | null,
  ctaId: number,
): Promise<CtaDocument | null> {
  const row = await db.cta.findFirst({
    where: websiteId === null ? { id: ctaId } : { id: ctaId, websiteId },
    include: treeInclude,
  });
  return row ? documentOf(row) : null;
}
