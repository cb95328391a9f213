/**
 * What the results page counts, defined once and pure (no database).
 *
 * - A **view** of a CTA variant is a visitor who has a View event for it. A
 *   visitor with a conversion but no stored View (a lost beacon) also counts
 *   as a view, since converting means they saw it.
 * - A **conversion** is a visitor who has a Submission (form, survey),
 *   Complete (button), Completion (quiz, whole CTA) or Add To Cart event on
 *   the variant: the same actions that fire the widget's cfConversion.
 *   Selection (one survey answer) and Visit are not conversions.
 * - Views and conversions count distinct visitors per CTA variant: per day
 *   for the daily series, over the whole period for totals and A/B tests (a
 *   visitor who returns on three days is three daily views and one period
 *   view). A CTA's figures are the sum of its variants'; the website's, the
 *   sum of its CTAs'.
 * - **Conversion rate** = conversions / views.
 * - **Revenue** is order revenue (trackPurchase's Order events, and Order
 *   rows not already reported by an event with the same order id). An order
 *   carrying a CTA variant is credited to it; otherwise to the visitor's
 *   latest conversion at or before the order, within ATTRIBUTION_WINDOW_DAYS
 *   (last-touch). Orders with no such conversion are "unattributed".
 *   An order id counts once (its first event), however often it is sent.
 *   Orders far out of line with the period's others (above
 *   outlierThreshold, app/lib/revenue.ts) are "flagged": reported apart and
 *   left out of revenue, since a browser can send any figure.
 * - **Cart value** is what Add To Cart events put in the cart: the event's
 *   revenue, else data.product_price × data.quantity (quantity 1 when absent).
 *   It is reported beside revenue, never added to it (most carts become the
 *   orders that revenue already counts).
 * - Days are UTC calendar days (YYYY-MM-DD), like every date in the admin.
 */

import { outlierThreshold } from "./revenue";

export const VIEW_EVENT = "View";
export const CONVERSION_EVENTS = ["Submission", "Complete", "Completion", "Add To Cart"] as const;
export const ADD_TO_CART_EVENT = "Add To Cart";
export const ORDER_EVENT = "Order";
/** How long after a conversion an order is still credited to it. */
export const ATTRIBUTION_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const CONVERSION_SET: ReadonlySet<string> = new Set(CONVERSION_EVENTS);

/** Whether an event type counts as a conversion. */
export function isConversionEvent(eventType: string): boolean {
  return CONVERSION_SET.has(eventType);
}

/** An event as the calculation needs it. `visitor` identifies the person (id or token). */
export interface ResultEvent {
  eventType: string;
  visitor: string;
  ctaId: number | null;
  variantId: number | null;
  revenue: number | null;
  data: unknown;
  at: Date;
}

/** An Order row (trackPurchase stored as an order). */
export interface ResultOrder {
  orderId: string;
  visitor: string;
  revenue: number;
  ctaId: number | null;
  variantId: number | null;
  at: Date;
}

/** The figures of one CTA variant, CTA, day or the whole website. */
export interface Metrics {
  views: number;
  conversions: number;
  /** conversions / views; null without views. */
  conversionRate: number | null;
  revenue: number;
  orders: number;
  cartValue: number;
  addToCarts: number;
}

/** UTC calendar day of a moment, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Every UTC day from `from` (inclusive) to `to` (exclusive). */
export function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let t = start; t < to.getTime() && days.length < 3700; t += DAY_MS) days.push(utcDay(new Date(t)));
  return days;
}

