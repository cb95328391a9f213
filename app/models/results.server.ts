/**
 * The results page's numbers per CTA, variant and day (definitions in
 * app/lib/conversions.ts), A/B verdicts (app/lib/ab-stats.ts), the CSV
 * export, and marking a test's winner. Everything is read within one website.
 *
 * Read from the daily rollups (event-rollups.server.ts), never from the raw
 * events: counters are summed; unique people are HyperLogLog sketches merged
 * per variant, CTA and website, so a CTA's or the website's unique viewers
 * are a union, not a sum. Rows are read a few days at a time (DAYS_PER_READ),
 * so memory stays bounded whatever the period. Leads come from the contact
 * submissions of the period (few rows), orders with their SQL attribution
 * from order-attribution.server.ts.
 */
import type { Db } from "../db.server";
import { abVerdict, type AbVerdict } from "../lib/ab-stats";
import {
  GOAL_SKETCH,
  daysBetween,
  goalOf,
  rateOf,
  round2,
  type CreditedOrder,
  type Goal,
  type Metrics,
  type OrderCredit,
  type SketchKind,
} from "../lib/conversions";
import { csvRow, UTF8_BOM } from "../lib/csv";
import { InputError } from "../lib/errors";
import { HLL_REGISTERS, HLL_STANDARD_ERROR, estimate, isApproximate, mergeInto } from "../lib/hll";
import { orderCredit } from "./order-credit.server";
import { readCounters, readSketches } from "./rollup-reads.server";
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

/** Days of rollups read per query: bounds memory for long periods. */
const DAYS_PER_READ = 7;

interface CtaInfo {
  id: number;
  name: string;
  status: string;
  ctaType: string;
  goal: Goal;
  variants: { id: number; variation: string; percentage: number; winner: boolean }[];
}

/** The website's CTAs, their variants, and each CTA's goal from its element types. */
async function ctaInfos(db: Db, websiteId: number): Promise<CtaInfo[]> {
  const [ctas, elements] = await Promise.all([
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
    db.ctaElement.findMany({
      where: { column: { section: { step: { variant: { cta: { websiteId } } } } } },
      select: { elementType: true, column: { select: { section: { select: { step: { select: { variant: { select: { ctaId: true } } } } } } } } },
    }),
  ]);
  const types = new Map<number, string[]>();
  for (const e of elements) {
    const ctaId = e.column.section.step.variant.ctaId;
    types.set(ctaId, [...(types.get(ctaId) ?? []), e.elementType]);
  }
  return ctas.map((c) => ({ ...c, goal: goalOf(types.get(c.id) ?? []) }));
}

/** The figures of a variant, CTA or website over a day or a period, before they become Metrics. */
class Cell {
  views = 0;
  clicks = 0;
  addToCarts = 0;
  cartValue = 0;
  orders = 0;
  revenue = 0;
  readonly leads = new Set<number>();
  readonly sketches = new Map<SketchKind, Uint8Array>();

  sketch(kind: SketchKind): Uint8Array {
    let s = this.sketches.get(kind);
    if (!s) this.sketches.set(kind, (s = new Uint8Array(HLL_REGISTERS)));
    return s;
  }

  /** Adds another cell's figures; `kinds` limits the sketches merged to those that will be read. */
  add(other: Cell, kinds?: readonly SketchKind[]): void {
    this.views += other.views;
    this.clicks += other.clicks;
    this.addToCarts += other.addToCarts;
    this.cartValue += other.cartValue;
    this.orders += other.orders;
    this.revenue += other.revenue;
    for (const p of other.leads) this.leads.add(p);
    for (const [kind, registers] of other.sketches) if (!kinds || kinds.includes(kind)) mergeInto(this.sketch(kind), registers);
  }

  /**
   * The union of some cells: the one cell itself when there is one (read
   * only, so nothing is copied), else a new cell. Merging 4 KB of registers
   * per sketch is most of the page's work in Node, and most CTAs have one
   * variant.
   */
  static union(cells: readonly (Cell | undefined)[]): Cell {
    const present = cells.filter((c): c is Cell => c !== undefined);
    if (present.length === 1) return present[0];
    const cell = new Cell();
    for (const c of present) cell.add(c);
    return cell;
  }

