/**
 * A month of one website's events, written straight into the database for
 * the results benchmark: going through the API would take hours at 10
 * million events (ingestion runs at about 10,000 events/s).
 *
 * The website is the seeded Swedish site (17 published CTAs); three of its
 * CTAs get a second variant (an A/B test). Every event is one the app could
 * have stored: its person exists on the website, its CTA and variant belong
 * to the website, its client id is unique. Event i is a pure function of i
 * (integer mixing, the same arithmetic in SQL and in JavaScript), so both
 * databases hold the same mix:
 *
 * - 90 % of events in the last 30 days, 10 % in the 30 days before (the
 *   attribution window of the period's orders);
 * - 85 % View, 3 % Selection, 3 % Submission, 2.5 % Complete, 1 %
 *   Completion, 4.5 % Add To Cart (data.product_price and quantity),
 *   1 % Order (trackPurchase: revenue and data.order_id, no CTA); every
 *   second Order event also has its Order row (same order id);
 * - visitors: one for every 4 events, each one returning on several days.
 */
import Database from "better-sqlite3";
import pg from "pg";
import type { Db } from "#app/db.server";
import { SALJAKADEMIN_OWNER } from "#prisma/seed-data/saljakademin";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of the generated history: the 30-day period and the 30 days before it. */
export const HISTORY_DAYS = 60;
const EVENTS_PER_VISITOR = 4;
/** Positions (in id order) of the CTAs that get a variant B. */
const AB_TESTED_CTAS = [1, 4, 8];
const TOKEN_PREFIX = "bench-";

/**
 * Thresholds on a 0..999 draw, in order: the event types of the mix.
 * (Order is the rest, 990..999.)
 */
const TYPE_MIX: [number, string][] = [
  [850, "View"],
  [880, "Selection"],
  [910, "Submission"],
  [935, "Complete"],
  [945, "Completion"],
  [990, "Add To Cart"],
];
const ORDER = "Order";

export interface ResultsWebsite {
  websiteId: number;
  owner: { email: string; password: string };
  /** CTA ids in id order, with their variant ids (A first). */
  ctas: { id: number; variants: number[] }[];
}

export interface GeneratedData {
  events: number;
  visitors: number;
  orders: number;
  byType: Record<string, number>;
  seconds: number;
}

/**
 * The seeded Swedish site, its owner, and its 17 CTAs, three of them given a
 * variant B (50/50). The variant is added as a row, not through the CTA
 * editor: the results only need the variant to exist and belong to the CTA.
 */
export async function prepareResultsWebsite(db: Db): Promise<ResultsWebsite> {
  const website = await db.website.findFirstOrThrow({ where: { shopDomain: null }, orderBy: { id: "asc" } });
  const rows = await db.cta.findMany({
    where: { websiteId: website.id },
    orderBy: { id: "asc" },
    include: { variants: { orderBy: { position: "asc" } } },
  });
  for (const position of AB_TESTED_CTAS) {
    const cta = rows[position];
    if (!cta || cta.variants.length !== 1) continue;
    const a = cta.variants[0];
    await db.ctaVariant.update({ where: { id: a.id }, data: { percentage: 50 } });
    await db.ctaVariant.create({
      data: { ctaId: cta.id, variation: "B", percentage: 50, options: a.options ?? {}, position: 1 },
    });
    await db.cta.update({ where: { id: cta.id }, data: { testType: "split" } });
  }
  const ctas = await db.cta.findMany({
    where: { websiteId: website.id },
    orderBy: { id: "asc" },
    include: { variants: { orderBy: { position: "asc" } } },
  });
  return {
    websiteId: website.id,
    owner: { email: SALJAKADEMIN_OWNER.email, password: SALJAKADEMIN_OWNER.password },
    ctas: ctas.map((c) => ({ id: c.id, variants: c.variants.map((v) => v.id) })),
  };
}

/** How many visitors a run of `events` events has. */
export function visitorCount(events: number): number {
  return Math.max(100, Math.ceil(events / EVENTS_PER_VISITOR));
}

