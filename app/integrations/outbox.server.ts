/**
 * The durable outbox of contact syncs (SyncJob rows). Jobs are written in the
 * same transaction as the submission that causes them; a worker claims due
 * jobs, calls the tool, and records the outcome:
 * - success: done;
 * - 429, 5xx, time-out, network error: pending again after an exponential
 *   backoff with jitter (capped at an hour), or after the tool's Retry-After;
 * - any other 4xx or a configuration problem: failed, with the reason kept
 *   for the owner;
 * - still failing after maxAttempts: failed.
 * A claim is a conditional update on (id, status, attempts), so two workers
 * (two processes, or two passes racing) never deliver one job twice; a lease
 * (lockedUntil) lets another worker take over a job whose worker died.
 * Jobs of one person in one tool are delivered in order (subscribe before a
 * later unsubscribe), one at a time.
 */
import type { Db } from "#app/db.server";
import { serverEnv } from "#app/server/env.server";
import type { SyncJob } from "#app/generated/prisma-sqlite";
import { asRecord } from "#contract/json-record";
import {
  providerFor as defaultProviderFor,
  type IntegrationLike,
  type RegistryOptions,
} from "./mailing/registry.server";
import {
  DeferredDelivery,
  ProviderError,
  SYNC_OPERATIONS,
  type MailingProvider,
  type SyncOperation,
  type SyncPayload,
} from "./mailing/types";
import { logger } from "#app/server/logger.server";

export const CONTACT_PROCESSING_DISABLED = "Contact PII processing disabled";

export interface OutboxOptions {
  /** Injected clock: every time the outbox reads or writes comes from here. */
  now?: () => Date;
  /** 0..1; injected so backoff is deterministic in tests. */
  random?: () => number;
  providerFor?: (integration: IntegrationLike) => MailingProvider;
  registry?: RegistryOptions;
  batchSize?: number;
  /** How long a claim holds before another worker may take the job over. */
  leaseMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  /** Jobs delivered at once (different people or tools). */
  concurrency?: number;
  /**
   * Delivers a send_email job (app/models/email/email-delivery.server.ts);
   * throws a ProviderError as a tool would. Absent: sending is off, and such
   * jobs fail with that reason.
   */
  sendEmail?: (db: Db, job: SyncJob) => Promise<void>;
  /**
   * Delivers a job of a shopify_customers integration (a lead as a Shopify
   * customer: app/models/shopify-customer-sync.server.ts); throws a
   * ProviderError as a tool would. Absent: such jobs wait (retried), since
   * only this process lacks it.
   */
  shopifyCustomers?: (db: Db, job: SyncJob) => Promise<void>;
}

/** Integration.integrationType of leads synced to the shop's Shopify Customers. */
export const SHOPIFY_CUSTOMERS_INTEGRATION = "shopify_customers";

const DEFAULTS = {
  batchSize: 25,
  leaseMs: 5 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 15,
  concurrency: 4,
};

type Settings = typeof DEFAULTS & { now: () => Date; random: () => number };

function settings(options: OutboxOptions): Settings {
  return {
    batchSize: options.batchSize ?? DEFAULTS.batchSize,
    leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
    baseDelayMs: options.baseDelayMs ?? DEFAULTS.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULTS.maxDelayMs,
    maxAttempts: options.maxAttempts ?? DEFAULTS.maxAttempts,
    concurrency: options.concurrency ?? DEFAULTS.concurrency,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
  };
}

/**
 * Delay before the next try after `attempts` failed tries: exponential from
 * baseDelayMs, capped at maxDelayMs, with "equal jitter" (half fixed, half
 * random) so a provider coming back is not hit by every job at once.
 */
export function backoffDelayMs(
  attempts: number,
  options: { baseDelayMs?: number; maxDelayMs?: number; random?: () => number } = {},
): number {
  const base = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const cap = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const exp = Math.min(cap, base * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exp / 2 + (options.random ?? Math.random)() * (exp / 2));
}

/** Delay after a retryable error: the tool's Retry-After when it gave one (capped), else the backoff. */
export function retryDelayMs(
  error: ProviderError | null,
  attempts: number,
  o: { baseDelayMs?: number; maxDelayMs?: number; random?: () => number } = {},
): number {
  const cap = o.maxDelayMs ?? DEFAULTS.maxDelayMs;
  if (error?.retryAfterMs != null) return Math.min(cap, Math.max(0, error.retryAfterMs));
  return backoffDelayMs(attempts, o);
}

export interface EnqueueInput {
  websiteId: number;
  integrationId: number;
  /** null for a job that must outlive its person (forget, queued as the person is deleted). */
  personId: number | null;
  operation: SyncOperation;
  payload: SyncPayload;
  idempotencyKey: string;
  now?: Date;
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0] | Db;

