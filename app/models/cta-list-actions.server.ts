/**
 * Which list or tag each CTA element sends its leads to, as the integrations
 * page shows and edits them. Changes are saved through the CTA document, so
 * every CTA rule still holds.
 */
import type { Db } from "#app/db.server";
import type { CtaAction, CtaDocument, CtaElement } from "#contract/schema/cta";
import { InputError } from "#app/server/input-error";
import { asRecord } from "#contract/json-record";
import { LIST_ACTION_TYPES } from "./lead-sync.server";
import { loadCtaDocument, saveCtaDocument } from "./cta.server";
import { ownIntegration } from "./integration-admin.server";
import { NotFoundError } from "./model-kit.server";

/** List and tag actions an owner can add to an element here, with what each needs. */
export const LIST_ACTION_CHOICES = [
  { type: "subscribe_list", label: "Subscribe to list", needs: "list" },
  { type: "unsubscribe_list", label: "Unsubscribe from list", needs: "list" },
  { type: "add_tag", label: "Add tag", needs: "tag" },
  { type: "remove_tag", label: "Remove tag", needs: "tag" },
  { type: "add_list_tag", label: "Add tag within list", needs: "both" },
] as const;
export type ListActionType = (typeof LIST_ACTION_CHOICES)[number]["type"];

/** Element types that collect contacts (their submissions run list actions). */
const COLLECTING_ELEMENTS = new Set(["form", "quiz", "survey"]);

export interface ElementActions {
  elementId: number;
  elementType: string;
  /** Where the element is: its variant (when the CTA has several) and step, for the page to name in the owner's language. */
  variant: number | null;
  step: number;
  actions: {
    id: number;
    actionType: string;
    integrationId: number | null;
    /** The tool's name as its owner named it; null for Beckon's own lists. */
    integrationName: string | null;
    listId: string | null;
    listName: string | null;
    tag: string | null;
    /** Inside a conditional action group (edited in the CTA editor, shown here). */
    conditional: boolean;
  }[];
}

export interface CtaListSettings {
  ctaId: number;
  name: string;
  status: string;
  elements: ElementActions[];
}

function* elementsOf(doc: CtaDocument): Generator<{ element: CtaElement; variant: string; step: number }> {
  for (const variant of doc.variants) {
    for (const [si, step] of variant.steps.entries()) {
      for (const section of step.sections)
        for (const column of section.columns)
          for (const element of column.elements) yield { element, variant: variant.variation, step: si + 1 };
    }
  }
}

function tagOf(action: CtaAction): string | null {
  const data = asRecord(action.data);
  for (const candidate of [action.tag_id, data.tag, data.tag_name])
    if (typeof candidate === "string" && candidate.trim()) return candidate.trim();
  return null;
}

function listOf(action: CtaAction): string | null {
  const raw = asRecord(action.data).list_id;
  return typeof raw === "string" && raw.trim() ? raw.trim() : typeof raw === "number" ? String(raw) : null;
}

const isListAction = (a: CtaAction) => (LIST_ACTION_TYPES as readonly string[]).includes(a.action_type);

