/**
 * The results page's numbers per CTA, variant and period (definitions in
 * app/models/results/conversions.ts) and A/B verdicts (app/models/results/ab-stats.ts), all within
 * one website. The day-by-day reading of the rollups is results-days.server.ts,
 * the figures' arithmetic app/models/results/results-cell.ts; the CSV export is
 * results-csv.server.ts and marking a winner ab-winner.server.ts.
 *
 * Unique people are HyperLogLog sketches merged per variant, CTA and website,
 * so a CTA's or the website's unique viewers are a union, not a sum.
 */
import type { Db } from "#app/db.server";
import { abTestSchema, type AbTestMode } from "#contract/schema/ab-test";
import { abVerdict, type AbVerdict, type VariantCounts } from "./ab-stats";
import { countsSinceStart, firstWholeDay } from "./ab-counts.server";
import { rateOf, round2, type Goal, type Metrics, type SketchKind } from "./conversions";
import { HLL_STANDARD_ERROR, isApproximate } from "./hll";
import { Cell, cellAt, cellKey } from "./results-cell";
import type { ResultsPeriod } from "./results-period";
import { unverifiedOrders } from "#app/models/shop-order.server";
import { ordersByDay, prepareScan, variantDays, type CellOrders, type CtaInfo } from "./results-days.server";

export interface VariantResult {
  /** null for "Other": events that named the CTA but no variant, or a variant since deleted. */
  id: number | null;
  letter: string;
  percentage: number | null;
  winner: boolean;
  metrics: Metrics;
}

export interface CtaResult {
  id: number;
  name: string;
  status: string;
  ctaType: string;
  /** What counts as this CTA's conversion (goalOf). */
  goal: Goal;
  metrics: Metrics;
  variants: VariantResult[];
  /** For CTAs with two or more variants. */
  abTest: AbVerdict | null;
  /** A variant already marked the winner. */
  winnerId: number | null;
  /** The test's mode and the first day its verdict counts (YYYY-MM-DD; null before the test has a start). */
  abMode: AbTestMode;
  abCountedFrom: string | null;
  /** When an automatic test declared its winner (ISO 8601), for the notice. */
  abDecidedAt: string | null;
}

export interface DailyPoint {
  day: string;
  views: number;
  viewers: number;
  conversions: number;
  conversionRate: number | null;
  revenue: number;
  cartValue: number;
}

export interface ResultsReport {
  period: ResultsPeriod;
  currency: string;
  currencyCharacter: string;
  ctaId: number | null;
  totals: Metrics;
  /** Whether a unique count shown is beyond the sketches' near-exact range (the page then states the error). */
  estimated: boolean;
  /** Relative standard error of the unique counts. */
  uniqueError: number;
  unattributedRevenue: number;
  unattributedOrders: number;
  /** Orders of the website left out of revenue as implausible (contract/revenue.ts), whatever CTA is chosen. */
  flaggedOrders: number;
  flaggedRevenue: number;
  outlierThreshold: number;
  /**
   * Where the website's purchases come from: "shopify", orders Shopify
   * confirmed (its orders/create webhook); "browser", trackPurchase calls,
   * which nothing can confirm (the page says so).
   */
  purchaseSource: "shopify" | "browser";
  /** Shopify websites: orders the pixel reported that Shopify has not confirmed, not in revenue (whatever CTA is chosen). */
  unverifiedOrders: number;
  unverifiedRevenue: number;
  ctas: CtaResult[];
  /** Archived CTAs left out of the figures (loadResults' includeArchived: false). */
  archivedLeftOut: number;
  /** Every day of the period, for all CTAs (or the chosen one). */
  daily: DailyPoint[];
  /** When one CTA is chosen: its daily figures per variant letter. */
  dailyByVariant: { letter: string; points: DailyPoint[] }[];
}

/** The sketches the totals read: unique viewers and completions (their conversions are the CTAs' own, added up). */
const TOTAL_KINDS: readonly SketchKind[] = ["viewers", "finishers"];

