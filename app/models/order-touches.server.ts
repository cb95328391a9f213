/**
 * Each order's touch, found once and kept (OrderTouch). Seeking an order's
 * touch (the person's latest CTA action within ATTRIBUTION_WINDOW_DAYS
 * before it, order-attribution.server.ts) is one index seek, but the results
 * page made one per order of its period and the attribution window before
 * it: about 85,000 seeks for a month at 10,000,000 events, seconds of the
 * page's time, growing with the shop's orders. Kept here, the page reads the
 * touch with its order (a primary-key lookup) and seeks only for an order
 * without a row: so an order stored before this table, or whose recording
 * failed, is still credited, just more slowly.
 *
 * When a touch is found:
 * - an Order event's as it is stored (storeEvents calls recordEventTouches
 *   for the Order events a batch inserted);
 * - the rest by backfillOrderTouches (`npm run setup`, and the results
 *   benchmark after writing its events past ingestion), in batches along the
 *   orders index, each resumable: a row already kept is skipped, never
 *   counted twice.
 *
 * What it means. The touch is the one known when the order was stored. A CTA
 * action that reaches the server after the order, though it happened before
 * it (a visitor's queue sent late), does not move the order's credit. The
 * seek on the page would have seen it; the widget sends actions as they
 * happen and an order comes from the checkout after them, so both agree but
 * for that race, and a credit that never changes after the order is what a
 * merchant reconciling a month expects.
 *
 * Only orders that name no CTA of their own need a touch (an order that
 * names one is credited to it), so only those get a row.
 */
import type { Db } from "#app/db.server";
import { ATTRIBUTION_WINDOW_DAYS, ORDER_EVENT } from "./results/conversions";
import { isPostgres } from "./event-rollups.server";
import { touchJoin } from "./order-attribution.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders per backfill batch: one statement reads them with their touches, one writes the rows. */
const BACKFILL_BATCH = 2_000;
/** Rows per INSERT: well under SQLite's and PostgreSQL's parameter limits (7 per row). */
const ROWS_PER_INSERT = 500;

export type OrderSource = "event" | "row";

const TABLE: Record<OrderSource, string> = { event: `"TrackedEvent"`, row: `"Order"` };
/** The orders of a source that need a touch (alias `o`): Order events, and of either source those naming no CTA. */
const NEEDS_TOUCH: Record<OrderSource, string> = {
  event: `o."eventType" = '${ORDER_EVENT}' AND o."ctaId" IS NULL`,
  row: `o."ctaId" IS NULL`,
};

