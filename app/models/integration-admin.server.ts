/**
 * The owner's side of e-mail marketing integrations: connecting a tool
 * (Klaviyo, Mailchimp, ActiveCampaign) or Beckon's built-in lists, the lists
 * each one offers, which list or tag each CTA element sends its leads to,
 * and how the syncs are going. Credentials are written here and never read
 * back to a page: the admin only learns whether a key is set and its last
 * four characters.
 */
import type { Db } from "../db.server";
import { activeCampaignCredentialsSchema, klaviyoCredentialsSchema, mailchimpCredentialsSchema } from "../lib/schema/integrations";
import type { CtaAction, CtaDocument, CtaElement } from "../lib/schema/cta";
import { InputError } from "../lib/errors";
import { isUniqueViolation } from "../lib/db-errors.server";
import { LIST_ACTION_TYPES } from "./lead-sync.server";
import { allowedPrivateHosts, assertPublicUrl, type PublicFetchOptions } from "../integrations/mailing/public-fetch.server";
import { failedSyncJobs, retryFailedSyncJob } from "./mailing-list.server";
import { loadCtaDocument, saveCtaDocument } from "./cta.server";
import { asRecord } from "../lib/json-record";
import { NotFoundError } from "./website.server";

/** Integration types an owner can connect from the integrations page. */
export const CONNECTABLE_TYPES = ["klaviyo", "mailchimp", "activecampaign", "builtin"] as const;
export type ConnectableType = (typeof CONNECTABLE_TYPES)[number];

export const INTEGRATION_LABELS: Record<string, string> = {
  klaviyo: "Klaviyo",
  mailchimp: "Mailchimp",
  activecampaign: "ActiveCampaign",
  builtin: "Beckon lists",
  segment: "Segment",
  googletagmanager: "Google Tag Manager",
  shopify: "Shopify",
};

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

export interface IntegrationSummary {
  id: number;
  type: string;
  label: string;
  name: string;
  /** Whether this type syncs through the outbox (an outside tool). */
  external: boolean;
  /** "…abcd" when a key is stored; null otherwise. */
  keyHint: string | null;
  apiUrl: string | null;
  createdAt: string;
  lists: { id: number; listId: string; name: string; members: number }[];
  syncs: { pending: number; running: number; done: number; failed: number };
}

function keyHint(credentials: unknown): string | null {
  const key = asRecord(credentials).api_key;
  return typeof key === "string" && key.length > 0 ? `…${key.slice(-4)}` : null;
}

/** The website's mailing integrations with their lists and sync counts (never their keys). */
export async function listIntegrations(db: Db, websiteId: number): Promise<IntegrationSummary[]> {
  const rows = await db.integration.findMany({
    where: { websiteId, integrationType: { in: [...CONNECTABLE_TYPES] } },
    orderBy: { id: "asc" },
    include: {
      mailingLists: {
        orderBy: [{ listId: "asc" }],
        include: { _count: { select: { members: { where: { unsubscribedAt: null } } } } },
      },
    },
  });
  const counts = await db.syncJob.groupBy({ by: ["integrationId", "status"], where: { websiteId }, _count: { _all: true } });
  return rows.map((r) => {
    const syncs = { pending: 0, running: 0, done: 0, failed: 0 };
    for (const c of counts) {
      if (c.integrationId === r.id && c.status in syncs) syncs[c.status as keyof typeof syncs] = c._count._all;
    }
    const creds = asRecord(r.credentials);
    return {
      id: r.id,
      type: r.integrationType,
      label: INTEGRATION_LABELS[r.integrationType] ?? r.integrationType,
      name: r.name,
      external: r.integrationType !== "builtin",
      keyHint: keyHint(r.credentials),
      apiUrl: typeof creds.api_url === "string" ? creds.api_url : null,
      createdAt: r.createdAt.toISOString(),
      lists: r.mailingLists
        .map((l) => ({ id: l.id, listId: l.listId, name: l.name, members: l._count.members }))
        .sort((a, b) => a.listId.localeCompare(b.listId, "en", { numeric: true })),
      syncs,
    };
  });
}

