/**
 * The daily rollups the results page reads (CtaDailyRollup: event counts;
 * CtaDailySketch: HyperLogLog sketches of the people, app/models/results/hll.ts), per
 * website, UTC day, CTA and variant (0 when an event named no variant).
 *
 * Kept as events arrive, with only the rows the insert actually inserted (a
 * retried or duplicated event is skipped by the insert, so it is never
 * counted twice; a failure rolls back events and counts together): on SQLite
 * storeEvents calls applyToRollups in the same transaction as its INSERT; on
 * PostgreSQL the insert's own statement updates the same rows by the same
 * rules (rollupFieldsOf, event-store-postgres.server.ts). The rollups are the
 * long-term truth: raw events may be deleted by retention, the rollups stay.
 *
 * Concurrency. Counters are one INSERT ... ON CONFLICT DO UPDATE SET
 * n = n + excluded.n, which PostgreSQL applies under the row's lock; sketches
 * likewise merge with beckon_hll_add (a register keeps its maximum, so order
 * does not matter). Rows are written in key order so concurrent batches lock
 * them in the same order and cannot deadlock. SQLite has one writer at a
 * time and the event INSERT has already taken the write lock, so reading a
 * sketch, merging it here and writing it back cannot interleave with another
 * batch. A batch is aggregated first: one row per key, not per event.
 *
 * Events stored before the rollups existed are rolled up by backfillRollups
 * (run by `npm run setup`, hence by `npm start`), in batches that each
 * advance a cursor in the same transaction, so a crash resumes without
 * counting anything twice.
 */
import type { Db, Prisma } from "#app/db.server";
import {
  COUNTER_OF_EVENT,
  cartValueOf,
  sketchKindsOf,
  utcDay,
  type Counters,
  type SketchKind,
} from "./results/conversions";
import { addEntries, entriesOf } from "./results/hll";

type Sql = Pick<Db, "$queryRawUnsafe" | "$executeRawUnsafe"> | Prisma.TransactionClient;

/** A stored event as the rollups need it. */
export interface RolledEvent {
  eventType: string;
  ctaId: number | null;
  variantId: number | null;
  personId: number | null;
  revenue: number | null;
  data: unknown;
  createdAt: Date;
}

export const COUNTER_COLUMNS = [
  "views",
  "clicks",
  "submissions",
  "completions",
  "selections",
  "addToCarts",
  "cartValue",
] as const satisfies readonly (keyof Counters)[];
/** Rows per statement: well under SQLite's and PostgreSQL's parameter limits. */
const ROWS_PER_STATEMENT = 200;

export function isPostgres(db: unknown): boolean {
  return (db as { _activeProvider?: string })._activeProvider === "postgresql";
}

interface CounterRow {
  day: string;
  ctaId: number;
  variantId: number;
  counters: Counters;
}

