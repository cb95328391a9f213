/**
 * What the results page counts, defined once and pure (no database). The
 * events are SPEC section 7's, unchanged on the wire; these are the names
 * the page gives them (each shown there with its one-line definition):
 *
 * - **Views**: View events. The widget sends one per page load that shows
 *   the CTA, so an inline form on a page read five times is five views.
 * - **Unique viewers**: people who saw the CTA (a View, or any action on it,
 *   since acting means they saw it), each counted once over the period
 *   however many pages they loaded. Over several CTAs it is the union, not a
 *   sum. Estimated by a HyperLogLog sketch (app/models/results/hll.ts, ±1.6 %).
 * - **Clicks**: button Complete events. A two-step popup's first "Yes" is a
 *   click: it finishes nothing and gives no contact data.
 * - **Leads**: people who sent contact data (an e-mail address or a phone
 *   number) through the CTA: ContactSubmission rows, counted per person.
 * - **Completions**: people who finished the CTA: a Submission (form or
 *   survey sent) or a Completion (quiz finished).
 * - **Add-to-carts** and **cart value**: Add To Cart events and what they put
 *   in the cart (cartValueOf). Reported beside revenue, never added to it.
 * - **Orders** and **revenue**: see creditOrders.
 * - **Conversions**: people who reached the CTA's goal, chosen by what the
 *   CTA asks for (goalOf): leads for a CTA with a form, completions for a
 *   quiz or survey, add-to-carts for a product CTA, clicks otherwise. A CTA's
 *   **conversion rate** = its conversions / its unique viewers. Over several
 *   CTAs, conversions add up (each CTA's goal is its own) and the rate is
 *   their sum over the sum of each CTA's unique viewers.
 * - Selection (one survey answer) is stored and rolled up but is no metric.
 * - Days are UTC calendar days (YYYY-MM-DD), like every date in the admin.
 */

import { outlierThreshold } from "#contract/revenue";

export const VIEW_EVENT = "View";
export const CLICK_EVENT = "Complete";
export const SUBMISSION_EVENT = "Submission";
export const COMPLETION_EVENT = "Completion";
export const SELECTION_EVENT = "Selection";
export const ADD_TO_CART_EVENT = "Add To Cart";
export const ORDER_EVENT = "Order";
/** CTA actions an order can be credited to (the widget's cfConversion events). */
export const ACTION_EVENTS = [SUBMISSION_EVENT, CLICK_EVENT, COMPLETION_EVENT, ADD_TO_CART_EVENT] as const;
/** How long after a CTA action an order is still credited to it. */
export const ATTRIBUTION_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Event counters of a CTA variant's day (the CtaDailyRollup columns). */
export interface Counters {
  views: number;
  clicks: number;
  submissions: number;
  completions: number;
  selections: number;
  addToCarts: number;
  cartValue: number;
}

export const COUNTER_OF_EVENT: Readonly<Record<string, Exclude<keyof Counters, "cartValue">>> = {
  [VIEW_EVENT]: "views",
  [CLICK_EVENT]: "clicks",
  [SUBMISSION_EVENT]: "submissions",
  [COMPLETION_EVENT]: "completions",
  [SELECTION_EVENT]: "selections",
  [ADD_TO_CART_EVENT]: "addToCarts",
};

/** The sets of people a CTA variant's day keeps a sketch of. */
export const SKETCH_KINDS = ["viewers", "clickers", "finishers", "carters"] as const;
export type SketchKind = (typeof SKETCH_KINDS)[number];

/** The sketches an event of a CTA adds its person to. */
export function sketchKindsOf(eventType: string): SketchKind[] {
  switch (eventType) {
    case VIEW_EVENT:
    case SELECTION_EVENT:
      return ["viewers"];
    case CLICK_EVENT:
      return ["viewers", "clickers"];
    case SUBMISSION_EVENT:
    case COMPLETION_EVENT:
      return ["viewers", "finishers"];
    case ADD_TO_CART_EVENT:
      return ["viewers", "carters"];
    default:
      return [];
  }
}