export interface ConnectInput {
  type: string;
  name?: string | null;
  apiKey?: string | null;
  apiUrl?: string | null;
}

const API_URL_HINT = "Enter the ActiveCampaign API URL (https://<account>.api-us1.com)";

function credentialsFor(type: ConnectableType, input: ConnectInput): Record<string, string> {
  const apiKey = input.apiKey?.trim() ?? "";
  const apiUrl = input.apiUrl?.trim() ?? "";
  const check = (ok: boolean, message: string, field: string) => {
    if (!ok) throw new InputError(message, field);
  };
  switch (type) {
    case "klaviyo":
      check(klaviyoCredentialsSchema.safeParse({ api_key: apiKey }).success, "Enter the Klaviyo private API key", "apiKey");
      return { api_key: apiKey };
    case "mailchimp":
      check(mailchimpCredentialsSchema.safeParse({ api_key: apiKey }).success, "Enter the Mailchimp API key", "apiKey");
      check(/-[a-z]+\d+$/.test(apiKey), "A Mailchimp API key ends in its data center, like -us21", "apiKey");
      return { api_key: apiKey };
    case "activecampaign":
      check(apiKey.length > 0 && apiKey.length <= 500, "Enter the ActiveCampaign API key", "apiKey");
      check(
        activeCampaignCredentialsSchema.safeParse({ api_key: apiKey, api_url: apiUrl }).success && /^https:\/\//.test(apiUrl),
        API_URL_HINT,
        "apiUrl"
      );
      return { api_key: apiKey, api_url: apiUrl };
    default:
      return {};
  }
}

/**
 * Refuses an API URL that leads into this server's own network (loopback,
 * private, link-local or metadata addresses), so the owner reads why now
 * rather than in a failed sync. The connection checks again on every call.
 */
async function checkApiUrl(credentials: Record<string, string>, options: PublicFetchOptions): Promise<void> {
  if (!credentials.api_url) return;
  const url = new URL(credentials.api_url);
  if (url.username || url.password) throw new InputError(API_URL_HINT, "apiUrl");
  // Names that only ever mean this machine or its cloud's internal network.
  if (/(^|\.)(localhost|internal|local)$/i.test(url.hostname.replace(/\.$/, ""))) throw new InputError(API_URL_HINT, "apiUrl");
  try {
    await assertPublicUrl(url, { allowPrivate: allowedPrivateHosts(), ...options });
  } catch {
    throw new InputError("The ActiveCampaign API URL must be a public address of your ActiveCampaign account", "apiUrl");
  }
}

/** Connects a tool (or the built-in lists) to the website. */
export async function connectIntegration(db: Db, websiteId: number, input: ConnectInput, options: PublicFetchOptions = {}): Promise<number> {
  if (!(CONNECTABLE_TYPES as readonly string[]).includes(input.type)) throw new InputError("Choose a tool to connect", "type");
  const type = input.type as ConnectableType;
  const name = (input.name?.trim() || INTEGRATION_LABELS[type]).slice(0, 200);
  if (type === "builtin") {
    const existing = await db.integration.findFirst({ where: { websiteId, integrationType: "builtin" }, select: { id: true } });
    if (existing) throw new InputError("This website already has Beckon lists", "type", 409);
  }
  const credentials = credentialsFor(type, input);
  await checkApiUrl(credentials, options);
  const row = await db.integration.create({
    data: { websiteId, integrationType: type, name, actionTypes: [...LIST_ACTION_TYPES], syncSettings: {}, credentials },
    select: { id: true },
  });
  return row.id;
}

async function ownIntegration(db: Db, websiteId: number, integrationId: number) {
  const row = await db.integration.findFirst({ where: { id: integrationId, websiteId, integrationType: { in: [...CONNECTABLE_TYPES] } } });
  if (!row) throw new NotFoundError("integration", integrationId);
  return row;
}

/**
 * Replaces a tool's key (and API URL); the name may change too. A new API
 * URL needs the key typed again: the stored key must never be sent to an
 * address its owner did not give it with.
 */