  unique(kind: SketchKind): number {
    const s = this.sketches.get(kind);
    return s ? estimate(s) : 0;
  }

  /** The figures, with conversions by a CTA's goal. */
  metrics(goal: Goal): Metrics {
    const viewers = this.unique("viewers");
    const completions = this.unique("finishers");
    const conversions = goal === "leads" ? this.leads.size : goal === "completions" ? completions : this.unique(GOAL_SKETCH[goal]);
    return {
      views: this.views,
      viewers,
      clicks: this.clicks,
      leads: this.leads.size,
      completions,
      addToCarts: this.addToCarts,
      cartValue: round2(this.cartValue),
      orders: this.orders,
      revenue: round2(this.revenue),
      conversions,
      conversionRate: rateOf(conversions, viewers),
    };
  }
}

/** Key of a variant's cell: variant 0 gathers events with no variant or a deleted one ("Other"). */
const cellKey = (ctaId: number, variantId: number) => `${ctaId}:${variantId}`;

interface Scan {
  ctas: CtaInfo[];
  from: Date;
  to: Date;
  /** The period's orders and their credit, still coming while the first rollups are read. */
  credit: Promise<OrderCredit>;
}

/**
 * Reads the rollups of a period day by day and yields, per day, one cell per
 * CTA variant that had anything that day (counts, people, leads, orders).
 */
async function* variantDays(db: Db, websiteId: number, scan: Scan, days: string[]): AsyncGenerator<{ day: string; cells: Map<string, Cell> }> {
  const ctaIds = scan.ctas.map((c) => c.id);
  const known = new Map(scan.ctas.map((c) => [c.id, new Set(c.variants.map((v) => v.id))]));
  const cellOf = (cells: Map<string, Cell>, ctaId: number, variantId: number | null) => {
    const v = variantId !== null && known.get(ctaId)?.has(variantId) ? variantId : 0;
    const k = cellKey(ctaId, v);
    let cell = cells.get(k);
    if (!cell) cells.set(k, (cell = new Cell()));
    return cell;
  };
  const kinds = new Set<SketchKind>(["viewers", "finishers"]);
  for (const c of scan.ctas) if (c.goal === "clicks" || c.goal === "addToCarts") kinds.add(GOAL_SKETCH[c.goal]);

  // The next few days are asked for while a chunk is counted (and the first
  // while the leads and orders come): the database and Node work side by side.
  const read = (chunk: string[]) => {
    const range = { websiteId, from: chunk[0], to: chunk[chunk.length - 1], ctaIds };
    const rows = Promise.all([readCounters(db, range), readSketches(db, range, [...kinds])]);
    // Awaited later, or never by a reader that stops early (a cancelled CSV download): not an unhandled failure meanwhile.
    rows.catch(() => undefined);
    return rows;
  };
  let next = days.length ? read(days.slice(0, DAYS_PER_READ)) : null;
  const leads = ctaIds.length
    ? await db.contactSubmission.findMany({
        where: { websiteId, createdAt: { gte: scan.from, lt: scan.to }, ctaId: { in: ctaIds }, OR: [{ email: { not: null } }, { phone: { not: null } }] },
        select: { ctaId: true, variantId: true, personId: true, createdAt: true },
      })
    : [];
  const leadsByDay = new Map<string, typeof leads>();
  for (const l of leads) {
    const day = l.createdAt.toISOString().slice(0, 10);
    const list = leadsByDay.get(day);
    if (list) list.push(l);
    else leadsByDay.set(day, [l]);
  }
  const ordersByDay = new Map<string, CreditedOrder[]>();
  for (const o of (await scan.credit).credited) {
    const list = ordersByDay.get(o.day);
    if (list) list.push(o);
    else ordersByDay.set(o.day, [o]);
  }

  for (let i = 0; i < days.length; i += DAYS_PER_READ) {
    const chunk = days.slice(i, i + DAYS_PER_READ);
    const [counters, sketches] = await next!;
    next = i + DAYS_PER_READ < days.length ? read(days.slice(i + DAYS_PER_READ, i + 2 * DAYS_PER_READ)) : null;
    const byDay = new Map(chunk.map((d) => [d, new Map<string, Cell>()]));
    for (const r of counters) {
      const cell = cellOf(byDay.get(r.day)!, r.ctaId, r.variantId);
      cell.views += r.views;
      cell.clicks += r.clicks;
      cell.addToCarts += r.addToCarts;
      cell.cartValue += r.cartValue;
    }
    for (const s of sketches) mergeInto(cellOf(byDay.get(s.day)!, s.ctaId, s.variantId).sketch(s.kind), s.registers);
    for (const day of chunk) {
      const cells = byDay.get(day)!;
      for (const l of leadsByDay.get(day) ?? []) cellOf(cells, l.ctaId!, l.variantId).leads.add(l.personId);
      for (const o of ordersByDay.get(day) ?? []) {
        const [ctaId, variantId] = o.key.split(":");
        if (!known.has(Number(ctaId))) continue;
        const cell = cellOf(cells, Number(ctaId), variantId === "" ? null : Number(variantId));
        cell.orders += o.orders;
        cell.revenue += o.revenue;
      }
      yield { day, cells };
    }
  }
}

