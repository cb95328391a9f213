/**
 * A period's order credit (app/models/results/conversions.ts creditOrders, the rules'
 * reference in Node) computed in the database, which answers one row per
 * day and credited CTA variant instead of one per order: at 10,000,000
 * events a month holds about 150,000 orders, and shipping each to Node to
 * be counted cost more than the rest of the results page.
 *
 * The same rules, in SQL:
 * - Order rows of the period (Shopify-confirmed orders among them);
 * - except on a Shopify website, Order events since ATTRIBUTION_WINDOW_DAYS before the period: an order
 *   id counts at its first event (ROW_NUMBER over the id), in the period,
 *   unless an Order row of the period has the id (a browser's report never
 *   blocks the confirmed order);
 * - credited to the order's own CTA variant, else its touch within the
 *   window (kept or sought, order-attribution.server.ts), else unattributed;
 * - revenue below zero counts as zero; an order above OUTLIER_FACTOR × the
 *   median of the period's positive order values (once there are
 *   OUTLIER_MIN_ORDERS) is flagged and left out, never above
 *   MAX_EVENT_REVENUE.
 * A test holds it equal to creditOrders on generated orders, on both databases.
 */
import type { Db } from "#app/db.server";
import { plainSqlOf } from "#app/db/plain-sql.server";
import { ATTRIBUTION_WINDOW_DAYS, variantKey, type OrderCredit } from "./results/conversions";
import { MAX_EVENT_REVENUE, OUTLIER_FACTOR, OUTLIER_MIN_ORDERS } from "#contract/revenue";
import { isPostgres } from "./event-rollups.server";
import { orderEventsSql, orderRowsSql } from "./order-attribution.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = ATTRIBUTION_WINDOW_DAYS * DAY_MS;

/**
 * The statement. Parameters: the website, the lookback (the period's start
 * less the window), the period's start and its end; on SQLite each is given
 * again where it appears (`params` says in which order).
 */
export function orderCreditSql(
  postgres: boolean,
  browserOrders = true,
): { sql: string; params: ("website" | "lookback" | "from" | "to")[] } {
  // The reading statements take (website, start, end) as $1..$3: here $1, $2 or $3, $4.
  const renumber = (sql: string, start: "lookback" | "from") =>
    postgres
      ? sql.replace(
          /\$([123])\b/g,
          (_, n: string) => `$${n === "1" ? 1 : n === "3" ? 4 : start === "lookback" ? 2 : 3}`,
        )
      : sql;
  const events = renumber(orderEventsSql(postgres), "lookback");
  const rows = renumber(orderRowsSql(postgres), "from");
  // SQLite's anonymous parameters, in the order they appear below.
  const params: ("website" | "lookback" | "from" | "to")[] = ["website", "lookback", "to", "website", "from", "to"];
  if (browserOrders) params.push("from");
  const from = postgres ? `(EXTRACT(EPOCH FROM ($3::timestamptz AT TIME ZONE 'UTC')) * 1000)::float8` : "?";
  // Times arrive as the reading statements give them: epoch milliseconds on PostgreSQL, ISO text on SQLite.
  const ms = (column: string) =>
    postgres ? column : `CAST(ROUND((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`;
  // PostgreSQL answers the day as its number since 1970 (dayText names it): formatting a date per order cost a tenth of the query.
  const dayOf = (column: string) => (postgres ? `floor(${column} / ${DAY_MS})::integer` : `substr(${column}, 1, 10)`);
  const inWindow = `"touchAt" IS NOT NULL AND ${ms(`"at"`)} - ${ms(`"touchAt"`)} <= ${WINDOW_MS}`;
  const sql = `WITH "ev" AS (${events}),
  "rw" AS (${rows}),
  ${postgres ? PG_FIRST_EVENTS : SQLITE_FIRST_EVENTS},
  "counted" AS (
${browserOrders ? BROWSER_ORDERS(from) : ""}
    SELECT r."at", r."revenue", r."ctaId", r."variantId", r."touchCtaId", r."touchVariantId", r."touchAt" FROM "rw" r),
  "valued" AS (
    SELECT ${dayOf(`"at"`)} AS "day",
      CASE WHEN "revenue" > 0 AND "revenue" <= ${Number.MAX_VALUE} THEN "revenue" ELSE 0 END AS "value",
      CASE WHEN "ctaId" IS NOT NULL THEN "ctaId" WHEN ${inWindow} THEN "touchCtaId" END AS "keyCta",
      CASE WHEN "ctaId" IS NOT NULL THEN "variantId" WHEN ${inWindow} THEN "touchVariantId" END AS "keyVariant"
    FROM "counted"),
  ${postgres ? PG_BOUND : SQLITE_BOUND}
  SELECT v."day" AS "day", v."keyCta" AS "keyCta", v."keyVariant" AS "keyVariant", CASE WHEN v."value" > l."threshold" THEN 1 ELSE 0 END AS "flagged",
    COUNT(*) AS "orders", SUM(v."value") AS "revenue", l."threshold" AS "threshold"
  FROM "valued" v CROSS JOIN "bound" l
  GROUP BY v."day", v."keyCta", v."keyVariant", CASE WHEN v."value" > l."threshold" THEN 1 ELSE 0 END, l."threshold"
  UNION ALL SELECT NULL, NULL, NULL, NULL, 0, 0, l."threshold" FROM "bound" l`;
  return { sql, params };
}