/**
 * Adds a job unless one with the same idempotency key exists for the
 * integration. Looks first instead of catching the unique violation, because
 * on PostgreSQL a violation aborts the surrounding transaction.
 */
export async function enqueueSyncJob(tx: Tx, input: EnqueueInput): Promise<{ job: SyncJob; created: boolean }> {
  const existing = await tx.syncJob.findUnique({
    where: {
      integrationId_idempotencyKey: { integrationId: input.integrationId, idempotencyKey: input.idempotencyKey },
    },
  });
  if (existing) return { job: existing, created: false };
  const job = await tx.syncJob.create({
    data: {
      websiteId: input.websiteId,
      integrationId: input.integrationId,
      personId: input.personId,
      operation: input.operation,
      payload: input.payload as object,
      idempotencyKey: input.idempotencyKey,
      status: "pending",
      nextAttemptAt: input.now ?? new Date(),
    },
  });
  return { job, created: true };
}

/**
 * Claims up to batchSize due jobs: pending ones whose time has come, and
 * running ones whose lease ran out (their worker died). Only the oldest open
 * job of each person in each tool is eligible, which keeps their order.
 */
export async function claimDueJobs(db: Db, options: OutboxOptions = {}): Promise<SyncJob[]> {
  const config = settings(options);
  const now = config.now();
  const candidates = await db.syncJob.findMany({
    where: {
      OR: [
        { status: "pending", nextAttemptAt: { lte: now } },
        { status: "running", lockedUntil: { lt: now } },
      ],
    },
    orderBy: { id: "asc" },
    take: config.batchSize * 4,
  });
  if (!candidates.length) return [];
  const personIds = [...new Set(candidates.flatMap((c) => (c.personId === null ? [] : [c.personId])))];
  const oldest = personIds.length
    ? await db.syncJob.groupBy({
        by: ["integrationId", "personId"],
        where: {
          status: { in: ["pending", "running"] },
          personId: { in: personIds },
          integrationId: { in: [...new Set(candidates.map((c) => c.integrationId))] },
        },
        _min: { id: true },
      })
    : [];
  // A job without a person (a forget queued as its person was deleted) has nothing to wait for.
  const head = new Set([
    ...oldest.map((g) => g._min?.id),
    ...candidates.filter((c) => c.personId === null).map((c) => c.id),
  ]);
  const claimed: SyncJob[] = [];
  const lockedUntil = new Date(now.getTime() + config.leaseMs);
  for (const candidate of candidates) {
    if (claimed.length >= config.batchSize) break;
    if (!head.has(candidate.id)) continue;
    // The conditional update is the lock: whoever changes (status, attempts)
    // first owns the job; a racing claimer matches no row.
    const updated = await db.syncJob.updateMany({
      where: { id: candidate.id, status: candidate.status, attempts: candidate.attempts },
      data: { status: "running", lockedUntil, attempts: { increment: 1 } },
    });
    if (updated.count === 1)
      claimed.push({ ...candidate, status: "running", lockedUntil, attempts: candidate.attempts + 1 });
  }
  return claimed;
}

export type DeliveryOutcome = "done" | "retry" | "failed" | "lost";

function parsePayload(value: unknown): SyncPayload {
  const record = asRecord(value);
  return {
    contact: asRecord(record.contact) as unknown as SyncPayload["contact"],
    consents: asRecord(record.consents) as SyncPayload["consents"],
    list_id: typeof record.list_id === "string" ? record.list_id : null,
    tag: typeof record.tag === "string" ? record.tag : null,
    source_url: typeof record.source_url === "string" ? record.source_url : null,
    properties: asRecord(record.properties) as SyncPayload["properties"],
    ...(record.keep_existing === true ? { keep_existing: true } : {}),
  };
}

async function perform(provider: MailingProvider, operation: string, payload: SyncPayload): Promise<void> {
  if (!(SYNC_OPERATIONS as readonly string[]).includes(operation))
    throw new ProviderError(`Unknown sync operation ${operation}`, false);
  const need = (v: string | null | undefined, what: string) => {
    if (!v) throw new ProviderError(`The job has no ${what}`, false);
    return v;
  };
  switch (operation as SyncOperation) {
    case "subscribe":
      return provider.subscribe(payload, need(payload.list_id, "list id"));
    case "unsubscribe":
      return provider.unsubscribe(payload, need(payload.list_id, "list id"));
    case "add_tag":
      return provider.addTag(payload, need(payload.tag, "tag"));
    case "remove_tag":
      return provider.removeTag(payload, need(payload.tag, "tag"));
    case "upsert_profile":
      return provider.upsertProfile(payload);
    case "forget":
      if (!provider.forget) throw new ProviderError(`${provider.type} has no deletion call`, false);
      return provider.forget(payload);
    case "send_email":
      throw new ProviderError("An e-mail job reached a mailing tool", false);
  }
}

