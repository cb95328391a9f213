/**
 * The results page's numbers: views, conversions, conversion rate, revenue
 * and cart value per CTA, variant and day (definitions in
 * app/lib/conversions.ts), A/B verdicts (app/lib/ab-stats.ts), and marking
 * a test's winner. Everything is read within one website.
 */
import type { Db } from "../db.server";
import { abVerdict, type AbVerdict } from "../lib/ab-stats";
import {
  ATTRIBUTION_WINDOW_DAYS,
  CONVERSION_EVENTS,
  ORDER_EVENT,
  VIEW_EVENT,
  computeResults,
  daysBetween,
  emptyMetrics,
  sumMetrics,
  variantKey,
  type Metrics,
} from "../lib/conversions";
import { InputError } from "../lib/errors";
import { loadCtaDocument, saveCtaDocument } from "./cta.server";
import { NotFoundError } from "./website.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest period one report covers. */
export const MAX_PERIOD_DAYS = 366;
export const PERIOD_PRESETS = [7, 30, 90] as const;
export const DEFAULT_PERIOD_DAYS = 30;

/** A report's period: whole UTC days from `from` to `to`, both inclusive. */
export interface ResultsPeriod {
  from: string;
  to: string;
  days: number;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(day: string): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || !d.toISOString().startsWith(day) ? null : d;
}

/**
 * The period a URL asks for: ?from=YYYY-MM-DD&to=YYYY-MM-DD, or ?days=7|30|90
 * ending today; the last 30 days otherwise. Reversed or too long ranges are
 * clamped, never an error.
 */
export function parsePeriod(params: URLSearchParams, now = new Date()): ResultsPeriod {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const fromParam = dayStart(params.get("from") ?? "");
  const toParam = dayStart(params.get("to") ?? "");
  let from: Date;
  let to: Date;
  if (fromParam || toParam) {
    to = toParam ?? today;
    from = fromParam ?? new Date(to.getTime() - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS);
    if (from > to) [from, to] = [to, from];
    if ((to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_PERIOD_DAYS) from = new Date(to.getTime() - (MAX_PERIOD_DAYS - 1) * DAY_MS);
  } else {
    const n = Number(params.get("days"));
    const days = (PERIOD_PRESETS as readonly number[]).includes(n) ? n : DEFAULT_PERIOD_DAYS;
    to = today;
    from = new Date(today.getTime() - (days - 1) * DAY_MS);
  }
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10), days };
}

export interface VariantResult {
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
  metrics: Metrics;
  variants: VariantResult[];
  /** For CTAs with two or more variants. */
  abTest: AbVerdict | null;
  /** A variant already marked the winner. */
  winnerId: number | null;
}

export interface DailyPoint {
  day: string;
  views: number;
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
  unattributedRevenue: number;
  unattributedOrders: number;
  /** Orders of the website left out of revenue as implausible (app/lib/revenue.ts), whatever CTA is chosen. */
  flaggedOrders: number;
  flaggedRevenue: number;
  outlierThreshold: number;
  ctas: CtaResult[];
  /** Every day of the period, for all CTAs (or the chosen one). */
  daily: DailyPoint[];
  /** When one CTA is chosen: its daily figures per variant letter. */
  dailyByVariant: { letter: string; points: DailyPoint[] }[];
}

function point(day: string, m: Metrics): DailyPoint {
  return { day, views: m.views, conversions: m.conversions, conversionRate: m.conversionRate, revenue: m.revenue, cartValue: m.cartValue };
}