/** What reaching a CTA means, by what it asks of the visitor. */
export type Goal = "leads" | "completions" | "addToCarts" | "clicks";

/** The sketch that counts a goal's people (leads are counted from contact rows instead). */
export const GOAL_SKETCH: Readonly<Record<Exclude<Goal, "leads">, SketchKind>> = {
  completions: "finishers",
  addToCarts: "carters",
  clicks: "clickers",
};

/** A CTA's goal from the element types of its variants (see the module comment). */
export function goalOf(elementTypes: Iterable<string>): Goal {
  const types = new Set(elementTypes);
  if (types.has("form")) return "leads";
  if (types.has("quiz") || types.has("survey")) return "completions";
  if (types.has("products") || types.has("product_hero")) return "addToCarts";
  return "clicks";
}

/** The figures of one CTA variant, CTA, day or the whole website. */
export interface Metrics {
  views: number;
  viewers: number;
  clicks: number;
  leads: number;
  completions: number;
  addToCarts: number;
  cartValue: number;
  orders: number;
  revenue: number;
  conversions: number;
  /** conversions / unique viewers; null without viewers. */
  conversionRate: number | null;
}

/** Whether anything at all was counted (the rate follows from the counts). */
export function hasFigures(m: Metrics): boolean {
  return (
    m.views +
      m.viewers +
      m.clicks +
      m.leads +
      m.completions +
      m.addToCarts +
      m.cartValue +
      m.orders +
      m.revenue +
      m.conversions >
    0
  );
}

/** An empty set of figures. */
export function emptyMetrics(): Metrics {
  return {
    views: 0,
    viewers: 0,
    clicks: 0,
    leads: 0,
    completions: 0,
    addToCarts: 0,
    cartValue: 0,
    orders: 0,
    revenue: 0,
    conversions: 0,
    conversionRate: null,
  };
}

/** A rate that never exceeds 100 % (an estimate of viewers may fall a little below exact conversions). */
export function rateOf(conversions: number, viewers: number): number | null {
  return viewers > 0 ? Math.min(1, conversions / viewers) : null;
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** UTC calendar day of a moment, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Every UTC day from `from` (inclusive) to `to` (exclusive). */
export function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let dayStart = start; dayStart < to.getTime() && days.length < 3700; dayStart += DAY_MS)
    days.push(utcDay(new Date(dayStart)));
  return days;
}

