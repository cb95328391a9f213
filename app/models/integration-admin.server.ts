/**
 * The owner's side of e-mail marketing integrations: connecting a tool
 * (Klaviyo, Mailchimp, ActiveCampaign) or Beckon's built-in lists, and the
 * lists each one offers. Which list or tag each CTA element sends its leads
 * to is cta-list-actions.server.ts; the failed syncs are sync-failures.server.ts.
 * Credentials are written here and never read back to a page: the admin only
 * learns whether a key is set and its last four characters.
 */
import type { Db } from "#app/db.server";
import {
  activeCampaignCredentialsSchema,
  klaviyoCredentialsSchema,
  mailchimpCredentialsSchema,
} from "#contract/schema/integrations";
import { InputError } from "#app/server/input-error";
import { isUniqueViolation } from "#app/db/db-errors.server";
import {
  allowedPrivateHosts,
  assertPublicUrl,
  type PublicFetchOptions,
} from "#app/integrations/mailing/public-fetch.server";
import { asRecord } from "#contract/json-record";
import { LIST_ACTION_TYPES } from "./lead-sync.server";
import { ACTIVE_MEMBER } from "./mailing-list.server";
import { NotFoundError } from "./model-kit.server";
import { sitesChanged } from "./site-publication.server";

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
  /** members: confirmed and not left; pending: waiting for the click of a double opt-in. */
  lists: { id: number; listId: string; name: string; members: number; pending: number; requireConfirmation: boolean }[];
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
        include: { _count: { select: { members: { where: ACTIVE_MEMBER } } } },
      },
    },
  });
  const pending = await db.mailingListMembership.groupBy({
    by: ["listId"],
    where: { status: "pending", unsubscribedAt: null, list: { websiteId } },
    _count: { _all: true },
  });
  const pendingOf = new Map(pending.map((p) => [p.listId, p._count._all]));
  const counts = await db.syncJob.groupBy({
    by: ["integrationId", "status"],
    where: { websiteId },
    _count: { _all: true },
  });
  return rows.map((integration) => {
    const syncs = { pending: 0, running: 0, done: 0, failed: 0 };
    for (const group of counts) {
      if (group.integrationId === integration.id && group.status in syncs)
        syncs[group.status as keyof typeof syncs] = group._count._all;
    }
    const creds = asRecord(integration.credentials);
    return {
      id: integration.id,
      type: integration.integrationType,
      label: INTEGRATION_LABELS[integration.integrationType] ?? integration.integrationType,
      name: integration.name,
      external: integration.integrationType !== "builtin",
      keyHint: keyHint(integration.credentials),
      apiUrl: typeof creds.api_url === "string" ? creds.api_url : null,
      createdAt: integration.createdAt.toISOString(),
      lists: integration.mailingLists
        .map((l) => ({
          id: l.id,
          listId: l.listId,
          name: l.name,
          members: l._count.members,
          pending: pendingOf.get(l.id) ?? 0,
          requireConfirmation: l.requireConfirmation,
        }))
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
      check(
        klaviyoCredentialsSchema.safeParse({ api_key: apiKey }).success,
        "Enter the Klaviyo private API key",
        "apiKey",
      );
      return { api_key: apiKey };
    case "mailchimp":
      check(mailchimpCredentialsSchema.safeParse({ api_key: apiKey }).success, "Enter the Mailchimp API key", "apiKey");
      check(/-[a-z]+\d+$/.test(apiKey), "A Mailchimp API key ends in its data center, like -us21", "apiKey");
      return { api_key: apiKey };
    case "activecampaign":
      check(apiKey.length > 0 && apiKey.length <= 500, "Enter the ActiveCampaign API key", "apiKey");
      check(
        activeCampaignCredentialsSchema.safeParse({ api_key: apiKey, api_url: apiUrl }).success &&
          /^https:\/\//.test(apiUrl),
        API_URL_HINT,
        "apiUrl",
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
  if (/(^|\.)(localhost|internal|local)$/i.test(url.hostname.replace(/\.$/, "")))
    throw new InputError(API_URL_HINT, "apiUrl");
  try {
    await assertPublicUrl(url, { allowPrivate: allowedPrivateHosts(), ...options });
  } catch {
    throw new InputError(
      "The ActiveCampaign API URL must be a public address of your ActiveCampaign account",
      "apiUrl",
    );
  }
}

/** Connects a tool (or the built-in lists) to the website. */
export async function connectIntegration(
  db: Db,
  websiteId: number,
  input: ConnectInput,
  options: PublicFetchOptions = {},
): Promise<number> {
  if (!(CONNECTABLE_TYPES as readonly string[]).includes(input.type))
    throw new InputError("Choose a tool to connect", "type");
  const type = input.type as ConnectableType;
  const name = (input.name?.trim() || INTEGRATION_LABELS[type]).slice(0, 200);
  if (type === "builtin") {
    const existing = await db.integration.findFirst({
      where: { websiteId, integrationType: "builtin" },
      select: { id: true },
    });
    if (existing) throw new InputError("This website already has Beckon lists", "type", 409);
  }
  const credentials = credentialsFor(type, input);
  await checkApiUrl(credentials, options);
  const row = await db.integration.create({
    data: {
      websiteId,
      integrationType: type,
      name,
      actionTypes: [...LIST_ACTION_TYPES],
      syncSettings: {},
      credentials,
    },
    select: { id: true },
  });
  await sitesChanged(db);
  return row.id;
}

/** One of the website's connectable integrations, or NotFoundError. */
export async function ownIntegration(db: Db, websiteId: number, integrationId: number) {
  const row = await db.integration.findFirst({
    where: { id: integrationId, websiteId, integrationType: { in: [...CONNECTABLE_TYPES] } },
  });
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
  options: PublicFetchOptions = {},
): Promise<void> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const type = row.integrationType as ConnectableType;
  const keepKey = !input.apiKey?.trim();
  const old = asRecord(row.credentials);
  const oldUrl = String(old.api_url ?? "");
  const apiUrl = input.apiUrl?.trim() ? input.apiUrl.trim() : oldUrl;
  if (keepKey && apiUrl !== oldUrl)
    throw new InputError("Enter the API key again to use it with a new API URL", "apiKey");
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
  await sitesChanged(db);
}

/** The CTAs (names) whose list or tag actions use an integration. */
async function ctasUsing(
  db: Db,
  websiteId: number,
  where: { integrationId: number; listId?: string },
): Promise<string[]> {
  const actions = await db.action.findMany({
    where: { websiteId, integrationId: where.integrationId },
    select: { ctaId: true, data: true },
  });
  const ids = new Set<number>();
  for (const action of actions) {
    if (action.ctaId === null) continue;
    if (where.listId !== undefined && String(asRecord(action.data).list_id ?? "") !== where.listId) continue;
    ids.add(action.ctaId);
  }
  if (!ids.size) return [];
  const ctas = await db.cta.findMany({
    where: { websiteId, id: { in: [...ids] } },
    select: { name: true },
    orderBy: { id: "asc" },
  });
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
    throw new InputError(
      `Remove this integration's lists and tags from these CTAs first: ${using.join(", ")}`,
      "integrationId",
      409,
    );
  }
  await db.integration.deleteMany({ where: { id: row.id, websiteId } });
  await sitesChanged(db);
}

/** Adds a list (its id in the tool, and a name the owner recognises). */
export async function addList(
  db: Db,
  websiteId: number,
  integrationId: number,
  input: { listId: string; name?: string | null },
): Promise<void> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const listId = input.listId.trim();
  if (!/^[\w.:-]{1,100}$/.test(listId))
    throw new InputError("Enter the list's id in the tool (letters, digits, - _ . :)", "listId");
  const name = (input.name?.trim() || `List ${listId}`).slice(0, 200);
  try {
    await db.mailingList.create({ data: { websiteId, integrationId: row.id, listId, name } });
  } catch (e) {
    if (isUniqueViolation(e)) throw new InputError(`List ${listId} is already there`, "listId", 409);
    throw e;
  }
}