async function prepare(db: Db, websiteId: number, period: ResultsPeriod, ctaId: number | null | undefined) {
  const from = new Date(`${period.from}T00:00:00Z`);
  const to = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS);
  // Order attribution is the slowest query: the rollups are read meanwhile (variantDays awaits it).
  const credit = orderCredit(db, websiteId, from, to);
  // Awaited later: a failure must not count as unhandled before then.
  credit.catch(() => undefined);
  const [website, all] = await Promise.all([
    db.website.findUnique({ where: { id: websiteId }, select: { currency: true, currencyCharacter: true } }),
    ctaInfos(db, websiteId),
  ]);
  const ctas = ctaId ? all.filter((c) => c.id === ctaId) : all;
  return { website, ctas, scan: { ctas, from, to, credit } satisfies Scan, days: daysBetween(from, to) };
}

/** Sums CTA figures: counts add, unique viewers and leads are unions, conversions add up (each CTA's own goal). */
/** The sketches the totals read: unique viewers and completions (their conversions are the CTAs' own, added up). */
const TOTAL_KINDS: readonly SketchKind[] = ["viewers", "finishers"];

function totalsOf(cells: { cell: Cell; metrics: Metrics }[]): Metrics {
  const all = new Cell();
  for (const { cell } of cells) all.add(cell, TOTAL_KINDS);
  const m = all.metrics("leads");
  m.conversions = cells.reduce((n, c) => n + c.metrics.conversions, 0);
  m.conversionRate = rateOf(m.conversions, cells.reduce((n, c) => n + c.metrics.viewers, 0));
  return m;
}

function point(day: string, m: Metrics): DailyPoint {
  return { day, views: m.views, viewers: m.viewers, conversions: m.conversions, conversionRate: m.conversionRate, revenue: m.revenue, cartValue: m.cartValue };
}

