/**
 * Reads a website's results day by day from the daily rollups
 * (event-rollups.server.ts), never from the raw events: per day, one Cell per
 * CTA variant with its counters, merged sketches, leads (the contact
 * submissions of the period, few rows) and credited orders (SQL attribution
 * from order-attribution.server.ts). Rows are read a few days at a time
 * (DAYS_PER_READ), so memory stays bounded whatever the period.
 */
import type { Db } from "../db.server";
import { GOAL_SKETCH, daysBetween, goalOf, type Goal, type OrderCredit, type SketchKind } from "../lib/conversions";
import { mergeInto } from "../lib/hll";
import { Cell, cellAt, cellKey } from "../lib/results-cell";
import { DAY_MS, type ResultsPeriod } from "../lib/results-period";
import { orderCredit } from "./order-credit.server";
import { readCounters, readSketches } from "./rollup-reads.server";

/** Days of rollups read per query: bounds memory for long periods. */
const DAYS_PER_READ = 7;

export interface CtaInfo {
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
        variants: {
          orderBy: [{ position: "asc" }, { id: "asc" }],
          select: { id: true, variation: true, percentage: true, winner: true },
        },
      },
    }),
    db.ctaElement.findMany({
      where: { column: { section: { step: { variant: { cta: { websiteId } } } } } },
      select: {
        elementType: true,
        column: { select: { section: { select: { step: { select: { variant: { select: { ctaId: true } } } } } } } },
      },
    }),
  ]);
  const types = new Map<number, string[]>();
  for (const e of elements) {
    const ctaId = e.column.section.step.variant.ctaId;
    types.set(ctaId, [...(types.get(ctaId) ?? []), e.elementType]);
  }
  return ctas.map((c) => ({ ...c, goal: goalOf(types.get(c.id) ?? []) }));
}

export interface Scan {
  ctas: CtaInfo[];
  from: Date;
  to: Date;
  /** The period's orders and their credit, still coming while the first rollups are read. */
  credit: Promise<OrderCredit>;
}

/** The cell key of a CTA variant among the scan's CTAs: a variant not (or no longer) the CTA's own counts as "Other" (0). */
function keyWithin(known: Map<number, Set<number>>, ctaId: number, variantId: number | null): string {
  return cellKey(ctaId, variantId !== null && known.get(ctaId)?.has(variantId) ? variantId : 0);
}

const knownVariants = (scan: Scan) => new Map(scan.ctas.map((c) => [c.id, new Set(c.variants.map((v) => v.id))]));

/** Orders and revenue credited to one cell on one day. */
export interface CellOrders {
  orders: number;
  revenue: number;
}

/**
 * The period's credited orders of the scan's CTAs by day and cell key (orders
 * credited to another website's or a deleted CTA are left out).
 */
export function ordersByDay(scan: Scan, credit: OrderCredit): Map<string, Map<string, CellOrders>> {
  const known = knownVariants(scan);
  const byDay = new Map<string, Map<string, CellOrders>>();
  for (const o of credit.credited) {
    const [ctaId, variantId] = o.key.split(":");
    if (!known.has(Number(ctaId))) continue;
    const k = keyWithin(known, Number(ctaId), variantId === "" ? null : Number(variantId));
    let cells = byDay.get(o.day);
    if (!cells) byDay.set(o.day, (cells = new Map()));
    const sum = cells.get(k);
    if (sum) {
      sum.orders += o.orders;
      sum.revenue += o.revenue;
    } else cells.set(k, { orders: o.orders, revenue: o.revenue });
  }
  return byDay;
}

/**
 * Reads the rollups of a period day by day and yields, per day, one cell per
 * CTA variant that had anything that day (counts, people, leads and, unless
 * `withOrders` is false, orders).
 *
 * Orders wait for the period's credit, the slowest query: a reader that
 * leaves them out (and adds ordersByDay itself at the end, as the results
 * page does) counts the days while the database still credits the orders.
 */
export async function* variantDays(
  db: Db,
  websiteId: number,
  scan: Scan,
  days: string[],
  withOrders = true,
): AsyncGenerator<{ day: string; cells: Map<string, Cell> }> {
  const ctaIds = scan.ctas.map((c) => c.id);
  const known = knownVariants(scan);
  const cellOf = (cells: Map<string, Cell>, ctaId: number, variantId: number | null) =>
    cellAt(cells, keyWithin(known, ctaId, variantId));
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
        where: {
          websiteId,
          createdAt: { gte: scan.from, lt: scan.to },
          ctaId: { in: ctaIds },
          OR: [{ email: { not: null } }, { phone: { not: null } }],
        },
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
  const orders = withOrders ? ordersByDay(scan, await scan.credit) : null;

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
      for (const [k, o] of orders?.get(day) ?? []) {
        const cell = cellAt(cells, k);
        cell.orders += o.orders;
        cell.revenue += o.revenue;
      }
      yield { day, cells };
    }
  }
}

/** The period's bounds, CTAs (all or the chosen one) and days, with the orders' credit already on its way. */
export async function prepareScan(db: Db, websiteId: number, period: ResultsPeriod, ctaId: number | null | undefined) {
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