/** Sums CTA figures: counts add, unique viewers and leads are unions, conversions add up (each CTA's own goal). */
function totalsOf(cells: { cell: Cell; metrics: Metrics }[]): Metrics {
  const all = new Cell();
  for (const { cell } of cells) all.add(cell, TOTAL_KINDS);
  const metrics = all.metrics("leads");
  metrics.conversions = cells.reduce((n, c) => n + c.metrics.conversions, 0);
  metrics.conversionRate = rateOf(
    metrics.conversions,
    cells.reduce((n, c) => n + c.metrics.viewers, 0),
  );
  return metrics;
}

function point(day: string, metrics: Metrics): DailyPoint {
  return {
    day,
    views: metrics.views,
    viewers: metrics.viewers,
    conversions: metrics.conversions,
    conversionRate: metrics.conversionRate,
    revenue: metrics.revenue,
    cartValue: metrics.cartValue,
  };
}

/**
 * Adds the credited orders to what the days gave without them: each day's
 * revenue (the website's, and the chosen CTA's per variant) and the period's
 * cells. Orders count toward no goal, so nothing else changes.
 */
function addOrders(
  orders: Map<string, Map<string, CellOrders>>,
  into: {
    period: Map<string, Cell>;
    daily: DailyPoint[];
    chosen: CtaInfo | null;
    variantPoints: Map<number, DailyPoint[]>;
  },
): void {
  const dayIndex = new Map(into.daily.map((p, i) => [p.day, i]));
  const { chosen } = into;
  const variantPointsByKey = new Map(
    chosen ? chosen.variants.map((v) => [cellKey(chosen.id, v.id), into.variantPoints.get(v.id)]) : [],
  );
  for (const [day, cells] of orders) {
    const dayPosition = dayIndex.get(day);
    let revenue = 0;
    for (const [key, totals] of cells) {
      revenue += totals.revenue;
      const cell = cellAt(into.period, key);
      cell.orders += totals.orders;
      cell.revenue += totals.revenue;
      const points = variantPointsByKey.get(key);
      if (dayPosition !== undefined && points) points[dayPosition].revenue = round2(totals.revenue);
    }
    if (dayPosition !== undefined) into.daily[dayPosition].revenue = round2(revenue);
  }
}

const abSettings = (cta: CtaInfo) => abTestSchema.safeParse(cta.abTest ?? {}).data ?? abTestSchema.parse({});

/**
 * The A/B verdict's counts of each started test: since the test's start,
 * whatever period the page shows (a control counted from before the test
 * would look better or worse than it is).
 */
async function testCounts(db: Db, websiteId: number, ctas: CtaInfo[]) {
  const counts = new Map<number, { from: string; counts: VariantCounts[] }>();
  for (const cta of ctas) {
    const startedAt = abSettings(cta).started_at;
    if (cta.variants.length < 2 || !startedAt) continue;
    const arms = await countsSinceStart(db, websiteId, cta.id, new Date(startedAt));
    const letters = new Map(cta.variants.map((v) => [v.id, v.variation]));
    counts.set(cta.id, {
      from: firstWholeDay(new Date(startedAt)).toISOString().slice(0, 10),
      counts: arms.map((arm) => ({ ...arm, letter: letters.get(arm.id) ?? "?" })),
    });
  }
  return counts;
}