interface SketchRow {
  day: string;
  ctaId: number;
  variantId: number;
  kind: SketchKind;
  people: Set<number>;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");

const keyOf = (day: string, ctaId: number, variantId: number, kind = "") =>
  `${day}|${String(ctaId).padStart(11, "0")}|${String(variantId).padStart(11, "0")}|${kind}`;

/** What one stored event adds to the rollups: its day, counter (null: nothing), cart value, sketch kinds and HyperLogLog entry (hex). */
export interface RollupFields {
  day: string;
  counter: Exclude<keyof Counters, "cartValue"> | null;
  cartValue: number;
  kinds: SketchKind[];
  entry: string | null;
}

/** The rollup fields of one event, by the rules aggregate() applies to a batch (pure). */
export function rollupFieldsOf(event: RolledEvent): RollupFields {
  const day = utcDay(event.createdAt);
  const counter = event.ctaId === null ? undefined : COUNTER_OF_EVENT[event.eventType];
  if (!counter) return { day, counter: null, cartValue: 0, kinds: [], entry: null };
  return {
    day,
    counter,
    cartValue: counter === "addToCarts" ? cartValueOf(event) : 0,
    kinds: event.personId === null ? [] : sketchKindsOf(event.eventType),
    entry: event.personId === null ? null : hex(entriesOf([event.personId])),
  };
}

/** Counters and sketch entries of a batch of events, one row per key (pure; exported for tests). */
export function aggregate(events: readonly RolledEvent[]): { counters: CounterRow[]; sketches: SketchRow[] } {
  const counters = new Map<string, CounterRow>();
  const sketches = new Map<string, SketchRow>();
  for (const event of events) {
    const counter = COUNTER_OF_EVENT[event.eventType];
    if (event.ctaId === null || !counter) continue;
    const day = utcDay(event.createdAt);
    const variantId = event.variantId ?? 0;
    const key = keyOf(day, event.ctaId, variantId);
    let row = counters.get(key);
    if (!row) {
      row = {
        day,
        ctaId: event.ctaId,
        variantId,
        counters: { views: 0, clicks: 0, submissions: 0, completions: 0, selections: 0, addToCarts: 0, cartValue: 0 },
      };
      counters.set(key, row);
    }
    row.counters[counter]++;
    if (counter === "addToCarts") row.counters.cartValue += cartValueOf(event);
    if (event.personId === null) continue;
    for (const kind of sketchKindsOf(event.eventType)) {
      const sk = keyOf(day, event.ctaId, variantId, kind);
      let sketch = sketches.get(sk);
      if (!sketch) sketches.set(sk, (sketch = { day, ctaId: event.ctaId, variantId, kind, people: new Set() }));
      sketch.people.add(event.personId);
    }
  }
  const byKey = <T>(m: Map<string, T>) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, v]) => v);
  return { counters: byKey(counters), sketches: byKey(sketches) };
}