function finiteNumber(v: unknown): number | null {
  const number = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

/** The value an Add To Cart event put in the cart: its revenue, else data.product_price × data.quantity (1 when absent). */
export function cartValueOf(event: { revenue: number | null; data: unknown }): number {
  if (event.revenue !== null && Number.isFinite(event.revenue)) return Math.max(0, event.revenue);
  const data = event.data && typeof event.data === "object" ? (event.data as Record<string, unknown>) : {};
  const price = finiteNumber(data.product_price);
  if (price === null) return 0;
  const quantity = finiteNumber(data.quantity ?? data.product_quantity);
  return Math.max(0, price * (quantity !== null && quantity > 0 ? quantity : 1));
}

/** The order id an Order event reports, if any. */
export function orderIdOf(data: unknown): string | null {
  const orderId = data && typeof data === "object" ? (data as Record<string, unknown>).order_id : null;
  return typeof orderId === "string" && orderId !== "" ? orderId.slice(0, 100) : null;
}

/** Identifies a CTA variant; variantId null gathers events that named the CTA but no variant. */
export function variantKey(ctaId: number, variantId: number | null): string {
  return `${ctaId}:${variantId ?? ""}`;
}

/**
 * An order as the database hands it over: its own CTA variant if it carried
 * one, else the person's latest CTA action at or before it within
 * ATTRIBUTION_WINDOW_DAYS (found in SQL, app/models/order-attribution.server.ts).
 */
export interface OrderRow {
  /** "event" for trackPurchase / pixel Order events, "row" for Order table rows. */
  source: "event" | "row";
  orderId: string | null;
  revenue: number;
  at: Date;
  ctaId: number | null;
  variantId: number | null;
  touchCtaId: number | null;
  touchVariantId: number | null;
}

/** Orders of one day credited to one CTA variant (`key`, variantKey), and their revenue. */
export interface CreditedOrder {
  key: string;
  day: string;
  revenue: number;
  orders: number;
}

export interface OrderCredit {
  credited: CreditedOrder[];
  unattributedRevenue: number;
  unattributedOrders: number;
  /** Orders left out of revenue as implausible, their revenue, and the value above which an order was flagged. */
  flaggedOrders: number;
  flaggedRevenue: number;
  outlierThreshold: number;
}

/**
 * **Orders and revenue** of a period [from, to): Order rows (Shopify's
 * confirmed orders among them, shop-order-verification.server.ts) and
 * trackPurchase's Order events whose order id no Order row of the period
 * has: a browser's report never blocks or changes a confirmed order (and
 * with `browserOrders` false, a Shopify website's, does not count at all). An
 * order id counts once, at its first event
 * (`orders` must hold the events since ATTRIBUTION_WINDOW_DAYS before
 * `from`, so a resend inside the period is still known as one). An order
 * carrying a CTA variant is credited to it; otherwise to its touch (the
 * last-touch CTA action). Orders with neither are "unattributed". Orders
 * far out of line with the period's others (contract/revenue.ts) are
 * "flagged": reported apart and left out of revenue, since a browser can
 * send any figure.
 */
export function creditOrders(orders: OrderRow[], from: Date, to: Date, browserOrders = true): OrderCredit {
  const sorted = [...orders].sort((a, b) => a.at.getTime() - b.at.getTime());
  const eventIds = new Set<string>();
  const counted: OrderRow[] = [];
  const inPeriod = (o: OrderRow) => o.at >= from && o.at < to;
  const rowIds = new Set<string>();
  for (const order of sorted) if (order.source === "row" && inPeriod(order) && order.orderId) rowIds.add(order.orderId);
  for (const order of sorted) {
    if (order.source !== "event" || !browserOrders) continue;
    if (order.orderId) {
      if (eventIds.has(order.orderId)) continue;
      eventIds.add(order.orderId);
    }
    if (inPeriod(order) && !(order.orderId && rowIds.has(order.orderId))) counted.push(order);
  }
  for (const order of sorted) if (order.source === "row" && inPeriod(order)) counted.push(order);
  const revenueOf = (o: OrderRow) => (Number.isFinite(o.revenue) ? Math.max(0, o.revenue) : 0);
  const threshold = outlierThreshold(counted.map(revenueOf));
  const credit: OrderCredit = {
    credited: [],
    unattributedRevenue: 0,
    unattributedOrders: 0,
    flaggedOrders: 0,
    flaggedRevenue: 0,
    outlierThreshold: round2(threshold),
  };
  for (const order of counted) {
    const revenue = revenueOf(order);
    if (revenue > threshold) {
      credit.flaggedOrders++;
      credit.flaggedRevenue += revenue;
      continue;
    }
    const key =
      order.ctaId !== null
        ? variantKey(order.ctaId, order.variantId)
        : order.touchCtaId !== null
          ? variantKey(order.touchCtaId, order.touchVariantId)
          : null;
    if (key === null) {
      credit.unattributedOrders++;
      credit.unattributedRevenue += revenue;
      continue;
    }
    credit.credited.push({ key, day: utcDay(order.at), revenue, orders: 1 });
  }
  credit.unattributedRevenue = round2(credit.unattributedRevenue);
  credit.flaggedRevenue = round2(credit.flaggedRevenue);
  return credit;
}