/** Loads and computes a website's results for a period (and optionally one CTA). */
export async function loadResults(
  db: Db,
  websiteId: number,
  options: { period: ResultsPeriod; ctaId?: number | null }
): Promise<ResultsReport> {
  const from = new Date(`${options.period.from}T00:00:00Z`);
  const to = new Date(new Date(`${options.period.to}T00:00:00Z`).getTime() + DAY_MS);
  const lookback = new Date(from.getTime() - ATTRIBUTION_WINDOW_DAYS * DAY_MS);

  const [website, ctaRows, events, orders] = await Promise.all([
    db.website.findUnique({ where: { id: websiteId }, select: { currency: true, currencyCharacter: true } }),
    db.cta.findMany({
      where: { websiteId },
      orderBy: { id: "asc" },
      select: {
        id: true,
        name: true,
        status: true,
        ctaType: true,
        variants: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, variation: true, percentage: true, winner: true } },
      },
    }),
    db.trackedEvent.findMany({
      where: {
        websiteId,
        createdAt: { gte: lookback, lt: to },
        OR: [{ eventType: ORDER_EVENT }, { ctaId: { not: null }, eventType: { in: [VIEW_EVENT, ...CONVERSION_EVENTS] } }],
      },
      select: {
        eventType: true,
        personId: true,
        visitorToken: true,
        ctaId: true,
        variantId: true,
        revenue: true,
        data: true,
        createdAt: true,
      },
    }),
    db.order.findMany({
      where: { websiteId, createdAt: { gte: from, lt: to } },
      select: { orderId: true, personId: true, revenue: true, ctaId: true, variantId: true, createdAt: true },
    }),
  ]);

  const results = computeResults({
    from,
    to,
    events: events.map((e) => ({
      eventType: e.eventType,
      visitor: e.personId !== null ? `p${e.personId}` : `t${e.visitorToken}`,
      ctaId: e.ctaId,
      variantId: e.variantId,
      revenue: e.revenue,
      data: e.data,
      at: e.createdAt,
    })),
    orders: orders.map((o) => ({
      orderId: o.orderId,
      visitor: `p${o.personId}`,
      revenue: o.revenue,
      ctaId: o.ctaId,
      variantId: o.variantId,
      at: o.createdAt,
    })),
  });

  const days = daysBetween(from, to);
  const chosen = options.ctaId ? ctaRows.filter((c) => c.id === options.ctaId) : ctaRows;
  const ctas: CtaResult[] = chosen.map((c) => {
    const variants: VariantResult[] = c.variants.map((v) => ({
      id: v.id,
      letter: v.variation,
      percentage: v.percentage,
      winner: v.winner,
      metrics: results.byVariant.get(variantKey(c.id, v.id)) ?? emptyMetrics(),
    }));
    // Events that named the CTA but no variant (or a variant since deleted).
    const known = new Set(c.variants.map((v) => variantKey(c.id, v.id)));
    const stray = [...results.byVariant.entries()].filter(([k]) => k.startsWith(`${c.id}:`) && !known.has(k)).map(([, m]) => m);
    if (stray.some((m) => m.views || m.conversions || m.revenue || m.cartValue)) {
      variants.push({ id: null, letter: "Other", percentage: null, winner: false, metrics: sumMetrics(stray) });
    }
    const tested = c.variants.length >= 2;
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      ctaType: c.ctaType,
      metrics: sumMetrics(variants.map((v) => v.metrics)),
      variants,
      abTest: tested
        ? abVerdict(
            variants
              .filter((v) => v.id !== null)
              .map((v) => ({ id: v.id!, letter: v.letter, views: v.metrics.views, conversions: v.metrics.conversions }))
          )
        : null,
      winnerId: c.variants.find((v) => v.winner)?.id ?? null,
    };
  });

  const keysOf = (ctaIds: number[]) => [...results.byVariantDay.keys()].filter((k) => ctaIds.some((id) => k.startsWith(`${id}:`)));
  const chosenKeys = keysOf(chosen.map((c) => c.id));
  const dayMetrics = (keys: string[], day: string) => sumMetrics(keys.map((k) => results.byVariantDay.get(k)?.get(day) ?? emptyMetrics()));
  const daily = days.map((day) => point(day, dayMetrics(chosenKeys, day)));
  const dailyByVariant =
    options.ctaId && ctas[0]
      ? ctas[0].variants
          .filter((v) => v.id !== null)
          .map((v) => ({ letter: v.letter, points: days.map((day) => point(day, dayMetrics([variantKey(ctas[0].id, v.id)], day))) }))
      : [];

  return {
    period: options.period,
    currency: website?.currency ?? "USD",
    currencyCharacter: website?.currencyCharacter ?? "$",
    ctaId: options.ctaId && chosen.length ? options.ctaId : null,
    totals: sumMetrics(ctas.map((c) => c.metrics)),
    unattributedRevenue: options.ctaId ? 0 : results.unattributedRevenue,
    unattributedOrders: options.ctaId ? 0 : results.unattributedOrders,
    flaggedOrders: results.flaggedOrders,
    flaggedRevenue: results.flaggedRevenue,
    outlierThreshold: results.outlierThreshold,
    ctas,
    daily,
    dailyByVariant,
  };
}

/** CTA ids and names for the page's CTA picker. */
export function ctaChoices(db: Db, websiteId: number): Promise<{ id: number; name: string }[]> {
  return db.cta.findMany({ where: { websiteId }, orderBy: { id: "asc" }, select: { id: true, name: true } });
}

/**
 * Marks a variant as the test's winner: winner = true and 100% of the
 * traffic for it, the others winner = false and 0%. Saved through the CTA
 * document so every CTA rule still holds (and a published CTA gets a new
 * published_at, so browsers drop the cached split at once).
 */
export async function markWinner(db: Db, websiteId: number, ctaId: number, variantId: number): Promise<void> {
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  if (!doc.variants.some((v) => v.id === variantId))
    throw new InputError(`Variant ${variantId} is not part of this CTA`, "variant_id", 404);
  if (doc.variants.length < 2) throw new InputError("Only a CTA with two or more variants has a winner", "variant_id");
  await saveCtaDocument(db, websiteId, {
    ...doc,
    variants: doc.variants.map((v) => ({ ...v, winner: v.id === variantId, percentage: v.id === variantId ? 100 : 0 })),
  });
}

/** Clears a winner: every variant back to an even split (the remainder to the first ones). */
export async function clearWinner(db: Db, websiteId: number, ctaId: number): Promise<void> {
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  const n = doc.variants.length;
  const share = Math.floor(100 / n);
  await saveCtaDocument(db, websiteId, {
    ...doc,
    variants: doc.variants.map((v, i) => ({ ...v, winner: false, percentage: share + (i < 100 - share * n ? 1 : 0) })),
  });
}
