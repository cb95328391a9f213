/**
 * Each variant's counts since its A/B test started, from the daily rollups
 * (results-days.server.ts): views are unique viewers and conversions the
 * CTA's goal, as on the Results page. Rollups are whole UTC days, so the
 * count begins with the first whole day of the test: the day it started
 * also holds what the control had before there was a test (the reason the
 * control's count used to run ahead), and is left out unless the test
 * started at midnight.
 */
import type { Db } from "#app/db.server";
import type { TestArm } from "./ab-decision";
import { Cell, cellAt, cellKey } from "./results-cell";
import { DAY_MS, MAX_PERIOD_DAYS, type ResultsPeriod } from "./results-period";
import { prepareScan, variantDays } from "./results-days.server";

/** The first whole UTC day of a test that started at `startedAt`. */
export function firstWholeDay(startedAt: Date): Date {
  const midnight = Date.UTC(startedAt.getUTCFullYear(), startedAt.getUTCMonth(), startedAt.getUTCDate());
  return new Date(midnight === startedAt.getTime() ? midnight : midnight + DAY_MS);
}

/** The days counted for a test: its first whole day to today (at most MAX_PERIOD_DAYS, the latest kept); null before its first whole day. */
export function testPeriod(startedAt: Date, now: Date): ResultsPeriod | null {
  const from = firstWholeDay(startedAt).getTime();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (from > today) return null;
  const start = Math.max(from, today - (MAX_PERIOD_DAYS - 1) * DAY_MS);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start), to: day(today), days: Math.round((today - start) / DAY_MS) + 1 };
}

/** The CTA's variants (in order, the control first) with their views and conversions since the test's start. */
export async function countsSinceStart(
  db: Db,
  websiteId: number,
  ctaId: number,
  startedAt: Date,
  now = new Date(),
): Promise<TestArm[]> {
  const period = testPeriod(startedAt, now);
  if (!period) {
    const variants = await db.ctaVariant.findMany({
      where: { ctaId, cta: { websiteId } },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    return variants.map(({ id }) => ({ id, views: 0, conversions: 0 }));
  }
  const { ctas, scan, days } = await prepareScan(db, websiteId, period, ctaId);
  const cta = ctas.find((c) => c.id === ctaId);
  if (!cta) return [];
  const cells = new Map<string, Cell>();
  for await (const day of variantDays(db, websiteId, scan, days, false))
    for (const [key, cell] of day.cells) cellAt(cells, key).add(cell);
  return cta.variants.map((variant) => {
    const metrics = (cells.get(cellKey(ctaId, variant.id)) ?? new Cell()).metrics(cta.goal);
    return { id: variant.id, views: metrics.viewers, conversions: Math.min(metrics.conversions, metrics.viewers) };
  });
}
