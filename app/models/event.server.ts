/**
 * Tracked events (SPEC section 7). Each event carries an id made by the
 * widget; a retried send of the same id is stored once.
 */
import type { Db, Prisma } from "#app/db.server";
import { ORDER_EVENT } from "./results/conversions";
import type { EventInput } from "#contract/schema/public-api";
import { EVENT_COLUMNS, eventInsertSql } from "./event-insert.server";
import { applyToRollups, isPostgres } from "./event-rollups.server";
import { storeEventsPostgres, type PostgresEventRow } from "./event-store-postgres.server";
import { recordEventTouches } from "./order-touches.server";
import { foreignCtaRefs } from "./ownership.server";
import { personIdsByToken } from "./person.server";
import { logger } from "#app/server/logger.server";

export interface StoreEventsResult {
  stored: number;
  duplicates: number;
  rejected: { index: number; field: string; message: string }[];
}

/** Columns of one insert, in order. */
const COLUMNS = EVENT_COLUMNS;

/**
 * CTA and variant ids already seen to belong to a website. Ownership never
 * changes once a CTA exists, so a hit skips two lookups per batch; misses
 * (foreign or just created ids) are always asked of the database.
 */
const ownedRefs = new Map<string, true>();
const OWNED_REFS_MAX = 20_000;
const refKey = (websiteId: number, e: EventInput) => `${websiteId}:${e.cta_id ?? ""}:${e.variant_id ?? ""}`;

async function foreignRefs(db: Db, websiteId: number, events: EventInput[]): Promise<Map<number, string>> {
  const unknown: number[] = [];
  events.forEach((e, i) => {
    if ((e.cta_id != null || e.variant_id != null) && !ownedRefs.has(refKey(websiteId, e))) unknown.push(i);
  });
  if (!unknown.length) return new Map();
  const found = await foreignCtaRefs(
    db,
    websiteId,
    unknown.map((i) => events[i]),
  );
  const bad = new Map<number, string>();
  unknown.forEach((eventIndex, unknownIndex) => {
    const field = found.get(unknownIndex);
    if (field) bad.set(eventIndex, field);
    else {
      if (ownedRefs.size >= OWNED_REFS_MAX) ownedRefs.clear();
      ownedRefs.set(refKey(websiteId, events[eventIndex]), true);
    }
  });
  return bad;
}

/**
 * Stores a batch of events for one website. Events whose visitor is unknown
 * on this website, or that point at another website's CTA, are rejected
 * individually; the rest are stored.
 *
 * Ids already stored (a retried send, or a concurrent copy of the same
 * batch) are skipped and counted as duplicates, with no read-before-write,
 * and only the rows actually inserted are added to the daily rollups, in
 * the same atomic unit as the insert, so counts and events never part:
 * - PostgreSQL: one statement for events, receipts and rollups
 *   (event-store-postgres.server.ts says why one);
 * - SQLite: INSERT ... ON CONFLICT DO NOTHING RETURNING
 *   (event-insert.server.ts) and applyToRollups in one transaction.
 * Prisma's createMany cost about 15 ms of CPU for 50 rows; these a few.
 */
