/**
 * The targeting-sync answer (SPEC 7): what an integration knows about the
 * visitor, for the widget's conditions, as facts only: membership yes/no of
 * the lists and tags the website's conditions name, and the values of the
 * data fields they name. Never a profile: no name, company, phone or e-mail,
 * no list or tag no condition asks about (trust boundaries, DESIGN).
 *
 * Where the facts come from:
 * - a visitor who proved its address (Person.verifiedEmail, set from a
 *   signed identity token) gets what the outside tool holds for that
 *   address, asked live (bounded by a short time-out, since the widget waits
 *   at most 5 s, and rate-limited per visitor, `force` or not);
 * - anyone else gets only Beckon's own records of this visitor token's own
 *   submissions: built-in memberships and the syncs Beckon delivered for it.
 *   An address typed into a form or read from a URL parameter is a claim,
 *   not a proof, so it never unlocks the tool's data about that address.
 * The facts are kept under person.data.integrations[type] with last_sync and
 * refreshed when older than 30 minutes (SPEC 9). This call never writes to a
 * tool: writes come only from submissions, through the outbox.
 */
import type { Db } from "#app/db.server";
import type { Person } from "#app/generated/prisma-sqlite";
import { InputError } from "#app/server/input-error";
import { verifyIdentityToken } from "#app/server/identity-token.server";
import { identityTokenSecret } from "./deployment.server";
import type { TargetingSyncInput } from "#contract/schema/integrations";
import { activeListIds } from "./mailing-list.server";
import { findPerson } from "./person.server";
import { asRecord } from "#contract/json-record";
import {
  providerFor as defaultProviderFor,
  isProviderType,
  type IntegrationLike,
  type RegistryOptions,
} from "#app/integrations/mailing/registry.server";
import type { MailingProvider, RemoteContact } from "#app/integrations/mailing/types";
import type { RateLimitVerdict } from "#app/server/rate-limit/rate-limit.server";
import { sharedLimit } from "#app/server/rate-limit/shared-rate-limit.server";
import { factsOf, fieldFacts, targetingFactsOf } from "#app/integrations/targeting-facts.server";
import { logger } from "#app/server/logger.server";

/** SPEC 9: targeting re-sync after 30 minutes. */
export const RESYNC_AFTER_MS = 1_800_000;
const REMOTE_TIMEOUT_MS = 3000;

/**
 * Live lookups in a tool per visitor and integration: a few in a row (a
 * first sync and a retry), then one a minute, so `force: true` in a loop
 * cannot turn Beckon into a proxy hammering the owner's tool.
 */
const remoteLookups = sharedLimit("remoteLookup", { capacity: 3, refillPerSecond: 1 / 60 });

export interface TargetingSyncAnswer {
  integration_id: number;
  integration_type: string;
  /** List id → on the list, for the lists the website's conditions name. */
  lists: Record<string, boolean>;
  /** Tag (lower case) → has it, for the tags the website's conditions name. */
  tags: Record<string, boolean>;
  /** Field values for the data fields conditions name; only for a proven visitor. */
  fields: Record<string, string>;
  /** Whether the visitor proved its address (the facts may then come from the tool). */
  verified: boolean;
  last_sync: string;
  resync_after_ms: number;
  /** cache: stored answer under 30 min old; remote: the tool answered; local: Beckon's own records. */
  source: "cache" | "remote" | "local";
}

export interface TargetingSyncOptions {
  now?: () => Date;
  providerFor?: (integration: IntegrationLike) => MailingProvider;
  registry?: RegistryOptions;
  /** The secret identity tokens are checked with (default: this database's, identityTokenSecret). */
  secret?: string;
  /** Replaces the shared per-visitor limiter of live lookups (tests). */
  remoteLimiter?: { take(key: string): RateLimitVerdict | Promise<RateLimitVerdict> };
}

/** Lists and tags from the syncs Beckon delivered to a tool, replayed in order. */
async function deliveredState(
  db: Db,
  personId: number,
  integrationId: number,
): Promise<{ lists: string[]; tags: string[] }> {
  const jobs = await db.syncJob.findMany({
    where: {
      personId,
      integrationId,
      status: "done",
      operation: { in: ["subscribe", "unsubscribe", "add_tag", "remove_tag"] },
    },
    orderBy: { id: "asc" },
    select: { operation: true, payload: true },
  });
  const lists = new Set<string>();
  const tags = new Set<string>();
  for (const job of jobs) {
    const payload = asRecord(job.payload);
    const list = typeof payload.list_id === "string" ? payload.list_id : null;
    const tag = typeof payload.tag === "string" ? payload.tag : null;
    if (job.operation === "subscribe" && list) lists.add(list);
    if (job.operation === "unsubscribe" && list) lists.delete(list);
    if (job.operation === "add_tag" && tag) tags.add(tag);
    if (job.operation === "remove_tag" && tag) tags.delete(tag);
  }
  return { lists: [...lists], tags: [...tags] };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const boolMap = (v: unknown): Record<string, boolean> =>
  Object.fromEntries(Object.entries(asRecord(v)).filter(([, b]) => typeof b === "boolean")) as Record<string, boolean>;
const stringMap = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asRecord(v)).filter(([, s]) => typeof s === "string")) as Record<string, string>;