/** Loads a website's results for a period (and optionally one CTA) from the rollups. */
export async function loadResults(
  db: Db,
  websiteId: number,
  options: { period: ResultsPeriod; ctaId?: number | null }
): Promise<ResultsReport> {
  const { website, ctas, scan, days } = await prepare(db, websiteId, options.period, options.ctaId);
  const period = new Map<string, Cell>();
  const daily: DailyPoint[] = [];
  const variantPoints = new Map<number, DailyPoint[]>();
  const chosen = options.ctaId && ctas.length ? ctas[0] : null;
  let estimated = false;
  const note = (m: Metrics) => {
    if (isApproximate(m.viewers) || isApproximate(m.completions) || isApproximate(m.conversions)) estimated = true;
    return m;
  };

  for await (const { day, cells } of variantDays(db, websiteId, scan, days)) {
    const perCta = ctas.map((c) => {
      const cell = Cell.union([...c.variants.map((x) => x.id), 0].map((v) => cells.get(cellKey(c.id, v))));
      return { cell, metrics: cell.metrics(c.goal) };
    });
    daily.push(point(day, note(totalsOf(perCta))));
    if (chosen) {
      for (const v of chosen.variants) {
        const list = variantPoints.get(v.id) ?? [];
        list.push(point(day, note((cells.get(cellKey(chosen.id, v.id)) ?? new Cell()).metrics(chosen.goal))));
        variantPoints.set(v.id, list);
      }
    }
    for (const [k, cell] of cells) {
      let p = period.get(k);
      if (!p) period.set(k, (p = new Cell()));
      p.add(cell);
    }
  }

  const credit = await scan.credit;
  const ctaCells: { cell: Cell; metrics: Metrics }[] = [];
  const results: CtaResult[] = ctas.map((c) => {
    const variants: VariantResult[] = c.variants.map((v) => ({
      id: v.id,
      letter: v.variation,
      percentage: v.percentage,
      winner: v.winner,
      metrics: note((period.get(cellKey(c.id, v.id)) ?? new Cell()).metrics(c.goal)),
    }));
    const other = period.get(cellKey(c.id, 0));
    if (other) variants.push({ id: null, letter: "Other", percentage: null, winner: false, metrics: note(other.metrics(c.goal)) });
    const cell = Cell.union([...c.variants.map((x) => x.id), 0].map((v) => period.get(cellKey(c.id, v))));
    const metrics = note(cell.metrics(c.goal));
    ctaCells.push({ cell, metrics });
    return {
      id: c.id,
      name: c.name,
      status: c.status,
      ctaType: c.ctaType,
      goal: c.goal,
      metrics,
      variants,
      abTest:
        c.variants.length >= 2
          ? abVerdict(
              variants
                .filter((v) => v.id !== null)
                .map((v) => ({ id: v.id!, letter: v.letter, views: v.metrics.viewers, conversions: Math.min(v.metrics.conversions, v.metrics.viewers) }))
            )
          : null,
      winnerId: c.variants.find((v) => v.winner)?.id ?? null,
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
    ctas: results,
    daily,
    dailyByVariant: chosen ? chosen.variants.map((v) => ({ letter: v.variation, points: variantPoints.get(v.id) ?? [] })) : [],
  };
}

/** Columns of the results CSV, one row per day, CTA and variant. */
export const RESULTS_CSV_COLUMNS = [
  "day",
  "cta_id",
  "cta",
  "variant",
  "goal",
  "views",
  "unique_viewers",
  "clicks",
  "leads",
  "completions",
  "add_to_carts",
  "cart_value",
  "orders",
  "revenue",
  "conversions",
  "conversion_rate",
] as const;

/**
 * The results of a period as CSV (UTF-8 with a BOM, CRLF lines), streamed a
 * few days at a time: one row per day, CTA and variant with anything that
 * day, every metric from the rollups. CTA names go through csvCell, so a name
 * like "=HYPERLINK(...)" is text, not a formula.
 */
export function resultsCsv(db: Db, websiteId: number, options: { period: ResultsPeriod; ctaId?: number | null }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let rows: AsyncGenerator<string> | null = null;
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRow(RESULTS_CSV_COLUMNS) + "\r\n";
    const { ctas, scan, days } = await prepare(db, websiteId, options.period, options.ctaId);
    for await (const { day, cells } of variantDays(db, websiteId, scan, days)) {
      const out: string[] = [];
      for (const c of ctas) {
        for (const v of [...c.variants.map((x) => ({ id: x.id, letter: x.variation })), { id: 0, letter: "Other" }]) {
          const cell = cells.get(cellKey(c.id, v.id));
          if (!cell) continue;
          const m = cell.metrics(c.goal);
          out.push(
            csvRow([
              day,
              c.id,
              c.name,
              v.letter,
              c.goal,
              m.views,
              m.viewers,
              m.clicks,
              m.leads,
              m.completions,
              m.addToCarts,
              m.cartValue,
              m.orders,
              m.revenue,
              m.conversions,
              m.conversionRate === null ? null : Math.round(m.conversionRate * 10_000) / 10_000,
            ]) + "\r\n",
          );
        }
      }
      if (out.length) yield out.join("");
    }
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      rows ??= lines();
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows?.return(undefined);
    },
  });
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