/**
 * Delivers one claimed job and records the outcome. The outcome is written
 * only if the job is still ours (same attempts count): a worker that stalled
 * past its lease must not overwrite the result of the worker that took over.
 */
export async function deliverJob(db: Db, job: SyncJob, options: OutboxOptions = {}): Promise<DeliveryOutcome> {
  const config = settings(options);
  const ours = { id: job.id, status: "running", attempts: job.attempts };
  const finish = async (outcome: DeliveryOutcome, data: Record<string, unknown>) => {
    const updated = await db.syncJob.updateMany({ where: ours, data: { lockedUntil: null, ...data } });
    return updated.count === 1 ? outcome : "lost";
  };
  const fail = (reason: string) => finish("failed", { status: "failed", lastError: reason.slice(0, 1000) });

  const integration = await db.integration.findUnique({
    where: { id: job.integrationId },
    include: { website: { select: { dataSettings: true } } },
  });
  if (!integration) return fail("The integration was removed");
  // Checked at delivery time too: the owner may have switched processing off
  // after the job was queued, and then nothing may leave.
  if (asRecord(integration.website.dataSettings)["contact-processing"] === false)
    return fail(CONTACT_PROCESSING_DISABLED);

  try {
    if (job.operation === "send_email") {
      if (!options.sendEmail) throw new ProviderError("Sending is off: SMTP_URL is not set", false);
      await options.sendEmail(db, job);
    } else if (integration.integrationType === SHOPIFY_CUSTOMERS_INTEGRATION) {
      if (!options.shopifyCustomers) throw new ProviderError("This process does not sync Shopify customers", true);
      await options.shopifyCustomers(db, job);
    } else {
      const provider = (options.providerFor ?? ((i: IntegrationLike) => defaultProviderFor(i, options.registry)))(
        integration,
      );
      await perform(provider, job.operation, parsePayload(job.payload));
    }
    return finish("done", { status: "done", completedAt: config.now(), lastError: null });
  } catch (thrown) {
    const error = thrown instanceof ProviderError ? thrown : null;
    const message = error
      ? error.message
      : `Unexpected error: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
    if (error && !error.retryable) return fail(message);
    // A deferral is no try: its claim's attempt is given back, and it never counts towards giving up.
    if (error instanceof DeferredDelivery)
      return finish("retry", {
        status: "pending",
        attempts: job.attempts - 1,
        nextAttemptAt: new Date(config.now().getTime() + (error.retryAfterMs ?? 0)),
      });
    if (job.attempts >= config.maxAttempts) return fail(`Gave up after ${job.attempts} attempts: ${message}`);
    const delay = retryDelayMs(error, job.attempts, config);
    return finish("retry", {
      status: "pending",
      lastError: message.slice(0, 1000),
      nextAttemptAt: new Date(config.now().getTime() + delay),
    });
  }
}

export interface OutboxPassResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

/** One pass: claims due jobs and delivers them, a few at a time. */
export async function runOutboxOnce(db: Db, options: OutboxOptions = {}): Promise<OutboxPassResult> {
  const config = settings(options);
  const jobs = await claimDueJobs(db, options);
  const result: OutboxPassResult = { claimed: jobs.length, done: 0, retried: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const outcome = await deliverJob(db, job, options);
      if (outcome === "done") result.done++;
      else if (outcome === "retry") result.retried++;
      else if (outcome === "failed") result.failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(config.concurrency, jobs.length) }, lane));
  return result;
}

export interface OutboxWorkerOptions extends OutboxOptions {
  /** Pause between passes when there was nothing to do. */
  intervalMs?: number;
  onError?: (e: unknown) => void;
}

/**
 * Runs passes until stopped. Returns the stop function, which resolves once
 * the pass in flight has finished (so SIGTERM never cuts a delivery in half
 * on our side).
 */
export function startOutboxWorker(db: Db, options: OutboxWorkerOptions = {}): () => Promise<void> {
  const intervalMs = options.intervalMs ?? serverEnv().outboxIntervalMs ?? 2000;
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        const pass = await runOutboxOnce(db, options);
        busy = pass.claimed >= batchSize;
      } catch (e) {
        (options.onError ?? ((err) => logger("outbox").error({ err }, "outbox pass failed")))(e);
      }
      if (stopped) break;
      if (!busy) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, intervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();
  return async () => {
    stopped = true;
    (wake as (() => void) | null)?.();
    await loop;
  };
}

/** Counts of jobs by status for a website (admin overview). */
export async function outboxSummary(db: Db, websiteId: number): Promise<Record<string, number>> {
  const rows = await db.syncJob.groupBy({ by: ["status"], where: { websiteId }, _count: { _all: true } });
  return Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
}
