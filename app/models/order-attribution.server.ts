/**
 * A period's orders with the CTA action each could be credited to, found in
 * SQL (app/models/results/conversions.ts creditOrders then decides). An order's touch is
 * read from OrderTouch where it was kept (order-touches.server.ts says when);
 * the seek below runs only for the others. Orders are few, so
 * they are read one by one; the touch, "the person's latest CTA action at or
 * before the order", is one index seek per order on
 * TrackedEvent(personId, createdAt) (ORDER BY createdAt DESC LIMIT 1), never
 * a scan of the person's or the website's events. The orders themselves come
 * from the partial index TrackedEvent_orders_idx (Order events only).
 *
 * On PostgreSQL the touch is a LATERAL subquery that returns the touch's
 * columns itself. Joining the touch back by id (`t.id = (SELECT ...)`, the
 * SQLite form) made PostgreSQL hash the whole TrackedEvent table to look
 * those ids up (1.2 s of the 1.5 s query at 1,000,000 events, and growing
 * with every event): the events are partitioned by month, so no index on id
 * alone exists. The seek is also bounded below by ATTRIBUTION_WINDOW_DAYS,
 * so each order searches only the months its window covers. SQLite keeps
 * the join by id (a rowid lookup there) and, its DateTime being text, no
 * lower bound: there the window is checked here on the touch's time (kept
 * on both, which changes nothing where SQL already bounds it).
 */
import type { Db } from "#app/db.server";
import { plainSqlOf } from "#app/db/plain-sql.server";
import { ACTION_EVENTS, ATTRIBUTION_WINDOW_DAYS, ORDER_EVENT, orderIdOf, type OrderRow } from "./results/conversions";
import { isPostgres } from "./event-rollups.server";

const DAY_MS = 24 * 60 * 60 * 1000;

const ACTIONS = ACTION_EVENTS.map((t) => `'${t}'`).join(",");

/**
 * Orders whose touch is kept (OrderTouch, alias `k`, order-touches.server.ts)
 * are not sought: the condition gates the seek, which runs only for an order
 * without a kept touch that names no CTA of its own.
 */
const SEEK_NEEDED = `k."orderRef" IS NULL AND o."ctaId" IS NULL`;

/** SQLite: the touch's id, one index seek (the EXPLAIN test checks the plan). `o` is the order's alias. */
const TOUCH_ID = `(SELECT c."id" FROM "TrackedEvent" c
  WHERE c."personId" = o."personId" AND c."createdAt" <= o."createdAt"
    AND c."ctaId" IS NOT NULL AND c."eventType" IN (${ACTIONS})
  ORDER BY c."createdAt" DESC, c."id" DESC LIMIT 1)`;

/** PostgreSQL: where and in which order the touch of an order (alias `o`) is sought, one index seek within the window. */
const SEEK_POSTGRES = `FROM "TrackedEvent" c
  WHERE c."personId" = o."personId" AND c."createdAt" <= o."createdAt"
    AND c."createdAt" >= o."createdAt" - interval '${ATTRIBUTION_WINDOW_DAYS} days'
    AND c."ctaId" IS NOT NULL AND c."eventType" IN (${ACTIONS})
  ORDER BY c."createdAt" DESC, c."id" DESC LIMIT 1`;

/** PostgreSQL: the touch itself, as a joined row. */
const TOUCH_LATERAL = `LATERAL (SELECT c."ctaId", c."variantId", c."createdAt" ${SEEK_POSTGRES}) t ON true`;

/** The join that gives an order (alias `o`) its sought touch (alias `t`), as the backfill seeks it. */
export const touchJoin = (postgres: boolean) =>
  postgres ? `LEFT JOIN ${TOUCH_LATERAL}` : `LEFT JOIN "TrackedEvent" t ON t."id" = ${TOUCH_ID}`;

/** SQLite's page query: the same join, only where SEEK_NEEDED (SQLite stops at the ON's first term). PostgreSQL's seeks in a CASE (withSoughtTouch). */
const GATED_TOUCH_JOIN_SQLITE = `LEFT JOIN "TrackedEvent" t ON ${SEEK_NEEDED} AND t."id" = ${TOUCH_ID}`;