export async function updateIntegration(
  db: Db,
  websiteId: number,
  integrationId: number,
  input: Omit<ConnectInput, "type">,
  options: PublicFetchOptions = {}
): Promise<void> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const type = row.integrationType as ConnectableType;
  const keepKey = !input.apiKey?.trim();
  const old = asRecord(row.credentials);
  const oldUrl = String(old.api_url ?? "");
  const apiUrl = input.apiUrl?.trim() ? input.apiUrl.trim() : oldUrl;
  if (keepKey && apiUrl !== oldUrl) throw new InputError("Enter the API key again to use it with a new API URL", "apiKey");
  const credentials =
    type === "builtin"
      ? {}
      : credentialsFor(type, {
          type,
          apiKey: keepKey ? String(old.api_key ?? "") : input.apiKey,
          apiUrl,
        });
  await checkApiUrl(credentials, options);
  await db.integration.update({
    where: { id: row.id },
    data: { credentials, ...(input.name?.trim() ? { name: input.name.trim().slice(0, 200) } : {}) },
  });
}

/** The CTAs (names) whose list or tag actions use an integration. */
async function ctasUsing(db: Db, websiteId: number, where: { integrationId: number; listId?: string }): Promise<string[]> {
  const actions = await db.action.findMany({
    where: { websiteId, integrationId: where.integrationId },
    select: { ctaId: true, data: true },
  });
  const ids = new Set<number>();
  for (const a of actions) {
    if (a.ctaId === null) continue;
    if (where.listId !== undefined && String(asRecord(a.data).list_id ?? "") !== where.listId) continue;
    ids.add(a.ctaId);
  }
  if (!ids.size) return [];
  const ctas = await db.cta.findMany({ where: { websiteId, id: { in: [...ids] } }, select: { name: true }, orderBy: { id: "asc" } });
  return ctas.map((c) => c.name);
}

/**
 * Disconnects a tool: its lists, memberships and sync history go with it.
 * Refused while a CTA still sends leads to it, so no lead silently stops
 * reaching a list.
 */
export async function disconnectIntegration(db: Db, websiteId: number, integrationId: number): Promise<void> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const using = await ctasUsing(db, websiteId, { integrationId: row.id });
  if (using.length) {
    throw new InputError(`Remove this integration's lists and tags from these CTAs first: ${using.join(", ")}`, "integrationId", 409);
  }
  await db.integration.deleteMany({ where: { id: row.id, websiteId } });
}

/** Adds a list (its id in the tool, and a name the owner recognises). */
export async function addList(
  db: Db,
  websiteId: number,
  integrationId: number,
  input: { listId: string; name?: string | null }
): Promise<void> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const listId = input.listId.trim();
  if (!/^[\w.:-]{1,100}$/.test(listId)) throw new InputError("Enter the list's id in the tool (letters, digits, - _ . :)", "listId");
  const name = (input.name?.trim() || `List ${listId}`).slice(0, 200);
  try {
    await db.mailingList.create({ data: { websiteId, integrationId: row.id, listId, name } });
  } catch (e) {
    if (isUniqueViolation(e)) throw new InputError(`List ${listId} is already there`, "listId", 409);
    throw e;
  }
}

/** Removes a list (built-in members with it); refused while a CTA subscribes leads to it. */
export async function removeList(db: Db, websiteId: number, listRowId: number): Promise<void> {
  const list = await db.mailingList.findFirst({ where: { id: listRowId, websiteId } });
  if (!list) throw new NotFoundError("list", listRowId);
  const using = await ctasUsing(db, websiteId, { integrationId: list.integrationId, listId: list.listId });
  if (using.length) throw new InputError(`These CTAs still use list ${list.listId}: ${using.join(", ")}`, "listId", 409);
  await db.mailingList.deleteMany({ where: { id: list.id, websiteId } });
}

// ---------------------------------------------------------------- lists and tags per CTA

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
  const d = asRecord(action.data);
  for (const v of [action.tag_id, d.tag, d.tag_name]) if (typeof v === "string" && v.trim()) return v.trim();
  return null;
}