/** For every CTA: the elements that collect leads and the lists and tags each sends them to. */
export async function ctaListSettings(db: Db, websiteId: number): Promise<CtaListSettings[]> {
  const [ctas, integrations, lists] = await Promise.all([
    db.cta.findMany({
      where: { websiteId, status: { not: "archived" } },
      orderBy: { id: "asc" },
      select: { id: true },
    }),
    db.integration.findMany({ where: { websiteId }, select: { id: true, name: true, integrationType: true } }),
    db.mailingList.findMany({ where: { websiteId }, select: { integrationId: true, listId: true, name: true } }),
  ]);
  const integrationName = new Map(integrations.map((i) => [i.id, i.name]));
  const builtin = integrations.find((i) => i.integrationType === "builtin");
  const listName = new Map(lists.map((l) => [`${l.integrationId}:${l.listId}`, l.name]));
  const out: CtaListSettings[] = [];
  for (const { id } of ctas) {
    const doc = await loadCtaDocument(db, websiteId, id);
    if (!doc) continue;
    const elements: ElementActions[] = [];
    for (const { element, variant, step } of elementsOf(doc)) {
      const direct = element.actions.filter(isListAction).map((a) => ({ a, conditional: false }));
      const grouped = element.action_groups.flatMap((g) =>
        g.actions.filter(isListAction).map((a) => ({ a, conditional: true })),
      );
      if (!COLLECTING_ELEMENTS.has(element.element_type) && direct.length + grouped.length === 0) continue;
      elements.push({
        elementId: element.id!,
        elementType: element.element_type,
        variant: doc.variants.length > 1 ? Number(variant) : null,
        step: Number(step),
        actions: [...direct, ...grouped].map(({ a: action, conditional }) => {
          const integrationId = action.integration_id ?? builtin?.id ?? null;
          const listId = listOf(action);
          return {
            id: action.id!,
            actionType: action.action_type,
            integrationId,
            integrationName:
              integrationId !== null ? (integrationName.get(integrationId) ?? `#${integrationId}`) : null,
            listId,
            listName: listId && integrationId !== null ? (listName.get(`${integrationId}:${listId}`) ?? null) : null,
            tag: tagOf(action),
            conditional,
          };
        }),
      });
    }
    if (elements.length) out.push({ ctaId: doc.id!, name: doc.name, status: doc.status, elements });
  }
  return out;
}

export interface ElementActionInput {
  actionType: string;
  integrationId: number;
  listId?: string | null;
  tag?: string | null;
}

/** Adds a list or tag action to one element of a CTA (saved through the CTA document, so every CTA rule holds). */
export async function addElementAction(
  db: Db,
  websiteId: number,
  ctaId: number,
  elementId: number,
  input: ElementActionInput,
): Promise<void> {
  const choice = LIST_ACTION_CHOICES.find((c) => c.type === input.actionType);
  if (!choice) throw new InputError("Choose what to do with the lead", "actionType");
  const integration = await ownIntegration(db, websiteId, input.integrationId);
  const listId = input.listId?.trim() || null;
  const tag = input.tag?.trim().slice(0, 200) || null;
  if (choice.needs !== "tag") {
    if (!listId) throw new InputError("Choose a list", "listId");
    const list = await db.mailingList.findFirst({ where: { websiteId, integrationId: integration.id, listId } });
    if (!list) throw new InputError(`List ${listId} is not one of ${integration.name}'s lists; add it first`, "listId");
  }
  if (choice.needs !== "list" && !tag) throw new InputError("Enter a tag", "tag");
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  const found = [...elementsOf(doc)].find((e) => e.element.id === elementId);
  if (!found) throw new NotFoundError("element", elementId);
  const duplicate = found.element.actions.some(
    (action) =>
      action.action_type === choice.type &&
      (action.integration_id ?? null) === integration.id &&
      listOf(action) === listId &&
      tagOf(action) === tag,
  );
  if (duplicate) return;
  found.element.actions.push({
    action_type: choice.type,
    integration_id: integration.id,
    tag_id: choice.needs === "list" ? null : tag,
    data: choice.needs === "tag" ? {} : { list_id: listId },
  });
  await saveCtaDocument(db, websiteId, doc);
}

/** Removes one list or tag action from a CTA. */
export async function removeElementAction(db: Db, websiteId: number, ctaId: number, actionId: number): Promise<void> {
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  let removed = false;
  for (const { element } of elementsOf(doc)) {
    const keep = (a: CtaAction) => {
      const drop = a.id === actionId && isListAction(a);
      removed ||= drop;
      return !drop;
    };
    element.actions = element.actions.filter(keep);
    for (const group of element.action_groups) group.actions = group.actions.filter(keep);
  }
  if (!removed) throw new NotFoundError("action", actionId);
  await saveCtaDocument(db, websiteId, doc);
}