/** Records a proven address on the person when the request carries a valid identity token. */
async function applyIdentityToken(
  db: Db,
  person: Person,
  websiteId: number,
  token: string | undefined,
  now: Date,
  secret?: string,
): Promise<Person> {
  if (!token) return person;
  const verdict = verifyIdentityToken(token, websiteId, {
    now: now.getTime(),
    secret: secret ?? (await identityTokenSecret(db)),
  });
  if (!verdict.ok) {
    const why =
      verdict.reason === "expired"
        ? "The identity link has expired"
        : "The identity token is not valid for this website";
    throw new InputError(why, "identity_token", 422);
  }
  if (person.verifiedEmail === verdict.claim.email) return person;
  return db.person.update({ where: { id: person.id }, data: { verifiedEmail: verdict.claim.email, verifiedAt: now } });
}

/** Answers a targeting-sync request for a visitor of a website. */
export async function targetingSync(
  db: Db,
  websiteId: number,
  input: TargetingSyncInput,
  options: TargetingSyncOptions = {},
): Promise<TargetingSyncAnswer> {
  const now = (options.now ?? (() => new Date()))();
  const integration = await db.integration.findFirst({
    where: { id: input.integration_id, websiteId },
    include: { website: { select: { dataSettings: true } } },
  });
  if (!integration) throw new InputError("Unknown integration", "integration_id", 404);
  if (integration.integrationType !== input.integration_type)
    throw new InputError("integration_type does not match the integration", "integration_type");
  const found = await findPerson(db, websiteId, input.visitor_token);
  if (!found) throw new InputError("Unknown visitor", "visitor_token", 404);
  // A visitor may ask only about itself: the contact id must be its own.
  if (input.contact_id != null && input.contact_id !== found.id)
    throw new InputError("contact_id does not belong to this visitor", "contact_id");
  const person = await applyIdentityToken(db, found, websiteId, input.identity_token, now, options.secret);
  const verified = Boolean(person.verifiedEmail);

  const type = integration.integrationType;
  const data = asRecord(person.data);
  const integrations = asRecord(data.integrations);
  const stored = asRecord(integrations[type]);
  const storedData = asRecord(stored.data);
  const lastSync = typeof stored.last_sync === "string" ? Date.parse(stored.last_sync) : NaN;
  // Only an answer this server stored counts as cache (facts: 2); the browser can write person.data too.
  const cached = stored.integration_id === integration.id && stored.facts === 2 && stored.verified === verified;
  const cachedAnswer = (): TargetingSyncAnswer => ({
    integration_id: integration.id,
    integration_type: type,
    lists: boolMap(storedData.lists),
    tags: boolMap(storedData.tags),
    fields: stringMap(storedData.fields),
    verified,
    last_sync: new Date(lastSync).toISOString(),
    resync_after_ms: RESYNC_AFTER_MS,
    source: "cache",
  });
  if (
    !input.force &&
    !input.identity_token &&
    cached &&
    Number.isFinite(lastSync) &&
    now.getTime() - lastSync < RESYNC_AFTER_MS
  )
    return cachedAnswer();

  const named = await targetingFactsOf(db, websiteId);
  let lists: string[];
  let tags: string[];
  let fields: Record<string, string> = {};
  let source: TargetingSyncAnswer["source"] = "local";
  if (type === "builtin") {
    lists = await activeListIds(db, person.id, integration.id);
    tags = Array.isArray(data.tags) ? data.tags.map(String) : [];
  } else {
    ({ lists, tags } = await deliveredState(db, person.id, integration.id));
    // Asking the tool sends the address out: only when contact processing is on, and only for a proven address.
    const processing = asRecord(integration.website.dataSettings)["contact-processing"] !== false;
    if (processing && isProviderType(type) && person.verifiedEmail) {
      if (!(await (options.remoteLimiter ?? remoteLookups).take(`${person.id}:${integration.id}`)).allowed) {
        if (cached && Number.isFinite(lastSync)) return cachedAnswer();
      } else {
        try {
          const provider = (
            options.providerFor ??
            ((i: IntegrationLike) => defaultProviderFor(i, { timeoutMs: REMOTE_TIMEOUT_MS, ...options.registry }))
          )(integration);
          if (provider.fetchContact) {
            const remote: RemoteContact | null = await withTimeout(
              provider.fetchContact(person.verifiedEmail),
              REMOTE_TIMEOUT_MS,
            );
            lists = remote?.lists ?? [];
            tags = remote?.tags ?? [];
            fields = remote?.fields ?? {};
            source = "remote";
          }
        } catch (error) {
          // SPEC 8: a sync that fails is logged and the widget carries on.
          logger("targeting-sync").error(
            { err: error },
            `targeting sync with ${type} failed; answering from local records`,
          );
        }
      }
    }
  }

  const facts = {
    lists: factsOf(named.lists, lists),
    tags: factsOf(named.tags, tags, true),
    fields: verified ? fieldFacts(named.fields, fields) : {},
  };
  const entry = { integration_id: integration.id, facts: 2, verified, data: facts, last_sync: now.toISOString() };
  await db.person.update({
    where: { id: person.id },
    data: { data: { ...data, integrations: { ...integrations, [type]: entry } } as object },
  });
  return {
    integration_id: integration.id,
    integration_type: type,
    ...facts,
    verified,
    last_sync: entry.last_sync,
    resync_after_ms: RESYNC_AFTER_MS,
    source,
  };
}
