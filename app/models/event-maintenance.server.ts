/**
 * Upkeep of raw events, run by each server process (scripts/serve.ts) at
 * start and then daily: month partitions ahead of time on PostgreSQL, then
 * retention when BECKON_EVENT_RETENTION_MONTHS is set. Every step is safe
 * when several processes run it at once; a failed run (a lock that timed
 * out) is logged and simply tried again next time.
 */
import type { Db } from "#app/db.server";
import { ensureEventPartitions } from "./event-partitions.server";
import { applyEventRetention, eventRetentionMonths } from "./event-retention.server";
import type { EnvSource } from "#app/server/env.server";
import { logger } from "#app/server/logger.server";
import { startPeriodicJob } from "#app/server/periodic-job.server";

export const MAINTENANCE_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** One maintenance run: partitions ahead, then retention if configured. */
export async function runEventMaintenance(db: Db, retentionMonths: number | null, now = new Date()): Promise<void> {
  const created = await ensureEventPartitions(db, now);
  if (created.length) logger("event-maintenance").info(`event partitions created: ${created.join(", ")}`);
  if (retentionMonths === null) return;
  const retention = await applyEventRetention(db, retentionMonths, { now });
  if (retention.droppedPartitions.length || retention.deletedEvents || retention.deletedReceipts) {
    logger("event-maintenance").info(
      `event retention (${retentionMonths} months, before ${retention.cutoff.toISOString().slice(0, 10)}): ` +
        `dropped ${retention.droppedPartitions.length} partitions, deleted ${retention.deletedEvents} events and ${retention.deletedReceipts} receipts`,
    );
  }
}

/**
 * Validates the retention setting (throws on junk, so a bad value stops the
 * server at start), runs maintenance now and every `intervalMs`; resolves
 * to a stop function that waits for a run in progress.
 */
export async function startEventMaintenance(
  db: Db,
  env?: EnvSource,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): Promise<() => Promise<void>> {
  const months = eventRetentionMonths(env);
  return startPeriodicJob(
    "event-maintenance",
    () => runEventMaintenance(db, months),
    intervalMs,
    "event maintenance failed; it runs again later",
  );
}

/** Starts maintenance inside the server process (scripts/serve.ts) on the application's own client. */
export async function startServerEventMaintenance(env?: EnvSource): Promise<() => Promise<void>> {
  // Imported here so the server build's client (kept on globalThis) is reused.
  const { prisma } = await import("#app/db.server");
  return startEventMaintenance(prisma, env);
}