/**
 * The browser's Order events (trackPurchase), counted where nothing better
 * exists: their first report of an id, in the period, unless an Order row has
 * the id. NOT IN over the rows' ids, built once: a correlated NOT EXISTS made
 * SQLite run the other side again per order (21 s at 1,000,000 events). A
 * Shopify website leaves them out (orderCredit): there only orders Shopify
 * confirmed are revenue.
 */
const BROWSER_ORDERS = (from: string) => `
    SELECT "at", "revenue", "ctaId", "variantId", "touchCtaId", "touchVariantId", "touchAt" FROM "ranked"
      WHERE ("orderId" IS NULL OR "nth" = 1) AND "at" >= ${from}
        AND ("orderId" IS NULL OR "orderId" NOT IN (SELECT "orderId" FROM "rw" WHERE "orderId" IS NOT NULL))
    UNION ALL`;

/**
 * "ranked" (SQLite): each event numbered within its order id by time, so an
 * id counts at its first event ("nth" = 1).
 */
const SQLITE_FIRST_EVENTS = `"ranked" AS (SELECT e.*, ROW_NUMBER() OVER (PARTITION BY e."orderId" ORDER BY e."at", e."ref") AS "nth" FROM "ev" e)`;

/**
 * "ranked" (PostgreSQL): the same "nth" = 1, found without sorting every
 * order. Nearly every order id has one event, so the ids with more are
 * found by hashing (GROUP BY) and only their events are sorted for the
 * first. Numbering all 100,000 events of a month by id and time was a
 * quarter of the query (a sort of wide rows).
 */
const PG_FIRST_EVENTS = `"resent" AS (SELECT "orderId" FROM "ev" WHERE "orderId" IS NOT NULL GROUP BY "orderId" HAVING COUNT(*) > 1),
  "firstOfResent" AS (SELECT DISTINCT ON (e."orderId") e."ref" FROM "ev" e WHERE e."orderId" IN (SELECT "orderId" FROM "resent") ORDER BY e."orderId", e."at", e."ref"),
  "ranked" AS (SELECT e.*, CASE WHEN e."orderId" IS NULL OR e."orderId" NOT IN (SELECT "orderId" FROM "resent")
      OR e."ref" IN (SELECT "ref" FROM "firstOfResent") THEN 1 ELSE 2 END AS "nth" FROM "ev" e)`;

const capped = (median: string) =>
  `CASE WHEN ${OUTLIER_FACTOR} * ${median} < ${MAX_EVENT_REVENUE} THEN ${OUTLIER_FACTOR} * ${median} ELSE ${MAX_EVENT_REVENUE} END`;

