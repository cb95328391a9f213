/**
 * Retention of raw events: BECKON_EVENT_RETENTION_MONTHS = N keeps the
 * current month and the N months before it, and removes older raw events
 * (and, on PostgreSQL, their receipts). Unset keeps them forever. Only
 * "TrackedEvent" (and "TrackedEventReceipt") shrink: contacts, submissions,
 * orders and results' rollups stay.
 *
 * PostgreSQL drops whole month partitions (event-partitions.server.ts);
 * stray rows in the default partition and expired receipts are deleted in
 * batches. SQLite deletes expired rows a small batch per transaction and
 * yields between batches, so a writer (event ingestion) never waits for
 * more than one batch.
 */
import type { Db } from "#app/db.server";
import { dropEventPartitionsBefore, isPostgres, monthStartUtc } from "./event-partitions.server";
import { MAX_RETENTION_MONTHS, serverEnv, type EnvSource } from "#app/server/env.server";
import { deleteOrderTouchesBefore } from "./order-touches.server";

/**
 * The retention setting in whole months, or null when raw events are kept
 * forever (unset or empty). Throws a message naming the variable for
 * anything else than a whole number from 1 to MAX_RETENTION_MONTHS.
 */
export function eventRetentionMonths(env?: EnvSource): number | null {
  return serverEnv(env).eventRetentionMonths;
}

/** The first instant (UTC) still kept: the start of the month `months` before the one holding `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  return monthStartUtc(now, -months);
}

export interface RetentionOptions {
  now?: Date;
  /** Rows per deleting transaction. */
  batchSize?: number;
}

export interface RetentionResult {
  cutoff: Date;
  droppedPartitions: string[];
  deletedEvents: number;
  deletedReceipts: number;
}

const DEFAULT_BATCH = 500;

/** Removes raw events (and receipts) older than the cutoff for `months` of retention. */
export async function applyEventRetention(
  db: Db,
  months: number,
  options: RetentionOptions = {},
): Promise<RetentionResult> {
  if (!Number.isInteger(months) || months < 1 || months > MAX_RETENTION_MONTHS) {
    throw new Error(
      `Event retention must be a whole number of months from 1 to ${MAX_RETENTION_MONTHS}; got ${months}`,
    );
  }
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) {
    throw new Error(`Retention batch size must be a whole number from 1 to 100000; got ${batchSize}`);
  }
  const cutoff = retentionCutoff(options.now ?? new Date(), months);
  // The kept touches of Order events older than the cutoff go with those events. An Order row's
  // touch stays with the row: its CTA action is deleted now, so the touch is only known from there.
  await deleteOrderTouchesBefore(db, cutoff);
  if (!isPostgres(db)) {
    return {
      cutoff,
      droppedPartitions: [],
      deletedEvents: await deleteSqliteEventsBefore(db, cutoff, batchSize),
      deletedReceipts: 0,
    };
  }
  const droppedPartitions = await dropEventPartitionsBefore(db, cutoff);
  const deletedEvents = await deleteInBatches(db, "TrackedEvent_default", cutoff, batchSize);
  const deletedReceipts = await deleteInBatches(db, "TrackedEventReceipt", cutoff, batchSize);
  return { cutoff, droppedPartitions, deletedEvents, deletedReceipts };
}

/** Lets queued requests (an ingestion write among them) run before the next batch. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

async function deleteSqliteEventsBefore(db: Db, cutoff: Date, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    // Found by the createdAt index; each delete is its own short transaction.
    const batch = await db.trackedEvent.findMany({
      where: { createdAt: { lt: cutoff } },
      select: { id: true },
      take: batchSize,
    });
    if (!batch.length) return total;
    const { count } = await db.trackedEvent.deleteMany({ where: { id: { in: batch.map((e) => e.id) } } });
    total += count;
    if (batch.length < batchSize) return total;
    await yieldToOthers();
  }
}

/** PostgreSQL: deletes rows of `table` with "createdAt" before the cutoff, a batch per statement. */
async function deleteInBatches(
  db: Db,
  table: "TrackedEvent_default" | "TrackedEventReceipt",
  cutoff: Date,
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await db.$executeRawUnsafe(
      `DELETE FROM "${table}" WHERE ctid IN (SELECT ctid FROM "${table}" WHERE "createdAt" < ($1::timestamptz AT TIME ZONE 'UTC') LIMIT ${batchSize})`,
      cutoff.toISOString(),
    );
    total += count;
    if (count < batchSize) return total;
    await yieldToOthers();
  }
}
