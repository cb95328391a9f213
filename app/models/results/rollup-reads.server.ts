/**
 * Reading the daily rollups (event-rollups.server.ts writes them) for the
 * results page: a website's counters and HyperLogLog sketches for a range
 * of days and CTAs.
 *
 * Sketches are read as text (hex on SQLite, base64 on PostgreSQL) and
 * decoded with Buffer, not as Prisma Bytes: the driver adapters hand a
 * Bytes value over as a JavaScript array of numbers, one element per byte,
 * which Prisma then turns back into bytes. A month of one busy website is
 * a few thousand sketches of up to 4 KB each, and that round trip through
 * arrays took most of the results page's time (650 to 850 ms for 2,400
 * sketches at 1,000,000 events on PostgreSQL).
 */
import type { Db } from "#app/db.server";
import type { SketchKind } from "./conversions";
import { isPostgres } from "#app/models/event-rollups.server";

/** A CTA variant's event counts of one day (CtaDailyRollup). */
export interface CounterRow {
  day: string;
  ctaId: number;
  variantId: number;
  views: number;
  clicks: number;
  addToCarts: number;
  cartValue: number;
}

/** A CTA variant's sketch of one kind and day (CtaDailySketch), in its stored form (app/models/results/hll.ts). */
export interface SketchRow {
  day: string;
  ctaId: number;
  variantId: number;
  kind: SketchKind;
  registers: Uint8Array;
}

/** What to read: one website's days from `from` to `to` (YYYY-MM-DD, both inclusive) for some CTAs. */
export interface RollupRange {
  websiteId: number;
  from: string;
  to: string;
  ctaIds: readonly number[];
}

/** The counters of a range. */
export function readCounters(db: Db, range: RollupRange): Promise<CounterRow[]> {
  if (!range.ctaIds.length) return Promise.resolve([]);
  return db.ctaDailyRollup.findMany({
    where: { websiteId: range.websiteId, day: { gte: range.from, lte: range.to }, ctaId: { in: [...range.ctaIds] } },
    select: { day: true, ctaId: true, variantId: true, views: true, clicks: true, addToCarts: true, cartValue: true },
  });
}

interface RawSketch {
  day: string;
  ctaId: number | bigint;
  variantId: number | bigint;
  kind: string;
  registers: string;
}

/** The sketches of some kinds in a range, each decoded once into its own bytes. */
export async function readSketches(db: Db, range: RollupRange, kinds: readonly SketchKind[]): Promise<SketchRow[]> {
  if (!range.ctaIds.length || !kinds.length) return [];
  const postgres = isPostgres(db);
  let count = 0;
  const placeholder = () => (postgres ? `$${++count}` : "?");
  const list = (values: readonly unknown[]) => values.map(placeholder).join(",");
  const registers = postgres ? `encode("registers", 'base64')` : `hex("registers")`;
  const rows = await db.$queryRawUnsafe<RawSketch[]>(
    `SELECT "day", "ctaId", "variantId", "kind", ${registers} AS "registers" FROM "CtaDailySketch"
     WHERE "websiteId" = ${placeholder()} AND "day" >= ${placeholder()} AND "day" <= ${placeholder()} AND "ctaId" IN (${list(range.ctaIds)}) AND "kind" IN (${list(kinds)})`,
    range.websiteId,
    range.from,
    range.to,
    ...range.ctaIds,
    ...kinds,
  );
  // PostgreSQL's base64 breaks lines every 76 characters; Buffer's decoder skips them.
  const encoding = postgres ? "base64" : "hex";
  return rows.map((row) => {
    const bytes = Buffer.from(row.registers, encoding);
    return {
      day: row.day,
      ctaId: Number(row.ctaId),
      variantId: Number(row.variantId),
      kind: row.kind as SketchKind,
      registers: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  });
}
