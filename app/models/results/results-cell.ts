/**
 * The arithmetic of the results page: a Cell holds the figures of a variant,
 * CTA or website over a day or a period (counters add, unique people are
 * HyperLogLog sketches merged as unions, leads a set of people) until they
 * become Metrics by a CTA's goal.
 */
import { GOAL_SKETCH, rateOf, round2, type Goal, type Metrics, type SketchKind } from "./conversions";
import { HLL_REGISTERS, estimate, mergeInto } from "./hll";

/** The figures of a variant, CTA or website over a day or a period, before they become Metrics. */
export class Cell {
  views = 0;
  clicks = 0;
  addToCarts = 0;
  cartValue = 0;
  orders = 0;
  revenue = 0;
  readonly leads = new Set<number>();
  readonly sketches = new Map<SketchKind, Uint8Array>();

  sketch(kind: SketchKind): Uint8Array {
    let sketch = this.sketches.get(kind);
    if (!sketch) this.sketches.set(kind, (sketch = new Uint8Array(HLL_REGISTERS)));
    return sketch;
  }

  /** Adds another cell's figures; `kinds` limits the sketches merged to those that will be read. */
  add(other: Cell, kinds?: readonly SketchKind[]): void {
    this.views += other.views;
    this.clicks += other.clicks;
    this.addToCarts += other.addToCarts;
    this.cartValue += other.cartValue;
    this.orders += other.orders;
    this.revenue += other.revenue;
    for (const person of other.leads) this.leads.add(person);
    for (const [kind, registers] of other.sketches)
      if (!kinds || kinds.includes(kind)) mergeInto(this.sketch(kind), registers);
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
    for (const part of present) cell.add(part);
    return cell;
  }

  unique(kind: SketchKind): number {
    const sketch = this.sketches.get(kind);
    return sketch ? estimate(sketch) : 0;
  }

  /** The figures, with conversions by a CTA's goal. */
  metrics(goal: Goal): Metrics {
    const viewers = this.unique("viewers");
    const completions = this.unique("finishers");
    const conversions =
      goal === "leads" ? this.leads.size : goal === "completions" ? completions : this.unique(GOAL_SKETCH[goal]);
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

/** The cell under a key, created empty the first time. */
export function cellAt(cells: Map<string, Cell>, key: string): Cell {
  let cell = cells.get(key);
  if (!cell) cells.set(key, (cell = new Cell()));
  return cell;
}

/** Key of a variant's cell: variant 0 gathers events with no variant or a deleted one ("Other"). */
export const cellKey = (ctaId: number, variantId: number) => `${ctaId}:${variantId}`;