/** An order's kept touch (alias `k`) and the touch it is credited to: the kept one, else the sought one. */
const keptJoin = (source: "event" | "row") =>
  `LEFT JOIN "OrderTouch" k ON k."source" = '${source}' AND k."orderRef" = o."id"`;
const TOUCH_COLUMNS_SQLITE = `CASE WHEN k."orderRef" IS NULL THEN t."ctaId" ELSE k."touchCtaId" END AS "touchCtaId",
    CASE WHEN k."orderRef" IS NULL THEN t."variantId" ELSE k."touchVariantId" END AS "touchVariantId",
    CASE WHEN k."orderRef" IS NULL THEN t."createdAt" ELSE k."touchAt" END AS "touchAt"`;

/**
 * A timestamp column as an instant. PostgreSQL's columns hold UTC wall-clock
 * time without a zone, which pg would read in the server's local zone; as
 * milliseconds since 1970 (UTC) it is also a number to read, not a date text
 * to parse (pg's date parsing was a tenth of the page's CPU time).
 */
const instant = (column: string, postgres: boolean) =>
  postgres ? `(EXTRACT(EPOCH FROM ${column}) * 1000)::float8` : column;

/**
 * The order id of an Order event, from its data, as orderIdOf reads it (a
 * string only): just that, not the whole data, which is parsed in the
 * database instead of shipping every order's JSON to Node.
 */
const ORDER_ID_OF_EVENT = {
  postgres: `CASE WHEN jsonb_typeof(o."data"->'order_id') = 'string' THEN NULLIF(left(o."data"->>'order_id', 100), '') END`,
  sqlite: `CASE WHEN json_type(o."data", '$.order_id') = 'text' THEN NULLIF(substr(json_extract(o."data", '$.order_id'), 1, 100), '') END`,
};

/** Parameters arrive as text on PostgreSQL: moments are ISO strings read as UTC (the columns are timestamps without a zone). */
function placeholders(postgres: boolean): string[] {
  return postgres
    ? ["$1", "($2::timestamptz AT TIME ZONE 'UTC')", "($3::timestamptz AT TIME ZONE 'UTC')"]
    : ["?", "?", "?"];
}

/**
 * PostgreSQL: the touch sought as a scalar subquery inside CASE, which runs
 * only for an order that needs it. A LATERAL join gated the same way still
 * ran its (empty) plan once per order: 200 of a 750 ms query over a month's
 * 100,000 orders, nearly all of them with a kept touch. The planner pulls
 * the inner query up, which copies the seek into each of the three touch
 * columns: an order without a kept touch (rare once the backfill ran) is
 * sought three times. Fenced off (OFFSET 0) it is sought once, but every
 * order then passes one more plan node: 675 ms instead of 530.
 */
function withSoughtTouch(columns: string, from: string, where: string): string {
  const sought = `(SELECT ARRAY[c."ctaId", c."variantId", EXTRACT(EPOCH FROM c."createdAt") * 1000]::float8[] ${SEEK_POSTGRES})`;
  return `SELECT x."ref", x."orderId", x."revenue", x."at", x."ctaId", x."variantId",
    CASE WHEN x."kept" THEN x."keptCta" ELSE x."sought"[1]::integer END AS "touchCtaId",
    CASE WHEN x."kept" THEN x."keptVariant" ELSE x."sought"[2]::integer END AS "touchVariantId",
    CASE WHEN x."kept" THEN x."keptAt" ELSE x."sought"[3] END AS "touchAt"
  FROM (SELECT ${columns}, k."orderRef" IS NOT NULL AS "kept", k."touchCtaId" AS "keptCta", k."touchVariantId" AS "keptVariant", ${instant(`k."touchAt"`, true)} AS "keptAt",
      CASE WHEN ${SEEK_NEEDED} THEN ${sought} END AS "sought"
    ${from} WHERE ${where}) x`;
}

/** An order query: its columns, with the touch kept or sought, from a table (alias `o`, kept touch `k`) and a condition. */
function ordersWithTouch(postgres: boolean, columns: string, from: string, where: string): string {
  if (postgres) return withSoughtTouch(columns, from, where);
  return `SELECT ${columns}, ${TOUCH_COLUMNS_SQLITE} ${from} ${GATED_TOUCH_JOIN_SQLITE} WHERE ${where}`;
}

