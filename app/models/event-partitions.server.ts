/**
 * The month partitions of "TrackedEvent" on PostgreSQL (created by migration
 * 20261126054925_partition_tracked_events). Partitions are made ahead of
 * time by the database function "beckon_ensure_event_partition", which is
 * safe when several server processes call it at once; an event whose month
 * has no partition yet lands in "TrackedEvent_default" and moves into its
 * partition when that is created. Expired months are detached, then dropped.
 * SQLite keeps one table: everything here is PostgreSQL only.
 */
import type { Db } from "#app/db.server";

/** How many months after the current one always have a partition. */
export const PARTITION_MONTHS_AHEAD = 2;

const PARTITION_NAME = /^TrackedEvent_p(\d{4})(\d{2})$/;

/** True when the client talks to PostgreSQL. */
export function isPostgres(db: Db): boolean {
  return (db as unknown as { _activeProvider?: string })._activeProvider === "postgresql";
}

/** The first instant (UTC) of the month `offset` months after the one holding `at`. */
export function monthStartUtc(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** The partition name for the month holding `at`, e.g. TrackedEvent_p202611. */
export function partitionName(at: Date): string {
  return `TrackedEvent_p${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * Makes sure the months from the one holding `now` to PARTITION_MONTHS_AHEAD
 * later have partitions; returns the names it created.
 */
export async function ensureEventPartitions(
  db: Db,
  now = new Date(),
  monthsAhead = PARTITION_MONTHS_AHEAD,
): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const created: string[] = [];
  for (let monthOffset = 0; monthOffset <= monthsAhead; monthOffset++) {
    const month = monthStartUtc(now, monthOffset);
    if (await ensureEventPartition(db, month)) created.push(partitionName(month));
  }
  return created;
}

/** Creates the partition of the month holding `at` unless it exists; true when created. */
export async function ensureEventPartition(db: Db, at: Date): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<{ created: boolean }[]>(
    `SELECT "beckon_ensure_event_partition"($1::timestamptz AT TIME ZONE 'UTC') AS created`,
    at.toISOString(),
  );
  return rows[0]?.created === true;
}

export interface EventPartition {
  name: string;
  /** First instant (UTC) of the partition's month. */
  month: Date;
  /** False for a partition detached by an earlier run that stopped before dropping it. */
  attached: boolean;
}

/** The month partitions of "TrackedEvent" (the default partition is not one), attached or left detached. */
export async function listEventPartitions(db: Db): Promise<EventPartition[]> {
  const rows = await db.$queryRawUnsafe<{ name: string; attached: boolean }[]>(
    `SELECT c.relname::text AS name, c.relispartition AS attached
       FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname LIKE 'TrackedEvent\\_p%'`,
  );
  return rows
    .flatMap((row) => {
      const match = PARTITION_NAME.exec(row.name);
      return match
        ? [
            {
              name: row.name,
              month: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
              attached: row.attached,
            },
          ]
        : [];
    })
    .sort((a, b) => a.month.getTime() - b.month.getTime());
}

/**
 * Detaches, then drops, every month partition that ends on or before
 * `cutoff` (a month start). Detaching needs a brief exclusive lock on
 * "TrackedEvent": it gives up after `lockTimeoutMs` rather than queue the
 * inserts behind a long read, and the next run tries again. Returns the
 * names dropped.
 */
export async function dropEventPartitionsBefore(db: Db, cutoff: Date, lockTimeoutMs = 2_000): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const dropped: string[] = [];
  for (const partition of await listEventPartitions(db)) {
    if (monthStartUtc(partition.month, 1).getTime() > cutoff.getTime()) continue;
    if (partition.attached) {
      // Names come from the catalogue and match PARTITION_NAME: safe to splice.
      await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
        await tx.$executeRawUnsafe(`LOCK TABLE "TrackedEvent" IN ACCESS EXCLUSIVE MODE`);
        // Another process may have detached it while this one waited for the lock.
        const still = await tx.$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM pg_inherits WHERE inhrelid = to_regclass($1) AND inhparent = '"TrackedEvent"'::regclass`,
          `"${partition.name}"`,
        );
        if (still[0]?.n) await tx.$executeRawUnsafe(`ALTER TABLE "TrackedEvent" DETACH PARTITION "${partition.name}"`);
      });
    }
    // Detached, the table is no one's: dropping it no longer locks the events.
    await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${partition.name}"`);
    dropped.push(partition.name);
  }
  return dropped;
}