/**
 * Turns double opt-in on or off for a built-in list. Members already on the
 * list keep their status; only new subscriptions are asked to confirm.
 */
export async function setListConfirmation(
  db: Db,
  websiteId: number,
  listRowId: number,
  required: boolean,
): Promise<void> {
  const list = await db.mailingList.findFirst({
    where: { id: listRowId, websiteId },
    include: { integration: { select: { integrationType: true } } },
  });
  if (!list) throw new NotFoundError("list", listRowId);
  if (list.integration.integrationType !== "builtin")
    throw new InputError(
      "Only built-in lists confirm through Beckon; outside tools have their own setting",
      "listRowId",
    );
  await db.mailingList.updateMany({ where: { id: list.id, websiteId }, data: { requireConfirmation: required } });
}

/** Removes a list (built-in members with it); refused while a CTA subscribes leads to it. */
export async function removeList(db: Db, websiteId: number, listRowId: number): Promise<void> {
  const list = await db.mailingList.findFirst({ where: { id: listRowId, websiteId } });
  if (!list) throw new NotFoundError("list", listRowId);
  const using = await ctasUsing(db, websiteId, { integrationId: list.integrationId, listId: list.listId });
  if (using.length)
    throw new InputError(`These CTAs still use list ${list.listId}: ${using.join(", ")}`, "listId", 409);
  await db.mailingList.deleteMany({ where: { id: list.id, websiteId } });
}

/** Puts every failed sync of an integration back in the queue (after fixing its key); returns how many. */
export async function retryAllFailed(db: Db, websiteId: number, integrationId: number): Promise<number> {
  const row = await ownIntegration(db, websiteId, integrationId);
  const updated = await db.syncJob.updateMany({
    where: { websiteId, integrationId: row.id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null, lastError: null },
  });
  return updated.count;
}