interface FoundTouch {
  ref: number | bigint;
  websiteId: number | bigint;
  at: Date | string;
  touchCtaId: number | bigint | null;
  touchVariantId: number | bigint | null;
  touchAt: Date | string | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const num = (v: number | bigint | null) => (v === null ? null : Number(v));

/** Writes the touches found (the window checked here too: SQLite's seek has no lower bound); a row already kept stays. */
async function keep(db: Db, source: OrderSource, found: FoundTouch[]): Promise<number> {
  const postgres = isPostgres(db);
  let written = 0;
  for (let i = 0; i < found.length; i += ROWS_PER_INSERT) {
    const chunk = found.slice(i, i + ROWS_PER_INSERT);
    const params: unknown[] = [];
    const bind = (value: unknown, cast = "") => {
      params.push(value);
      return postgres ? `$${params.length}${cast}` : "?";
    };
    const moment = (d: Date | null) => (d === null ? null : postgres ? d.toISOString() : d);
    const ts = postgres ? "::timestamptz AT TIME ZONE 'UTC'" : "";
    const values = chunk.map((order) => {
      const at = asDate(order.at);
      const touchAt = order.touchAt === null ? null : asDate(order.touchAt);
      const inWindow = touchAt !== null && at.getTime() - touchAt.getTime() <= ATTRIBUTION_WINDOW_DAYS * DAY_MS;
      return `(${bind(num(order.websiteId), postgres ? "::integer" : "")}, ${bind(source)}, ${bind(num(order.ref), postgres ? "::integer" : "")}, (${bind(moment(at))}${ts}), ${bind(inWindow ? num(order.touchCtaId) : null, postgres ? "::integer" : "")}, ${bind(inWindow ? num(order.touchVariantId) : null, postgres ? "::integer" : "")}, (${bind(inWindow ? moment(touchAt) : null)}${ts}))`;
    });
    written += await db.$executeRawUnsafe(
      `INSERT INTO "OrderTouch" ("websiteId", "source", "orderRef", "orderAt", "touchCtaId", "touchVariantId", "touchAt") VALUES ${values.join(", ")}
       ON CONFLICT ("source", "orderRef") DO NOTHING`,
      ...params,
    );
  }
  return written;
}

/** The touches of some orders of a source, found with the page's own seek (the EXPLAIN test checks its plan). */
function findSql(postgres: boolean, source: OrderSource, where: string, limit = ""): string {
  return `SELECT o."id" AS "ref", o."websiteId" AS "websiteId", o."createdAt" AS "at", t."ctaId" AS "touchCtaId", t."variantId" AS "touchVariantId", t."createdAt" AS "touchAt"
  FROM ${TABLE[source]} o ${touchJoin(postgres)}
  WHERE ${NEEDS_TOUCH[source]} AND ${where} ${limit}`;
}

/**
 * Keeps the touches of the Order events of a website that a batch just
 * inserted (their client ids, all made between `from` and `to`). Answers how
 * many were kept.
 */
export async function recordEventTouches(
  db: Db,
  websiteId: number,
  clientIds: string[],
  from: Date,
  to: Date,
): Promise<number> {
  if (!clientIds.length) return 0;
  const postgres = isPostgres(db);
  const params: unknown[] = [
    websiteId,
    postgres ? from.toISOString() : from,
    postgres ? to.toISOString() : to,
    ...clientIds,
  ];
  const at = (i: number) => (postgres ? `($${i}::timestamptz AT TIME ZONE 'UTC')` : "?");
  const ids = clientIds.map((_, i) => (postgres ? `$${i + 4}` : "?")).join(", ");
  // Found along the orders index (website, time), then by client id.
  const where = `o."websiteId" = ${postgres ? "$1" : "?"} AND o."createdAt" >= ${at(2)} AND o."createdAt" <= ${at(3)} AND o."clientId" IN (${ids})`;
  const found = await db.$queryRawUnsafe<FoundTouch[]>(findSql(postgres, "event", where), ...params);
  return keep(db, "event", found);
}

/**
 * Keeps the touches of every order of both sources that has none yet, a
 * batch at a time in (time, id) order; safe to run again or beside
 * ingestion (a row kept meanwhile is skipped). Answers how many it kept.
 */
export async function backfillOrderTouches(db: Db, batch = BACKFILL_BATCH): Promise<number> {
  if (!Number.isInteger(batch) || batch < 1 || batch > 100_000)
    throw new Error(`Order touch batch must be a whole number from 1 to 100000; got ${batch}`);
  const postgres = isPostgres(db);
  const websites = await db.website.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  let kept = 0;
  for (const { id: websiteId } of websites) {
    for (const source of ["event", "row"] as const) {
      // The last order of the batch before: its time as the database gave it (SQLite compares its stored text).
      let after: { at: Date | string; id: number } | null = null;
      for (;;) {
        const params: unknown[] = [websiteId];
        const bind = (value: unknown) => {
          params.push(value);
          return postgres ? `$${params.length}` : "?";
        };
        let where = `o."websiteId" = ${postgres ? "$1" : "?"} AND NOT EXISTS (SELECT 1 FROM "OrderTouch" k WHERE k."source" = '${source}' AND k."orderRef" = o."id")`;
        if (after !== null) {
          const at = postgres
            ? `(${bind(asDate(after.at).toISOString())}::timestamptz AT TIME ZONE 'UTC')`
            : bind(after.at);
          where += ` AND (o."createdAt", o."id") > (${at}, ${bind(after.id)}${postgres ? "::integer" : ""})`;
        }
        const rows = await db.$queryRawUnsafe<FoundTouch[]>(
          findSql(postgres, source, where, `ORDER BY o."createdAt", o."id" LIMIT ${batch}`),
          ...params,
        );
        if (!rows.length) break;
        kept += await keep(db, source, rows);
        const last = rows[rows.length - 1];
        after = { at: last.at, id: Number(last.ref) };
        if (rows.length < batch) break;
      }
    }
  }
  return kept;
}

/** Retention: the touches of Order events made before the cutoff (the events are gone or going). Answers how many it deleted. */
export async function deleteOrderTouchesBefore(db: Db, cutoff: Date): Promise<number> {
  const { count } = await db.orderTouch.deleteMany({ where: { source: "event", orderAt: { lt: cutoff } } });
  return count;
}