function chunks<T>(list: T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Adds a batch of just-inserted events of one website to the rollups; call inside the inserting transaction. */
export async function applyToRollups(tx: Sql, websiteId: number, events: readonly RolledEvent[]): Promise<void> {
  if (!events.length) return;
  const { counters, sketches } = aggregate(events);
  const postgres = isPostgres(tx);
  const placeholder = (n: number) => (postgres ? `$${n}` : "?");

  for (const part of chunks(counters)) {
    const params: unknown[] = [];
    const rows = part.map((counter) => {
      const values = [
        websiteId,
        counter.day,
        counter.ctaId,
        counter.variantId,
        ...COUNTER_COLUMNS.map((c) => counter.counters[c]),
      ];
      const first = params.length;
      params.push(...values);
      return `(${values.map((_, i) => (postgres && i === values.length - 1 ? `${placeholder(first + i + 1)}::float8` : placeholder(first + i + 1))).join(",")})`;
    });
    const cols = ["websiteId", "day", "ctaId", "variantId", ...COUNTER_COLUMNS].map((c) => `"${c}"`).join(",");
    const updates = COUNTER_COLUMNS.map((c) => `"${c}" = "CtaDailyRollup"."${c}" + excluded."${c}"`).join(", ");
    await tx.$executeRawUnsafe(
      `INSERT INTO "CtaDailyRollup" (${cols}) VALUES ${rows.join(",")} ON CONFLICT ("websiteId","day","ctaId","variantId") DO UPDATE SET ${updates}`,
      ...params,
    );
  }

  const entries = sketches.map((s) => ({ ...s, entries: entriesOf(s.people) }));
  if (postgres) {
    for (const part of chunks(entries)) {
      const params: unknown[] = [];
      const rows = part.map((s) => {
        const paramCount = params.push(websiteId, s.day, s.ctaId, s.variantId, s.kind, hex(s.entries));
        return `($${paramCount - 5},$${paramCount - 4},$${paramCount - 3},$${paramCount - 2},$${paramCount - 1},decode($${paramCount},'hex'))`;
      });
      await tx.$executeRawUnsafe(
        `INSERT INTO "CtaDailySketch" ("websiteId","day","ctaId","variantId","kind","registers") VALUES ${rows.join(",")}
         ON CONFLICT ("websiteId","day","ctaId","variantId","kind") DO UPDATE SET "registers" = beckon_hll_add("CtaDailySketch"."registers", excluded."registers")`,
        ...params,
      );
    }
    return;
  }
  for (const part of chunks(entries)) {
    const where = part.map(() => `("day" = ? AND "ctaId" = ? AND "variantId" = ? AND "kind" = ?)`).join(" OR ");
    const existing = await tx.$queryRawUnsafe<
      { day: string; ctaId: number; variantId: number; kind: string; registers: string }[]
    >(
      `SELECT "day","ctaId","variantId","kind",hex("registers") AS "registers" FROM "CtaDailySketch" WHERE "websiteId" = ? AND (${where})`,
      websiteId,
      ...part.flatMap((s) => [s.day, s.ctaId, s.variantId, s.kind]),
    );
    const current = new Map(
      existing.map((row) => [
        keyOf(row.day, Number(row.ctaId), Number(row.variantId), row.kind),
        Buffer.from(row.registers, "hex"),
      ]),
    );
    const params: unknown[] = [];
    for (const sketch of part) {
      const merged = addEntries(
        current.get(keyOf(sketch.day, sketch.ctaId, sketch.variantId, sketch.kind)) ?? null,
        sketch.entries,
      );
      params.push(websiteId, sketch.day, sketch.ctaId, sketch.variantId, sketch.kind, hex(merged));
    }
    await tx.$executeRawUnsafe(
      `INSERT INTO "CtaDailySketch" ("websiteId","day","ctaId","variantId","kind","registers") VALUES ${part.map(() => "(?,?,?,?,?,unhex(?))").join(",")}
       ON CONFLICT ("websiteId","day","ctaId","variantId","kind") DO UPDATE SET "registers" = excluded."registers"`,
      ...params,
    );
  }
}

/** Events rolled up per backfill transaction. */
export const BACKFILL_BATCH = 5_000;

/**
 * Rolls up the events stored before the rollups existed (ids up to
 * RollupBackfill.throughId, set by the migration). Idempotent and resumable:
 * each batch and the cursor move together in one transaction; on PostgreSQL
 * the cursor row is locked, so two processes starting at once take turns.
 * Returns how many events it rolled up.
 */
export async function backfillRollups(db: Db, batchSize = BACKFILL_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.$transaction(
      async (tx) => {
        const lock = isPostgres(tx) ? " FOR UPDATE" : "";
        const [state] = await tx.$queryRawUnsafe<{ throughId: number; doneId: number }[]>(
          `SELECT "throughId", "doneId" FROM "RollupBackfill" WHERE "id" = 1${lock}`,
        );
        if (!state || Number(state.doneId) >= Number(state.throughId)) return true;
        const events = await tx.trackedEvent.findMany({
          where: { id: { gt: Number(state.doneId), lte: Number(state.throughId) } },
          orderBy: { id: "asc" },
          take: batchSize,
          select: {
            id: true,
            websiteId: true,
            eventType: true,
            ctaId: true,
            variantId: true,
            personId: true,
            revenue: true,
            data: true,
            createdAt: true,
          },
        });
        const bySite = new Map<number, RolledEvent[]>();
        for (const event of events) {
          const list = bySite.get(event.websiteId) ?? [];
          list.push(event);
          bySite.set(event.websiteId, list);
        }
        for (const [websiteId, list] of bySite) await applyToRollups(tx, websiteId, list);
        const doneId = events.length ? events[events.length - 1].id : Number(state.throughId);
        await tx.rollupBackfill.update({ where: { id: 1 }, data: { doneId } });
        total += events.length;
        return false;
      },
      { timeout: 120_000 },
    );
    if (done) return total;
  }
}
