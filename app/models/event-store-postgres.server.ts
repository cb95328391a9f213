/**
 * Stores a batch of tracked events on PostgreSQL with ONE statement that
 * also adds them to the daily rollups: receipts (the once-only rule, see
 * event-insert.server.ts), the events, the counters (CtaDailyRollup) and the
 * sketches (CtaDailySketch), as data-modifying CTEs of a single INSERT.
 *
 * Why one statement. The rollup rows are hot: every batch of a CTA's day
 * updates the same counter and sketch rows. In an interactive transaction
 * (insert, counters, sketches, COMMIT: five round trips) each batch held
 * those row locks across three round trips and the event-loop turns between
 * them, so concurrent batches queued behind each other for all of it, and
 * ingestion fell from 10,460 to 4,311 events/s. As one statement in its own
 * implicit transaction a batch holds the rows only while PostgreSQL itself
 * runs the rest of the statement and commits; nothing waits on Node.
 *
 * Correctness is the one statement's atomicity: the counters and sketches
 * are computed from the INSERT's RETURNING (only the events actually
 * inserted, never a duplicate or a resend), and a crash before the commit
 * leaves none of it. Rows are written in key order (receipts by client id,
 * counters and sketches by day, CTA, variant, kind), as applyToRollups does,
 * so concurrent batches lock shared rows in one order and cannot deadlock.
 *
 * The batch travels as one array per column (unnest), so the statement's
 * text is the same whatever the batch's size: short to parse, and nothing to
 * splice into SQL. What a row adds to the rollups (its counter, cart value,
 * day, sketch kinds and HyperLogLog entry) is worked out in JS by
 * rollupFieldsOf (event-rollups.server.ts), the same rules as aggregate().
 */
import type { Db } from "#app/db.server";
import { plainSqlOf } from "#app/db/plain-sql.server";
import { COUNTER_COLUMNS, rollupFieldsOf, type RolledEvent } from "./event-rollups.server";

/** One event to store, with the values of its columns. */
export interface PostgresEventRow extends RolledEvent {
  clientId: string;
  visitorToken: string;
  stepId: number | null;
  elementId: number | null;
  broadcastId: number | null;
  url: string | null;
  integrationType: string | null;
}

/** The arrays the statement unnests, in parameter order ($2 on), with their element types. */
const ARRAYS = [
  ["clientId", "text"],
  ["eventType", "text"],
  ["personId", "integer"],
  ["visitorToken", "text"],
  ["ctaId", "integer"],
  ["variantId", "integer"],
  ["stepId", "integer"],
  ["elementId", "integer"],
  ["broadcastId", "integer"],
  ["url", "text"],
  ["revenue", "float8"],
  ["integrationType", "text"],
  ["data", "text"],
  ["createdAt", "text"],
  // What the row adds to the rollups (null counter: nothing).
  ["day", "text"],
  ["counter", "text"],
  ["cartValue", "float8"],
  ["kinds", "text"],
  ["entry", "text"],
] as const;

type ArrayName = (typeof ARRAYS)[number][0];

/** Event columns written from the arrays of the same name (all but the rollup fields). */
const EVENT_COLUMNS = ARRAYS.slice(0, 14).map(([name]) => name);

const quote = (name: string) => `"${name}"`;