// The mixing: (i * prime) mod another prime, below 2^53 for i up to 10^9,
// so JavaScript numbers and PostgreSQL bigints give the same draws.
const MOD = 1_000_003;
const draw = (i: number, prime: number) => (i * prime) % MOD;

/** Event i of a run, as plain values (the JavaScript side of the mix). */
export function eventOf(i: number, visitors: number, ctas: ResultsWebsite["ctas"], nowMs: number) {
  const t = draw(i, 7919) % 1000;
  const type = TYPE_MIX.find(([limit]) => t < limit)?.[1] ?? ORDER;
  const visitor = draw(i, 999_983) % visitors;
  const older = draw(i, 7907) % 10 === 0;
  const day = (draw(i, 7901) % 30) + (older ? 30 : 0);
  const second = draw(i, 7883) % 86_400;
  const at = nowMs - (day * 86_400 + second) * 1000;
  const cta = ctas[draw(i, 7877) % ctas.length];
  const variant = cta.variants.length > 1 && i % 2 === 1 ? cta.variants[1] : cta.variants[0];
  const order = type === ORDER;
  return {
    clientId: `${TOKEN_PREFIX}${i}`,
    type,
    visitor,
    at,
    ctaId: order ? null : cta.id,
    variantId: order ? null : variant,
    revenue: order ? 200 + (i % 800) : null,
    url: `https://saljakademin.se/kurser/${i % 40}`,
    data: order
      ? { order_id: `${TOKEN_PREFIX}o${i}` }
      : type === "Add To Cart"
        ? { product_price: String(100 + (i % 400)), quantity: 1 + (i % 3) }
        : {},
    /** Every second Order event also arrives as an Order row. */
    orderRow: order && i % 2 === 0,
  };
}

