/**
 * Reads a website's results day by day from the daily rollups
 * (event-rollups.server.ts), never from the raw events: per day, one Cell per
 * CTA variant with its counters, merged sketches, leads (the contact
 * submissions of the period, few rows) and credited orders (SQL attribution
 * from order-attribution.server.ts). Rows are read a few days at a time
 * (DAYS_PER_READ), so memory stays bounded whatever the period.
 */
import type { Db } from "#app/db.server";
import { GOAL_SKETCH, daysBetween, goalOf, type Goal, type OrderCredit, type SketchKind } from "./conversions";
import { mergeInto } from "./hll";
import { Cell, cellAt, cellKey } from "./results-cell";
import { DAY_MS, type ResultsPeriod } from "./results-period";
import { orderCredit } from "#app/models/order-credit.server";
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
  /** The stored A/B test settings (Cta.abTest) and when an automatic test declared its winner. */
  abTest: unknown;
  abDecidedAt: Date | null;
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
        abTest: true,
        abDecidedAt: true,
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
  for (const element of elements) {
    const ctaId = element.column.section.step.variant.ctaId;
    types.set(ctaId, [...(types.get(ctaId) ?? []), element.elementType]);
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
  for (const credited of credit.credited) {
    const [ctaId, variantId] = credited.key.split(":");
    if (!known.has(Number(ctaId))) continue;
    const key = keyWithin(known, Number(ctaId), variantId === "" ? null : Number(variantId));
    let cells = byDay.get(credited.day);
    if (!cells) byDay.set(credited.day, (cells = new Map()));
    const sum = cells.get(key);
    if (sum) {
      sum.orders += credited.orders;
      sum.revenue += credited.revenue;
    } else cells.set(key, { orders: credited.orders, revenue: credited.revenue });
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
  for (const cta of scan.ctas) if (cta.goal === "clicks" || cta.goal === "addToCarts") kinds.add(GOAL_SKETCH[cta.goal]);

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
  for (const lead of leads) {
    const day = lead.createdAt.toISOString().slice(0, 10);
    const list = leadsByDay.get(day);
    if (list) list.push(lead);
    else leadsByDay.set(day, [lead]);
  }
  const orders = withOrders ? ordersByDay(scan, await scan.credit) : null;

  for (let i = 0; i < days.length; i += DAYS_PER_READ) {
    const chunk = days.slice(i, i + DAYS_PER_READ);
    const [counters, sketches] = await next!;
    next = i + DAYS_PER_READ < days.length ? read(days.slice(i + DAYS_PER_READ, i + 2 * DAYS_PER_READ)) : null;
    const byDay = new Map(chunk.map((d) => [d, new Map<string, Cell>()]));
    for (const counter of counters) {
      const cell = cellOf(byDay.get(counter.day)!, counter.ctaId, counter.variantId);
      cell.views += counter.views;
      cell.clicks += counter.clicks;
      cell.addToCarts += counter.addToCarts;
      cell.cartValue += counter.cartValue;
    }
    for (const sketch of sketches)
      mergeInto(cellOf(byDay.get(sketch.day)!, sketch.ctaId, sketch.variantId).sketch(sketch.kind), sketch.registers);
    for (const day of chunk) {
      const cells = byDay.get(day)!;
      for (const lead of leadsByDay.get(day) ?? []) cellOf(cells, lead.ctaId!, lead.variantId).leads.add(lead.personId);
      for (const [key, totals] of orders?.get(day) ?? []) {
        const cell = cellAt(cells, key);
        cell.orders += totals.orders;
        cell.revenue += totals.revenue;
      }
      yield { day, cells };
    }
  }
}

/**
 * The period's bounds, CTAs (all or the chosen one) and days, with the orders' credit already on its way.
 * Archived CTAs (retired copies and old drafts) are left out unless `includeArchived` or chosen by id.
 */
export async function prepareScan(
  db: Db,
  websiteId: number,
  period: ResultsPeriod,
  ctaId: number | null | undefined,
  includeArchived = true,
) {
  const from = new Date(`${period.from}T00:00:00Z`);
  const to = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS);
  // Order attribution is the slowest query: the rollups are read meanwhile (variantDays awaits it).
  const credit = orderCredit(db, websiteId, from, to);
  // Awaited later: a failure must not count as unhandled before then.
  credit.catch(() => undefined);
  const [website, all] = await Promise.all([
    db.website.findUnique({
      where: { id: websiteId },
      select: { currency: true, currencyCharacter: true, shopDomain: true },
    }),
    ctaInfos(db, websiteId),
  ]);
  const ctas = ctaId
    ? all.filter((c) => c.id === ctaId)
    : all.filter((c) => includeArchived || c.status !== "archived");
  return {
    website,
    ctas,
    archivedLeftOut: ctaId ? 0 : all.length - ctas.length,
    scan: { ctas, from, to, credit } satisfies Scan,
    days: daysBetween(from, to),
  };
}