/** Loads a website's results for a period (and optionally one CTA) from the rollups. */
export async function loadResults(
  db: Db,
  websiteId: number,
  options: { period: ResultsPeriod; ctaId?: number | null; includeArchived?: boolean },
): Promise<ResultsReport> {
  const { website, ctas, archivedLeftOut, scan, days } = await prepareScan(
    db,
    websiteId,
    options.period,
    options.ctaId,
    options.includeArchived ?? true,
  );
  const period = new Map<string, Cell>();
  const daily: DailyPoint[] = [];
  const variantPoints = new Map<number, DailyPoint[]>();
  const chosen = options.ctaId && ctas.length ? ctas[0] : null;
  let estimated = false;
  const note = (m: Metrics) => {
    if (isApproximate(m.viewers) || isApproximate(m.completions) || isApproximate(m.conversions)) estimated = true;
    return m;
  };

  // Read beside the days, like the credit; a Shopify website's pixel reports are only claims.
  const unverifiedSoon = website?.shopDomain
    ? unverifiedOrders(db, websiteId, scan.from, scan.to)
    : Promise.resolve({ orders: 0, amount: 0 });
  unverifiedSoon.catch(() => undefined);
  // The days are counted while the database credits the orders; the orders are added after.
  for await (const { day, cells } of variantDays(db, websiteId, scan, days, false)) {
    const perCta = ctas.map((c) => {
      const cell = Cell.union([...c.variants.map((x) => x.id), 0].map((v) => cells.get(cellKey(c.id, v))));
      return { cell, metrics: cell.metrics(c.goal) };
    });
    daily.push(point(day, note(totalsOf(perCta))));
    if (chosen) {
      for (const variant of chosen.variants) {
        const list = variantPoints.get(variant.id) ?? [];
        list.push(point(day, note((cells.get(cellKey(chosen.id, variant.id)) ?? new Cell()).metrics(chosen.goal))));
        variantPoints.set(variant.id, list);
      }
    }
    for (const [key, cell] of cells) {
      cellAt(period, key).add(cell);
    }
  }

  const sinceStart = await testCounts(db, websiteId, ctas);
  const credit = await scan.credit;
  const unverified = await unverifiedSoon;
  addOrders(ordersByDay(scan, credit), { period, daily, chosen, variantPoints });
  const ctaCells: { cell: Cell; metrics: Metrics }[] = [];
  const results: CtaResult[] = ctas.map((cta) => {
    const variants: VariantResult[] = cta.variants.map((variant) => ({
      id: variant.id,
      letter: variant.variation,
      percentage: variant.percentage,
      winner: variant.winner,
      metrics: note((period.get(cellKey(cta.id, variant.id)) ?? new Cell()).metrics(cta.goal)),
    }));
    const other = period.get(cellKey(cta.id, 0));
    if (other)
      variants.push({
        id: null,
        letter: "Other",
        percentage: null,
        winner: false,
        metrics: note(other.metrics(cta.goal)),
      });
    const cell = Cell.union([...cta.variants.map((x) => x.id), 0].map((v) => period.get(cellKey(cta.id, v))));
    const metrics = note(cell.metrics(cta.goal));
    ctaCells.push({ cell, metrics });
    return {
      id: cta.id,
      name: cta.name,
      status: cta.status,
      ctaType: cta.ctaType,
      goal: cta.goal,
      metrics,
      variants,
      abTest:
        cta.variants.length >= 2
          ? abVerdict(
              sinceStart.get(cta.id)?.counts ??
                variants
                  .filter((v) => v.id !== null)
                  .map((variant) => ({
                    id: variant.id!,
                    letter: variant.letter,
                    views: variant.metrics.viewers,
                    conversions: Math.min(variant.metrics.conversions, variant.metrics.viewers),
                  })),
            )
          : null,
      winnerId: cta.variants.find((v) => v.winner)?.id ?? null,
      abMode: abSettings(cta).mode,
      abCountedFrom: sinceStart.get(cta.id)?.from ?? null,
      abDecidedAt: cta.abDecidedAt ? cta.abDecidedAt.toISOString() : null,
    };
  });

  return {
    period: options.period,
    currency: website?.currency ?? "USD",
    currencyCharacter: website?.currencyCharacter ?? "$",
    ctaId: chosen ? chosen.id : null,
    totals: note(totalsOf(ctaCells)),
    estimated,
    uniqueError: HLL_STANDARD_ERROR,
    unattributedRevenue: chosen ? 0 : credit.unattributedRevenue,
    unattributedOrders: chosen ? 0 : credit.unattributedOrders,
    flaggedOrders: credit.flaggedOrders,
    flaggedRevenue: credit.flaggedRevenue,
    outlierThreshold: credit.outlierThreshold,
    purchaseSource: website?.shopDomain ? "shopify" : "browser",
    unverifiedOrders: unverified.orders,
    unverifiedRevenue: unverified.amount,
    ctas: results,
    archivedLeftOut,
    daily,
    dailyByVariant: chosen
      ? chosen.variants.map((v) => ({ letter: v.variation, points: variantPoints.get(v.id) ?? [] }))
      : [],
  };
}

/** CTA ids and names for the page's CTA picker. */
export function ctaChoices(db: Db, websiteId: number): Promise<{ id: number; name: string; status: string }[]> {
  return db.cta.findMany({
    where: { websiteId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, status: true },
  });
}
