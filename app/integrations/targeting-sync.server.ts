/**
 * The targeting-sync answer (SPEC 7): what an integration knows about the
 * visitor — profile, lists, tags — for the widget's conditions. Kept under
 * person.data.integrations[type] with last_sync, and refreshed when older
 * than 30 minutes (SPEC 9). Outside tools are asked live when they can be
 * (bounded by a short time-out, since the widget waits at most 5 s);
 * otherwise Beckon answers from what it knows: built-in memberships and the
 * syncs it delivered.
 */
import type { Db } from "../db.server";
import type { Person } from "../generated/prisma-sqlite";
import { InputError } from "../lib/errors";
import type { TargetingSyncInput } from "../lib/schema/integrations";
import { activeListIds } from "../models/mailing-list.server";
import { asRecord, findPerson, toPublicPerson } from "../models/person.server";
import { providerFor as defaultProviderFor, isProviderType, type IntegrationLike, type RegistryOptions } from "./mailing/registry.server";
import type { MailingProvider, RemoteContact } from "./mailing/types";

/** SPEC 9: targeting re-sync after 30 minutes. */
export const RESYNC_AFTER_MS = 1_800_000;
const REMOTE_TIMEOUT_MS = 3000;

export interface TargetingSyncAnswer {
  integration_id: number;
  integration_type: string;
  contact: Record<string, unknown> | null;
  lists: string[];
  tags: string[];
  fields: Record<string, string>;
  last_sync: string;
  resync_after_ms: number;
  /** cache: stored answer under 30 min old; remote: the tool answered; local: Beckon's own records. */
  source: "cache" | "remote" | "local";
}

export interface TargetingSyncOptions {
  now?: () => Date;
  providerFor?: (integration: IntegrationLike) => MailingProvider;
  registry?: RegistryOptions;
}

/** The contact fields targeting conditions read: the widget's view of the person without its bookkeeping. */
function contactOf(p: Person): Record<string, unknown> | null {
  if (p.personType !== "Contact") return null;
  const { visitor_token: _token, person_type: _type, extra: _extra, data: _data, last_requested: _requested, privacy_consent: _privacy, ...contact } =
    toPublicPerson(p);
  return contact;
}

/** Lists and tags from the syncs Beckon delivered to a tool, replayed in order. */
async function deliveredState(db: Db, personId: number, integrationId: number): Promise<{ lists: string[]; tags: string[] }> {
  const jobs = await db.syncJob.findMany({
    where: { personId, integrationId, status: "done", operation: { in: ["subscribe", "unsubscribe", "add_tag", "remove_tag"] } },
    orderBy: { id: "asc" },
    select: { operation: true, payload: true },
  });
  const lists = new Set<string>();
  const tags = new Set<string>();
  for (const j of jobs) {
    const p = asRecord(j.payload);
    const list = typeof p.list_id === "string" ? p.list_id : null;
    const tag = typeof p.tag === "string" ? p.tag : null;
    if (j.operation === "subscribe" && list) lists.add(list);
    if (j.operation === "unsubscribe" && list) lists.delete(list);
    if (j.operation === "add_tag" && tag) tags.add(tag);
    if (j.operation === "remove_tag" && tag) tags.delete(tag);
  }
  return { lists: [...lists], tags: [...tags] };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Answers a targeting-sync request for a visitor of a website. */
export async function targetingSync(db: Db, websiteId: number, input: TargetingSyncInput, options: TargetingSyncOptions = {}): Promise<TargetingSyncAnswer> {
  const now = (options.now ?? (() => new Date()))();
  const integration = await db.integration.findFirst({ where: { id: input.integration_id, websiteId }, include: { website: { select: { dataSettings: true } } } });
  if (!integration) throw new InputError("Unknown integration", "integration_id", 404);
  if (integration.integrationType !== input.integration_type) throw new InputError("integration_type does not match the integration", "integration_type");
  const person = await findPerson(db, websiteId, input.visitor_token);
  if (!person) throw new InputError("Unknown visitor", "visitor_token", 404);
  // A visitor may ask only about itself: the contact id must be its own.
  if (input.contact_id != null && input.contact_id !== person.id) throw new InputError("contact_id does not belong to this visitor", "contact_id");

  const type = integration.integrationType;
  const data = asRecord(person.data);
  const integrations = asRecord(data.integrations);
  const stored = asRecord(integrations[type]);
  const lastSync = typeof stored.last_sync === "string" ? Date.parse(stored.last_sync) : NaN;
  if (!input.force && Number.isFinite(lastSync) && now.getTime() - lastSync < RESYNC_AFTER_MS && stored.integration_id === integration.id) {
    const d = asRecord(stored.data);
    return {
      integration_id: integration.id,
      integration_type: type,
      contact: contactOf(person),
      lists: Array.isArray(d.lists) ? d.lists.map(String) : [],
      tags: Array.isArray(d.tags) ? d.tags.map(String) : [],
      fields: asRecord(d.fields) as Record<string, string>,
      last_sync: new Date(lastSync).toISOString(),
      resync_after_ms: RESYNC_AFTER_MS,
      source: "cache",
    };
  }

  let lists: string[];
  let tags: string[];
  let fields: Record<string, string> = {};
  let source: TargetingSyncAnswer["source"] = "local";
  if (type === "builtin") {
    lists = await activeListIds(db, person.id, integration.id);
    tags = Array.isArray(data.tags) ? data.tags.map(String) : [];
  } else {
    ({ lists, tags } = await deliveredState(db, person.id, integration.id));
    // Asking the tool sends the address out: only when contact processing is on.
    const processing = asRecord(integration.website.dataSettings)["contact-processing"] !== false;
    if (processing && isProviderType(type) && person.email) {
      try {
        const provider = (options.providerFor ?? ((i: IntegrationLike) => defaultProviderFor(i, { timeoutMs: REMOTE_TIMEOUT_MS, ...options.registry })))(integration);
        if (provider.fetchContact) {
          const remote: RemoteContact | null = await withTimeout(provider.fetchContact(person.email), REMOTE_TIMEOUT_MS);
          if (remote) {
            lists = remote.lists;
            tags = remote.tags;
            fields = remote.fields;
          } else {
            lists = [];
            tags = [];
          }
          source = "remote";
        }
      } catch (e) {
        // SPEC 8: a sync that fails is logged and the widget carries on.
        console.error(`[beckon] targeting sync with ${type} failed; answering from local records:`, e instanceof Error ? e.message : e);
      }
    }
  }

  const entry = { integration_id: integration.id, data: { lists, tags, fields }, last_sync: now.toISOString() };
  await db.person.update({ where: { id: person.id }, data: { data: { ...data, integrations: { ...integrations, [type]: entry } } as object } });
  return {
    integration_id: integration.id,
    integration_type: type,
    contact: contactOf(person),
    lists,
    tags,
    fields,
    last_sync: entry.last_sync,
    resync_after_ms: RESYNC_AFTER_MS,
    source,
  };
}