/** The statement: $1 the website id, $2.. the arrays of ARRAYS; answers the client ids it stored. */
export const STORE_EVENTS_SQL = (() => {
  const unnest = ARRAYS.map(([, type], i) => `$${i + 2}::${type}[]`).join(", ");
  const eventValues = EVENT_COLUMNS.map((column) =>
    column === "data"
      ? `i."data"::jsonb`
      : column === "createdAt"
        ? `i."createdAt"::timestamptz AT TIME ZONE 'UTC'`
        : `i.${quote(column)}`,
  ).join(", ");
  const counters = COUNTER_COLUMNS.filter((c) => c !== "cartValue");
  const counterValues = [
    ...counters.map((c) => `count(*) FILTER (WHERE i."counter" = '${c}')::integer`),
    `COALESCE(sum(i."cartValue"), 0)`,
  ].join(", ");
  const counterUpdates = [...counters, "cartValue"]
    .map((c) => `${quote(c)} = r.${quote(c)} + excluded.${quote(c)}`)
    .join(", ");
  return [
    `WITH "input" AS (SELECT * FROM unnest(${unnest}) AS i(${ARRAYS.map(([n]) => quote(n)).join(", ")})),`,
    // Sorted, so two copies of a batch racing on the receipts' index wait for each other in one order.
    `"fresh" AS (INSERT INTO "TrackedEventReceipt" ("websiteId", "clientId") SELECT $1::integer, "clientId" FROM "input" ORDER BY "clientId" COLLATE "C" ON CONFLICT DO NOTHING RETURNING "clientId"),`,
    `"stored" AS (INSERT INTO "TrackedEvent" ("websiteId", ${EVENT_COLUMNS.map(quote).join(", ")}) SELECT $1::integer, ${eventValues} FROM "input" i JOIN "fresh" USING ("clientId") RETURNING "clientId"),`,
    `"counted" AS (INSERT INTO "CtaDailyRollup" AS r ("websiteId", "day", "ctaId", "variantId", ${[...counters, "cartValue"].map(quote).join(", ")})`,
    ` SELECT $1::integer, i."day", i."ctaId", COALESCE(i."variantId", 0), ${counterValues}`,
    ` FROM "input" i JOIN "stored" USING ("clientId") WHERE i."counter" IS NOT NULL`,
    ` GROUP BY i."day", i."ctaId", COALESCE(i."variantId", 0) ORDER BY i."day" COLLATE "C", i."ctaId", COALESCE(i."variantId", 0)`,
    ` ON CONFLICT ("websiteId", "day", "ctaId", "variantId") DO UPDATE SET ${counterUpdates}),`,
    `"sketched" AS (INSERT INTO "CtaDailySketch" AS s ("websiteId", "day", "ctaId", "variantId", "kind", "registers")`,
    ` SELECT $1::integer, i."day", i."ctaId", COALESCE(i."variantId", 0), k."kind", string_agg(DISTINCT decode(i."entry", 'hex'), ''::bytea)`,
    ` FROM "input" i JOIN "stored" USING ("clientId") CROSS JOIN LATERAL unnest(string_to_array(i."kinds", ',')) AS k("kind")`,
    ` WHERE i."counter" IS NOT NULL AND i."entry" IS NOT NULL`,
    ` GROUP BY i."day", i."ctaId", COALESCE(i."variantId", 0), k."kind"`,
    ` ORDER BY i."day" COLLATE "C", i."ctaId", COALESCE(i."variantId", 0), k."kind" COLLATE "C"`,
    ` ON CONFLICT ("websiteId", "day", "ctaId", "variantId", "kind") DO UPDATE SET "registers" = beckon_hll_add(s."registers", excluded."registers"))`,
    `SELECT "clientId" FROM "stored"`,
  ].join("\n");
})();

/** The statement's parameters for a batch: the website id, then one array per entry of ARRAYS. */
export function storeEventsParams(websiteId: number, rows: readonly PostgresEventRow[]): unknown[] {
  const arrays = Object.fromEntries(ARRAYS.map(([name]) => [name, [] as unknown[]])) as Record<ArrayName, unknown[]>;
  for (const row of rows) {
    const rollup = rollupFieldsOf(row);
    arrays.clientId.push(row.clientId);
    arrays.eventType.push(row.eventType);
    arrays.personId.push(row.personId);
    arrays.visitorToken.push(row.visitorToken);
    arrays.ctaId.push(row.ctaId);
    arrays.variantId.push(row.variantId);
    arrays.stepId.push(row.stepId);
    arrays.elementId.push(row.elementId);
    arrays.broadcastId.push(row.broadcastId);
    arrays.url.push(row.url);
    arrays.revenue.push(row.revenue);
    arrays.integrationType.push(row.integrationType);
    arrays.data.push(JSON.stringify(row.data ?? {}));
    // timestamptz parses the ISO string's zone; the column keeps UTC wall-clock time.
    arrays.createdAt.push(row.createdAt.toISOString());
    arrays.day.push(rollup.day);
    arrays.counter.push(rollup.counter);
    arrays.cartValue.push(rollup.cartValue);
    arrays.kinds.push(rollup.kinds.join(","));
    arrays.entry.push(rollup.entry);
  }
  return [websiteId, ...ARRAYS.map(([name]) => arrays[name])];
}

/** Stores the rows (client ids unique within the batch) and adds the new ones to the rollups; answers the client ids stored. */
export async function storeEventsPostgres(
  db: Pick<Db, "$queryRawUnsafe">,
  websiteId: number,
  rows: readonly PostgresEventRow[],
): Promise<string[]> {
  if (!rows.length) return [];
  const stored = await plainSqlOf(db)<{ clientId: string }>(
    STORE_EVENTS_SQL,
    storeEventsParams(websiteId, rows),
    "beckon_store_events",
  );
  return stored.map((r) => r.clientId);
}