/** SQL of the order events of a website between two moments, with their touch (exported for the EXPLAIN test). */
export function orderEventsSql(postgres: boolean): string {
  const slots = placeholders(postgres);
  const columns = `o."id" AS "ref", ${ORDER_ID_OF_EVENT[postgres ? "postgres" : "sqlite"]} AS "orderId", o."revenue" AS "revenue", ${instant(`o."createdAt"`, postgres)} AS "at", o."ctaId" AS "ctaId", o."variantId" AS "variantId"`;
  const where = `o."websiteId" = ${slots[0]} AND o."eventType" = '${ORDER_EVENT}' AND o."createdAt" >= ${slots[1]} AND o."createdAt" < ${slots[2]}`;
  return ordersWithTouch(postgres, columns, `FROM "TrackedEvent" o ${keptJoin("event")}`, where);
}

/** SQL of the Order rows of a website between two moments, with their touch. */
export function orderRowsSql(postgres: boolean): string {
  const slots = placeholders(postgres);
  const columns = `o."id" AS "ref", o."orderId" AS "orderId", o."revenue" AS "revenue", ${instant(`o."createdAt"`, postgres)} AS "at", o."ctaId" AS "ctaId", o."variantId" AS "variantId"`;
  const where = `o."websiteId" = ${slots[0]} AND o."createdAt" >= ${slots[1]} AND o."createdAt" < ${slots[2]}`;
  return ordersWithTouch(postgres, columns, `FROM "Order" o ${keptJoin("row")}`, where);
}

interface Raw {
  orderId: string | null;
  revenue: number | null;
  at: Date | string | number;
  ctaId: number | null;
  variantId: number | null;
  touchCtaId: number | null;
  touchVariantId: number | null;
  touchAt: Date | string | number | null;
}

const moment = (d: Date, postgres: boolean) => (postgres ? d.toISOString() : d);
const asDate = (v: Date | string | number) => (v instanceof Date ? v : new Date(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toOrder(row: Raw, source: OrderRow["source"]): OrderRow {
  const at = asDate(row.at);
  const touchAt = row.touchAt === null ? null : asDate(row.touchAt);
  const inWindow = touchAt !== null && at.getTime() - touchAt.getTime() <= ATTRIBUTION_WINDOW_DAYS * DAY_MS;
  return {
    source,
    orderId: source === "event" ? orderIdOf({ order_id: row.orderId }) : (row.orderId ?? null),
    revenue: Number(row.revenue ?? 0),
    at,
    ctaId: num(row.ctaId),
    variantId: num(row.variantId),
    touchCtaId: inWindow ? num(row.touchCtaId) : null,
    touchVariantId: inWindow ? num(row.touchVariantId) : null,
  };
}

/**
 * The orders creditOrders needs for the period [from, to): Order events since
 * ATTRIBUTION_WINDOW_DAYS before `from` (an order id counts at its first
 * event) and Order rows of the period, each with its touch. The results page
 * reads the credit summed by the database instead (order-credit.server.ts);
 * this per-order reading, through creditOrders, is the reference a test
 * holds that sum to.
 */
export async function ordersForPeriod(db: Db, websiteId: number, from: Date, to: Date): Promise<OrderRow[]> {
  const postgres = isPostgres(db);
  // Tens of thousands of rows at scale: on PostgreSQL read with pg itself, which hands them over
  // several times faster than Prisma's raw query (app/db/plain-sql.server.ts).
  const plain = plainSqlOf(db);
  const lookback = new Date(from.getTime() - ATTRIBUTION_WINDOW_DAYS * DAY_MS);
  const [events, rows] = await Promise.all([
    plain<Raw>(
      orderEventsSql(postgres),
      [websiteId, moment(lookback, postgres), moment(to, postgres)],
      "beckon_order_events",
    ),
    plain<Raw>(orderRowsSql(postgres), [websiteId, moment(from, postgres), moment(to, postgres)], "beckon_order_rows"),
  ]);
  return [...events.map((r) => toOrder(r, "event")), ...rows.map((r) => toOrder(r, "row"))];
}