export async function storeEvents(db: Db, websiteId: number, events: EventInput[]): Promise<StoreEventsResult> {
  const rejected: StoreEventsResult["rejected"] = [];
  const tokens = [...new Set(events.map((e) => e.visitor_token))];
  const [personByToken, foreign] = await Promise.all([
    personIdsByToken(db, websiteId, tokens),
    foreignRefs(db, websiteId, events),
  ]);

  const accepted: { index: number; event: EventInput; personId: number }[] = [];
  const seenInBatch = new Set<string>();
  let duplicates = 0;
  events.forEach((event, index) => {
    const personId = personByToken.get(event.visitor_token);
    if (personId === undefined) {
      rejected.push({ index, field: "visitor_token", message: "Unknown visitor for this website" });
    } else if (foreign.has(index)) {
      const field = foreign.get(index)!;
      rejected.push({ index, field, message: `${field} does not belong to this website` });
    } else if (seenInBatch.has(event.id)) {
      duplicates++;
    } else {
      seenInBatch.add(event.id);
      accepted.push({ index, event, personId });
    }
  });
  if (accepted.length === 0) return { stored: 0, duplicates, rejected };

  const now = Date.now();
  const rows: PostgresEventRow[] = accepted.map(({ event, personId }) => ({
    clientId: event.id,
    eventType: event.event_type,
    personId,
    visitorToken: event.visitor_token,
    ctaId: event.cta_id ?? (event.contactable_type === "Cta" ? (event.contactable_id ?? null) : null),
    variantId: event.variant_id ?? null,
    stepId: event.step_id ?? null,
    elementId: event.element_id ?? null,
    broadcastId: event.broadcast_id ?? null,
    url: event.url ?? null,
    revenue: event.revenue ?? null,
    integrationType: event.integration_type ?? null,
    data: event.data ?? {},
    createdAt: eventTime(event.at, now),
  }));
  const stored = new Set(
    isPostgres(db) ? await storeEventsPostgres(db, websiteId, rows) : await storeEventsSqlite(db, websiteId, rows),
  );
  await keepOrderTouches(
    db,
    websiteId,
    rows.filter((r) => stored.has(r.clientId)),
  );
  return { stored: stored.size, duplicates: duplicates + accepted.length - stored.size, rejected };
}

/**
 * The touches of the Order events just stored (order-touches.server.ts), so
 * the results page reads them instead of seeking them. After the events'
 * own transaction: a failure here loses nothing (the page seeks an order
 * without a kept touch), so it is logged, not answered to the widget, whose
 * retry would find the events stored and keep nothing either.
 */
async function keepOrderTouches(db: Db, websiteId: number, stored: PostgresEventRow[]): Promise<void> {
  const orders = stored.filter((r) => r.eventType === ORDER_EVENT && r.ctaId === null);
  if (!orders.length) return;
  const times = orders.map((r) => r.createdAt.getTime());
  try {
    await recordEventTouches(
      db,
      websiteId,
      orders.map((r) => r.clientId),
      new Date(Math.min(...times)),
      new Date(Math.max(...times)),
    );
  } catch (error) {
    logger("events").warn(
      { err: error },
      `order touches of website ${websiteId} not kept (the results page will seek them)`,
    );
  }
}

/**
 * SQLite: the insert and the rollups in one transaction. SQLite has one
 * writer at a time, so there are no hot-row waits to avoid (PostgreSQL's
 * single statement, event-store-postgres.server.ts, exists for those).
 */
async function storeEventsSqlite(db: Db, websiteId: number, rows: PostgresEventRow[]): Promise<string[]> {
  const values = rows.map((r) =>
    COLUMNS.map((c) => (c === "websiteId" ? websiteId : c === "data" ? JSON.stringify(r.data) : r[c])),
  );
  return db.$transaction(async (tx) => {
    const clientIds = new Set(await insertIgnoringDuplicates(tx, values));
    await applyToRollups(
      tx,
      websiteId,
      rows.filter((r) => clientIds.has(r.clientId)),
    );
    return [...clientIds];
  });
}

/** Inserts rows of COLUMNS into SQLite, skipping those whose (websiteId, clientId) exists; returns the client ids it inserted. */
async function insertIgnoringDuplicates(db: Prisma.TransactionClient, rows: unknown[][]): Promise<string[]> {
  const returned = await db.$queryRawUnsafe<{ clientId: string }[]>(
    eventInsertSql(COLUMNS, rows.length, '"clientId"'),
    ...rows.flat(),
  );
  return returned.map((r) => r.clientId);
}

const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * When the event happened: the widget's time if plausible (queued events may
 * arrive late), the server's time otherwise (a wrong visitor clock must not
 * move events into the future or the distant past).
 */
export function eventTime(at: number | undefined, now = Date.now()): Date {
  if (at === undefined || at > now + 60_000 || at < now - 7 * MAX_CLOCK_SKEW_MS) return new Date(now);
  return new Date(at);
}