function finiteNumber(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

/** The value an Add To Cart event put in the cart (see the module comment). */
export function cartValueOf(event: Pick<ResultEvent, "revenue" | "data">): number {
  if (event.revenue !== null && Number.isFinite(event.revenue)) return Math.max(0, event.revenue);
  const data = event.data && typeof event.data === "object" ? (event.data as Record<string, unknown>) : {};
  const price = finiteNumber(data.product_price);
  if (price === null) return 0;
  const quantity = finiteNumber(data.quantity ?? data.product_quantity);
  return Math.max(0, price * (quantity !== null && quantity > 0 ? quantity : 1));
}

function orderIdOf(data: unknown): string | null {
  const v = data && typeof data === "object" ? (data as Record<string, unknown>).order_id : null;
  return typeof v === "string" && v !== "" ? v.slice(0, 100) : null;
}

/** Identifies a CTA variant; variantId null gathers events that named the CTA but no variant. */
export function variantKey(ctaId: number, variantId: number | null): string {
  return `${ctaId}:${variantId ?? ""}`;
}

interface Cell {
  viewers: Set<string>;
  converters: Set<string>;
  revenue: number;
  orders: number;
  cartValue: number;
  addToCarts: number;
}

function cell(): Cell {
  return { viewers: new Set(), converters: new Set(), revenue: 0, orders: 0, cartValue: 0, addToCarts: 0 };
}

function metricsOf(c: Cell): Metrics {
  const viewers = new Set([...c.viewers, ...c.converters]);
  return {
    views: viewers.size,
    conversions: c.converters.size,
    conversionRate: viewers.size ? c.converters.size / viewers.size : null,
    revenue: round2(c.revenue),
    orders: c.orders,
    cartValue: round2(c.cartValue),
    addToCarts: c.addToCarts,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** An empty set of figures. */
export function emptyMetrics(): Metrics {
  return { views: 0, conversions: 0, conversionRate: null, revenue: 0, orders: 0, cartValue: 0, addToCarts: 0 };
}

/** Adds figures (views and conversions add up: they are per variant, see the module comment). */
export function sumMetrics(list: Metrics[]): Metrics {
  const s = emptyMetrics();
  for (const m of list) {
    s.views += m.views;
    s.conversions += m.conversions;
    s.revenue += m.revenue;
    s.orders += m.orders;
    s.cartValue += m.cartValue;
    s.addToCarts += m.addToCarts;
  }
  s.revenue = round2(s.revenue);
  s.cartValue = round2(s.cartValue);
  s.conversionRate = s.views ? s.conversions / s.views : null;
  return s;
}

export interface ResultsInput {
  /** Events from ATTRIBUTION_WINDOW_DAYS before `from` up to `to` (earlier conversions only credit orders). */
  events: ResultEvent[];
  orders?: ResultOrder[];
  from: Date;
  to: Date;
}

export interface Results {
  /** Per CTA variant (variantKey) over the period. */
  byVariant: Map<string, Metrics>;
  /** Per CTA variant (variantKey) and UTC day. */
  byVariantDay: Map<string, Map<string, Metrics>>;
  /** Order revenue in the period that no CTA conversion preceded. */
  unattributedRevenue: number;
  unattributedOrders: number;
  /** Orders left out of revenue as implausible, their revenue, and the value above which an order was flagged. */
  flaggedOrders: number;
  flaggedRevenue: number;
  outlierThreshold: number;
}

interface Touch {
  key: string;
  at: number;
}

/** Computes the figures of a period from its events (and Order rows). */
export function computeResults(input: ResultsInput): Results {
  const from = input.from.getTime();
  const to = input.to.getTime();
  const inPeriod = (at: Date) => at.getTime() >= from && at.getTime() < to;
  const period = new Map<string, Cell>();
  const daily = new Map<string, Map<string, Cell>>();
  const cellFor = (key: string, day: string): [Cell, Cell] => {
    let p = period.get(key);
    if (!p) period.set(key, (p = cell()));
    let days = daily.get(key);
    if (!days) daily.set(key, (days = new Map()));
    let d = days.get(day);
    if (!d) days.set(day, (d = cell()));
    return [p, d];
  };

  const sorted = [...input.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const touches = new Map<string, Touch[]>();
  const eventOrderIds = new Set<string>();
  const orders: { visitor: string; revenue: number; key: string | null; at: Date }[] = [];

  for (const e of sorted) {
    if (e.eventType === ORDER_EVENT) {
      const id = orderIdOf(e.data);
      // Sorted by time: the first event of an order id is the one that counts.
      if (id && eventOrderIds.has(id)) continue;
      if (id) eventOrderIds.add(id);
      if (!inPeriod(e.at)) continue;
      const revenue = e.revenue !== null && Number.isFinite(e.revenue) ? Math.max(0, e.revenue) : 0;
      orders.push({ visitor: e.visitor, revenue, key: e.ctaId !== null ? variantKey(e.ctaId, e.variantId) : null, at: e.at });
      continue;
    }
    if (e.ctaId === null) continue;
    const key = variantKey(e.ctaId, e.variantId);
    const converted = isConversionEvent(e.eventType);
    if (converted) {
      const list = touches.get(e.visitor) ?? [];
      list.push({ key, at: e.at.getTime() });
      touches.set(e.visitor, list);
    }
    if (!inPeriod(e.at)) continue;
    if (e.eventType !== VIEW_EVENT && !converted) continue;
    const [p, d] = cellFor(key, utcDay(e.at));
    if (e.eventType === VIEW_EVENT) {
      p.viewers.add(e.visitor);
      d.viewers.add(e.visitor);
    } else {
      p.converters.add(e.visitor);
      d.converters.add(e.visitor);
    }
    if (e.eventType === ADD_TO_CART_EVENT) {
      const value = cartValueOf(e);
      p.cartValue += value;
      d.cartValue += value;
      p.addToCarts++;
      d.addToCarts++;
    }
  }

  for (const o of input.orders ?? []) {
    if (eventOrderIds.has(o.orderId) || !inPeriod(o.at)) continue;
    orders.push({
      visitor: o.visitor,
      revenue: Math.max(0, o.revenue),
      key: o.ctaId !== null ? variantKey(o.ctaId, o.variantId) : null,
      at: o.at,
    });
  }

  let unattributedRevenue = 0;
  let unattributedOrders = 0;
  let flaggedRevenue = 0;
  let flaggedOrders = 0;
  const threshold = outlierThreshold(orders.map((o) => o.revenue));
  const windowMs = ATTRIBUTION_WINDOW_DAYS * DAY_MS;
  for (const o of orders) {
    if (o.revenue > threshold) {
      flaggedRevenue += o.revenue;
      flaggedOrders++;
      continue;
    }
    let key = o.key;
    if (key === null) {
      const t = o.at.getTime();
      const list = touches.get(o.visitor) ?? [];
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i].at <= t) {
          if (t - list[i].at <= windowMs) key = list[i].key;
          break;
        }
      }
    }
    if (key === null) {
      unattributedRevenue += o.revenue;
      unattributedOrders++;
      continue;
    }
    const [p, d] = cellFor(key, utcDay(o.at));
    p.revenue += o.revenue;
    d.revenue += o.revenue;
    p.orders++;
    d.orders++;
  }

  const byVariant = new Map([...period].map(([k, c]) => [k, metricsOf(c)]));
  const byVariantDay = new Map([...daily].map(([k, days]) => [k, new Map([...days].map(([day, c]) => [day, metricsOf(c)]))]));
  return {
    byVariant,
    byVariantDay,
    unattributedRevenue: round2(unattributedRevenue),
    unattributedOrders,
    flaggedOrders,
    flaggedRevenue: round2(flaggedRevenue),
    outlierThreshold: round2(threshold),
  };
}
