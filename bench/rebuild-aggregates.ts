/**
 * The results benchmark writes its events straight into the database, past
 * the ingestion code that keeps the daily rollups. Before the page is timed
 * the rollups are built from those raw events by the app's own backfill
 * (the one `npm run setup` runs after a migration), never by code of the
 * bench's own, so the page shows what the generated events add up to.
 *
 * The batches are larger than setup's: the generated events come in id
 * order with days and CTAs mixed, so every batch touches nearly every
 * rollup row of the history (about 4,000 rows at 17 CTAs and 60 days),
 * whatever its size. 100,000 events a batch write those rows 20 times less
 * often than 5,000 (10,000,000 events: minutes instead of a quarter hour).
 */
import type { Db } from "#app/db.server";
import { backfillRollups } from "#app/models/event-rollups.server";
import { backfillOrderTouches } from "#app/models/order-touches.server";

const EVENTS_PER_BATCH = 100_000;

/** Builds the rollups of the events written past ingestion; returns what ran and how long it took. */
export async function rebuildAggregates(db: Db): Promise<{ backfill: string; seconds: number }> {
  const started = Date.now();
  // The migration set the backfill's cursor to the events stored before it; the bench's events came after.
  await db.$executeRawUnsafe(
    `UPDATE "RollupBackfill" SET "throughId" = (SELECT COALESCE(MAX("id"), 0) FROM "TrackedEvent") WHERE "id" = 1`,
  );
  const events = await backfillRollups(db, EVENTS_PER_BATCH);
  console.log(`[bench] rebuildAggregates: backfillRollups() rolled up ${events} events`);
  const touchesStarted = Date.now();
  const orders = await backfillOrderTouches(db);
  console.log(
    `[bench] rebuildAggregates: backfillOrderTouches() kept ${orders} order touches in ${((Date.now() - touchesStarted) / 1000).toFixed(1)} s`,
  );
  return {
    backfill:
      "app/models/event-rollups.server.ts backfillRollups(), app/models/order-touches.server.ts backfillOrderTouches()",
    seconds: (Date.now() - started) / 1000,
  };
}