/** The outlier threshold (CTE "bound") on PostgreSQL: the median is percentile_cont's, one sort of the period's values. */
const PG_BOUND = `"bound" AS (
    SELECT CASE WHEN COUNT(*) < ${OUTLIER_MIN_ORDERS} THEN ${MAX_EVENT_REVENUE} ELSE ${capped(`percentile_cont(0.5) WITHIN GROUP (ORDER BY "value")`)} END AS "threshold"
    FROM "valued" WHERE "value" > 0)`;

/** The same on SQLite, which has no percentile: the middle value, or the mean of the middle two, by rank. */
const SQLITE_BOUND = `"positive" AS (SELECT "value", ROW_NUMBER() OVER (ORDER BY "value") AS "nth", COUNT(*) OVER () AS "n" FROM "valued" WHERE "value" > 0),
  "bound" AS (
    SELECT CASE WHEN COUNT(*) < ${OUTLIER_MIN_ORDERS} THEN ${MAX_EVENT_REVENUE}
      ELSE (SELECT ${capped(`AVG(p."value")`)} FROM "positive" p WHERE p."nth" IN ((p."n" + 1) / 2, (p."n" + 2) / 2)) END AS "threshold"
    FROM "positive")`;

interface CreditRow {
  /** YYYY-MM-DD on SQLite, days since 1970 on PostgreSQL. */
  day: string | number | null;
  keyCta: number | bigint | null;
  keyVariant: number | bigint | null;
  flagged: number | bigint | null;
  orders: number | bigint | string;
  revenue: number | string | null;
  threshold: number | string;
}

/** A day as the page names it (YYYY-MM-DD, UTC). */
const dayText = (day: string | number) =>
  typeof day === "string" ? day : new Date(day * DAY_MS).toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;
const num = (v: number | bigint | string | null) => (v === null ? 0 : Number(v));

/**
 * The credit of the orders of [from, to) for a website, as creditOrders gives
 * it (credited per day and CTA variant). On a Shopify website only Order rows
 * count: its confirmed orders (a browser's trackPurchase there proves nothing).
 */
export async function orderCredit(db: Db, websiteId: number, from: Date, to: Date): Promise<OrderCredit> {
  const postgres = isPostgres(db);
  const website = await db.website.findUnique({ where: { id: websiteId }, select: { shopDomain: true } });
  const { sql, params } = orderCreditSql(postgres, !website?.shopDomain);
  const moment = (d: Date) => (postgres ? d.toISOString() : d);
  const values = {
    website: websiteId,
    lookback: moment(new Date(from.getTime() - WINDOW_MS)),
    from: moment(from),
    to: moment(to),
  };
  const args = postgres ? [values.website, values.lookback, values.from, values.to] : params.map((p) => values[p]);
  // A prepared statement per text: the Shopify website's leaves the browser events out.
  const name = website?.shopDomain ? "beckon_order_credit_shop" : "beckon_order_credit";
  const rows = await plainSqlOf(db)<CreditRow>(sql, args, name);
  const credit: OrderCredit = {
    credited: [],
    unattributedRevenue: 0,
    unattributedOrders: 0,
    flaggedOrders: 0,
    flaggedRevenue: 0,
    outlierThreshold: MAX_EVENT_REVENUE,
  };
  for (const row of rows) {
    credit.outlierThreshold = round2(num(row.threshold));
    if (row.day === null) continue;
    const orders = num(row.orders);
    const revenue = num(row.revenue);
    if (num(row.flagged) === 1) {
      credit.flaggedOrders += orders;
      credit.flaggedRevenue += revenue;
    } else if (row.keyCta === null) {
      credit.unattributedOrders += orders;
      credit.unattributedRevenue += revenue;
    } else {
      credit.credited.push({
        key: variantKey(num(row.keyCta), row.keyVariant === null ? null : num(row.keyVariant)),
        day: dayText(row.day),
        revenue,
        orders,
      });
    }
  }
  credit.unattributedRevenue = round2(credit.unattributedRevenue);
  credit.flaggedRevenue = round2(credit.flaggedRevenue);
  return credit;
}