/** SQLite's DateTime text as Prisma writes it (compared as text, so the form matters). */
function sqliteTime(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

/** Writes the run into a SQLite file with prepared statements in big transactions. */
export function generateSqlite(
  file: string,
  site: ResultsWebsite,
  events: number,
  nowMs: number,
  log: (line: string) => void,
): GeneratedData {
  const started = Date.now();
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = OFF");
    // The indexes take keys in random order (person, CTA and time): with the
    // default 2 MB page cache most inserts read index pages back from disk.
    sqlite.pragma("cache_size = -1000000");
    const visitors = visitorCount(events);
    const created = sqliteTime(nowMs - HISTORY_DAYS * DAY_MS);
    const person = sqlite.prepare(
      `INSERT INTO "Person" ("websiteId","visitorToken","extra","data","createdAt","updatedAt") VALUES (?,?,'{}','{}',?,?)`,
    );
    const insertPeople = sqlite.transaction((from: number, to: number) => {
      for (let v = from; v < to; v++) person.run(site.websiteId, `${TOKEN_PREFIX}${v}`, created, created);
    });
    const CHUNK = 100_000;
    for (let v = 0; v < visitors; v += CHUNK) insertPeople(v, Math.min(visitors, v + CHUNK));
    const base = personBase(
      sqlite
        .prepare(
          `SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM "Person" WHERE "visitorToken" LIKE '${TOKEN_PREFIX}%'`,
        )
        .get() as PersonRange,
      visitors,
    );
    log(`${visitors.toLocaleString("en-US")} visitors`);

    const event = sqlite.prepare(
      `INSERT INTO "TrackedEvent" ("websiteId","clientId","eventType","personId","visitorToken","ctaId","variantId","url","revenue","data","createdAt") VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
    );
    const order = sqlite.prepare(
      `INSERT INTO "Order" ("websiteId","personId","orderId","revenue","createdAt") VALUES (?,?,?,?,?)`,
    );
    const byType: Record<string, number> = {};
    let orders = 0;
    const insertEvents = sqlite.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const e = eventOf(i, visitors, site.ctas, nowMs);
        const at = sqliteTime(e.at);
        event.run(
          site.websiteId,
          e.clientId,
          e.type,
          base + e.visitor,
          `${TOKEN_PREFIX}${e.visitor}`,
          e.ctaId,
          e.variantId,
          e.url,
          e.revenue,
          JSON.stringify(e.data),
          at,
        );
        byType[e.type] = (byType[e.type] ?? 0) + 1;
        if (e.orderRow) {
          order.run(site.websiteId, base + e.visitor, (e.data as { order_id: string }).order_id, e.revenue, at);
          orders++;
        }
      }
    });
    for (let i = 0; i < events; i += CHUNK) {
      insertEvents(i, Math.min(events, i + CHUNK));
      if ((i / CHUNK) % 10 === 9) log(`${(i + CHUNK).toLocaleString("en-US")} events`);
    }
    return { events, visitors, orders, byType, seconds: (Date.now() - started) / 1000 };
  } finally {
    sqlite.close();
  }
}

interface PersonRange {
  lo: number | string;
  hi: number | string;
  n: number | string;
}

/** The generated visitors' first id; their ids must be one unbroken range (visitor v is base + v). */
function personBase(r: PersonRange, visitors: number): number {
  const lo = Number(r.lo);
  if (Number(r.n) !== visitors || Number(r.hi) - lo + 1 !== visitors)
    throw new Error(`generated visitors are not one id range: ${JSON.stringify(r)}`);
  return lo;
}

/** The mix in SQL over generate_series: the same draws as eventOf. */
function eventSelect(site: ResultsWebsite, visitors: number): string {
  const d = (prime: number) => `((g.i * ${prime}) % ${MOD})`;
  let typeCase = "CASE";
  for (const [limit, type] of TYPE_MIX) typeCase += ` WHEN ${d(7919)} % 1000 < ${limit} THEN '${type}'`;
  typeCase += ` ELSE '${ORDER}' END`;
  const ctaIds = `ARRAY[${site.ctas.map((c) => c.id).join(",")}]`;
  const variantA = `ARRAY[${site.ctas.map((c) => c.variants[0]).join(",")}]`;
  const variantB = `ARRAY[${site.ctas.map((c) => c.variants[1] ?? 0).join(",")}]`;
  const k = `(${d(7877)} % ${site.ctas.length} + 1)`;
  return `
    SELECT g.i, ${typeCase} AS type, ${d(999_983)} % ${visitors} AS visitor,
      (${d(7901)} % 30 + CASE WHEN ${d(7907)} % 10 = 0 THEN 30 ELSE 0 END) * 86400 + ${d(7883)} % 86400 AS ago,
      (${ctaIds})[${k}] AS cta,
      CASE WHEN (${variantB})[${k}] > 0 AND g.i % 2 = 1 THEN (${variantB})[${k}] ELSE (${variantA})[${k}] END AS variant
    FROM generate_series($1::bigint, $2::bigint) AS g(i)`;
}

/** Writes the run into PostgreSQL with INSERT ... SELECT FROM generate_series, a million rows a statement. */
export async function generatePostgres(
  url: string,
  site: ResultsWebsite,
  events: number,
  nowMs: number,
  log: (line: string) => void,
): Promise<GeneratedData> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off");
    const visitors = visitorCount(events);
    const CHUNK = 1_000_000;
    const created = `(to_timestamp(${nowMs - HISTORY_DAYS * DAY_MS} / 1000.0) AT TIME ZONE 'UTC')`;
    for (let v = 0; v < visitors; v += CHUNK) {
      await client.query(
        `INSERT INTO "Person" ("websiteId","visitorToken","extra","data","createdAt","updatedAt")
         SELECT $3, '${TOKEN_PREFIX}' || g.i, '{}', '{}', ${created}, ${created} FROM generate_series($1::bigint, $2::bigint) AS g(i) ORDER BY g.i`,
        [v, Math.min(visitors, v + CHUNK) - 1, site.websiteId],
      );
    }
    const range = await client.query(
      `SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM "Person" WHERE "visitorToken" LIKE '${TOKEN_PREFIX}%'`,
    );
    const base = personBase(range.rows[0], visitors);
    log(`${visitors.toLocaleString("en-US")} visitors`);
    const now = `(to_timestamp(${nowMs} / 1000.0) AT TIME ZONE 'UTC')`;
    // A schema with monthly partitions: each month of the history gets its own, as the app makes them.
    const partitioned = (await client.query(`SELECT to_regproc('beckon_ensure_event_partition') IS NOT NULL AS yes`))
      .rows[0].yes;
    if (partitioned) {
      for (let m = nowMs - HISTORY_DAYS * DAY_MS; m < nowMs + 31 * DAY_MS; m += 28 * DAY_MS) {
        await client.query(`SELECT "beckon_ensure_event_partition"($1::timestamptz AT TIME ZONE 'UTC')`, [
          new Date(m).toISOString(),
        ]);
      }
    }
    for (let i = 0; i < events; i += CHUNK) {
      await client.query(
        `INSERT INTO "TrackedEvent" ("websiteId","clientId","eventType","personId","visitorToken","ctaId","variantId","url","revenue","data","createdAt")
         SELECT $3, '${TOKEN_PREFIX}' || e.i, e.type, ${base} + e.visitor, '${TOKEN_PREFIX}' || e.visitor,
           CASE WHEN e.type = '${ORDER}' THEN NULL ELSE e.cta END,
           CASE WHEN e.type = '${ORDER}' THEN NULL ELSE e.variant END,
           'https://saljakademin.se/kurser/' || (e.i % 40),
           CASE WHEN e.type = '${ORDER}' THEN 200 + e.i % 800 END,
           CASE e.type
             WHEN '${ORDER}' THEN jsonb_build_object('order_id', '${TOKEN_PREFIX}o' || e.i)
             WHEN 'Add To Cart' THEN jsonb_build_object('product_price', (100 + e.i % 400)::text, 'quantity', 1 + e.i % 3)
             ELSE '{}'::jsonb END,
           ${now} - make_interval(secs => e.ago)
         FROM (${eventSelect(site, visitors)}) AS e`,
        [i, Math.min(events, i + CHUNK) - 1, site.websiteId],
      );
      log(`${Math.min(events, i + CHUNK).toLocaleString("en-US")} events`);
    }
    // The Order rows: every second Order event's order, as the orders endpoint would store it.
    const orders = await client.query(
      `INSERT INTO "Order" ("websiteId","personId","orderId","revenue","createdAt")
       SELECT "websiteId", "personId", data->>'order_id', revenue, "createdAt" FROM "TrackedEvent"
       WHERE "websiteId" = $1 AND "eventType" = '${ORDER}' AND "clientId" LIKE '${TOKEN_PREFIX}%'
         AND substring("clientId" from ${TOKEN_PREFIX.length + 1})::bigint % 2 = 0`,
      [site.websiteId],
    );
    // A schema whose once-only rule lives in receipts (partitioned events): each event has its receipt, as ingestion writes it.
    if ((await client.query(`SELECT to_regclass('"TrackedEventReceipt"') IS NOT NULL AS yes`)).rows[0].yes) {
      await client.query(
        `INSERT INTO "TrackedEventReceipt" ("websiteId","clientId","createdAt")
         SELECT "websiteId", "clientId", "createdAt" FROM "TrackedEvent" WHERE "websiteId" = $1 AND "clientId" LIKE '${TOKEN_PREFIX}%'`,
        [site.websiteId],
      );
    }
    // What autovacuum does soon after a bulk load in production: fresh statistics and visibility map.
    await client.query(`VACUUM ANALYZE "Person", "TrackedEvent", "Order"`);
    const types = await client.query(
      `SELECT "eventType" AS type, count(*)::int AS n FROM "TrackedEvent" WHERE "websiteId" = $1 AND "clientId" LIKE '${TOKEN_PREFIX}%' GROUP BY 1`,
      [site.websiteId],
    );
    const byType = Object.fromEntries(types.rows.map((r: { type: string; n: number }) => [r.type, r.n]));
    return { events, visitors, orders: orders.rowCount ?? 0, byType, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