function listOf(action: CtaAction): string | null {
  const v = asRecord(action.data).list_id;
  return typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;
}

const isListAction = (a: CtaAction) => (LIST_ACTION_TYPES as readonly string[]).includes(a.action_type);

/** For every CTA: the elements that collect leads and the lists and tags each sends them to. */
export async function ctaListSettings(db: Db, websiteId: number): Promise<CtaListSettings[]> {
  const [ctas, integrations, lists] = await Promise.all([
    db.cta.findMany({ where: { websiteId, status: { not: "archived" } }, orderBy: { id: "asc" }, select: { id: true } }),
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
      const grouped = element.action_groups.flatMap((g) => g.actions.filter(isListAction).map((a) => ({ a, conditional: true })));
      if (!COLLECTING_ELEMENTS.has(element.element_type) && direct.length + grouped.length === 0) continue;
      elements.push({
        elementId: element.id!,
        elementType: element.element_type,
        variant: doc.variants.length > 1 ? Number(variant) : null,
        step: Number(step),
        actions: [...direct, ...grouped].map(({ a, conditional }) => {
          const integrationId = a.integration_id ?? builtin?.id ?? null;
          const listId = listOf(a);
          return {
            id: a.id!,
            actionType: a.action_type,
            integrationId,
            integrationName: integrationId !== null ? integrationName.get(integrationId) ?? `#${integrationId}` : null,
            listId,
            listName: listId && integrationId !== null ? listName.get(`${integrationId}:${listId}`) ?? null : null,
            tag: tagOf(a),
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
  input: ElementActionInput
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
    (a) => a.action_type === choice.type && (a.integration_id ?? null) === integration.id && listOf(a) === listId && tagOf(a) === tag
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

// ---------------------------------------------------------------- sync status

export interface FailedSync {
  id: number;
  integrationName: string;
  operation: string;
  listId: string | null;
  tag: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  personId: number;
  personLabel: string;
}

/** The website's failed syncs, newest first, with the person each was for. */
export async function failedSyncs(db: Db, websiteId: number, take = 50): Promise<FailedSync[]> {
  const rows = await failedSyncJobs(db, websiteId, take);
  const ids = rows.map((r) => r.id);
  const jobs = ids.length ? await db.syncJob.findMany({ where: { id: { in: ids }, websiteId }, select: { id: true, personId: true } }) : [];
  const personOf = new Map(jobs.map((j) => [j.id, j.personId]));
  const people = await db.person.findMany({
    where: { websiteId, id: { in: [...new Set(jobs.flatMap((j) => (j.personId === null ? [] : [j.personId])))] } },
    select: { id: true, email: true, phone: true },
  });
  const label = new Map(people.map((p) => [p.id, p.email ?? p.phone ?? `Contact ${p.id}`]));
  return rows.map((r) => {
    const personId = personOf.get(r.id) ?? 0;
    return {
      id: r.id,
      integrationName: r.integrationName,
      operation: r.operation,
      listId: r.listId,
      tag: r.tag,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      personId,
      // A forget job has no person: it was queued as they were deleted (customers/redact).
      personLabel: label.get(personId) ?? (personId ? `Contact ${personId}` : "Deleted customer"),
    };
  });
}

/** Puts a failed sync of this website (and, when given, of this person) back in the queue. */
export async function retrySync(db: Db, websiteId: number, jobId: number, personId?: number): Promise<void> {
  if (personId !== undefined) {
    const job = await db.syncJob.findFirst({ where: { id: jobId, websiteId, personId }, select: { id: true } });
    if (!job) throw new NotFoundError("failed sync", jobId);
  }
  if (!(await retryFailedSyncJob(db, websiteId, jobId))) throw new NotFoundError("failed sync", jobId);
}

/** Puts every failed sync of an integration back in the queue (after fixing its key); returns how many. */
export async function retryAllFailed(db: Db, websiteId: number, integrationId: number): Promise<number> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const r = await db.syncJob.updateMany({
    where: { websiteId, integrationId: row.id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null, lastError: null },
  });
  return r.count;
}
