/** The results definitions (app/lib/conversions.ts) on hand-made event streams. */
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_WINDOW_DAYS,
  cartValueOf,
  computeResults,
  daysBetween,
  isConversionEvent,
  sumMetrics,
  utcDay,
  variantKey,
  type ResultEvent,
} from "~/lib/conversions";

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));
const from = at(1, 0);
const to = at(8, 0); // seven days: 1..7 January

function ev(eventType: string, visitor: string, day: number, overrides: Partial<ResultEvent> = {}): ResultEvent {
  return { eventType, visitor, ctaId: 1, variantId: 10, revenue: null, data: {}, at: at(day), ...overrides };
}

describe("what counts", () => {
  it("conversions are Submission, Complete, Completion and Add To Cart", () => {
    for (const t of ["Submission", "Complete", "Completion", "Add To Cart"]) expect(isConversionEvent(t)).toBe(true);
    for (const t of ["View", "Selection", "Visit", "Order"]) expect(isConversionEvent(t)).toBe(false);
  });

  it("cart value is the event's revenue, else price × quantity", () => {
    expect(cartValueOf({ revenue: 25, data: { product_price: 10 } })).toBe(25);
    expect(cartValueOf({ revenue: null, data: { product_price: 10, quantity: 3 } })).toBe(30);
    expect(cartValueOf({ revenue: null, data: { product_price: "12.5" } })).toBe(12.5);
    expect(cartValueOf({ revenue: null, data: { product_price: "abc" } })).toBe(0);
    expect(cartValueOf({ revenue: null, data: null })).toBe(0);
  });

  it("days are UTC calendar days", () => {
    expect(utcDay(new Date("2026-01-05T23:59:59.999Z"))).toBe("2026-01-05");
    expect(daysBetween(from, to)).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
    ]);
  });
});

describe("computeResults", () => {
  it("counts distinct visitors: repeated views are one view, repeated submissions one conversion", () => {
    const r = computeResults({
      from,
      to,
      events: [
        ev("View", "a", 2),
        ev("View", "a", 2),
        ev("View", "b", 2),
        ev("Submission", "a", 2),
        ev("Submission", "a", 2),
        ev("Selection", "b", 2),
      ],
    });
    const m = r.byVariant.get(variantKey(1, 10))!;
    expect(m.views).toBe(2);
    expect(m.conversions).toBe(1);
    expect(m.conversionRate).toBe(0.5);
  });

  it("a conversion without a stored view still counts as a view", () => {
    const r = computeResults({ from, to, events: [ev("Completion", "c", 3)] });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ views: 1, conversions: 1, conversionRate: 1 });
  });

  it("daily figures count visitors per day; the period counts them once", () => {
    const r = computeResults({ from, to, events: [ev("View", "a", 2), ev("View", "a", 3), ev("Submission", "a", 3)] });
    const daily = r.byVariantDay.get(variantKey(1, 10))!;
    expect(daily.get("2026-01-02")).toMatchObject({ views: 1, conversions: 0 });
    expect(daily.get("2026-01-03")).toMatchObject({ views: 1, conversions: 1 });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ views: 1, conversions: 1 });
  });

  it("keeps variants and CTAs apart, and leaves out events outside the period", () => {
    const r = computeResults({
      from,
      to,
      events: [
        ev("View", "a", 2),
        ev("View", "b", 2, { variantId: 11 }),
        ev("Submission", "b", 2, { variantId: 11 }),
        ev("View", "c", 2, { ctaId: 2, variantId: 20 }),
        ev("View", "d", 8), // the day after the period
        ev("View", "e", 1, { at: new Date(from.getTime() - 1) }),
      ],
    });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ views: 1, conversions: 0 });
    expect(r.byVariant.get(variantKey(1, 11))).toMatchObject({ views: 1, conversions: 1 });
    expect(r.byVariant.get(variantKey(2, 20))).toMatchObject({ views: 1 });
    expect(sumMetrics([...r.byVariant.values()])).toMatchObject({ views: 3, conversions: 1 });
  });

  it("adds up cart value from Add To Cart events, beside revenue", () => {
    const r = computeResults({
      from,
      to,
      events: [
        ev("View", "a", 2),
        ev("Add To Cart", "a", 2, { data: { product_price: 199, quantity: 2 } }),
        ev("Add To Cart", "a", 2, { revenue: 50 }),
      ],
    });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ conversions: 1, cartValue: 448, addToCarts: 2, revenue: 0 });
  });

  it("credits an order to the visitor's latest conversion before it (last touch, within the window)", () => {
    const r = computeResults({
      from,
      to,
      events: [
        ev("Submission", "a", 2),
        ev("Submission", "a", 3, { ctaId: 2, variantId: 20 }),
        ev("Order", "a", 4, { ctaId: null, variantId: null, revenue: 500, data: { order_id: "1001" } }),
        // After the order: does not take the credit.
        ev("Submission", "a", 5),
      ],
    });
    expect(r.byVariant.get(variantKey(2, 20))).toMatchObject({ revenue: 500, orders: 1 });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ revenue: 0, orders: 0 });
    expect(r.byVariantDay.get(variantKey(2, 20))!.get("2026-01-04")).toMatchObject({ revenue: 500 });
  });

  it("uses conversions before the period to credit orders inside it, but never counts them", () => {
    const earlier = new Date(from.getTime() - 3 * 24 * 3600 * 1000);
    const r = computeResults({
      from,
      to,
      events: [ev("Submission", "a", 0, { at: earlier }), ev("Order", "a", 2, { ctaId: null, variantId: null, revenue: 80 })],
    });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ views: 0, conversions: 0, revenue: 80, orders: 1 });
  });

  it("leaves an order unattributed without a conversion in the window", () => {
    const old = new Date(at(7).getTime() - (ATTRIBUTION_WINDOW_DAYS + 1) * 24 * 3600 * 1000);
    const r = computeResults({
      from,
      to,
      events: [
        ev("Submission", "a", 0, { at: old }),
        ev("Order", "a", 7, { ctaId: null, variantId: null, revenue: 120 }),
        ev("Order", "z", 7, { ctaId: null, revenue: 30 }),
      ],
    });
    expect(r.unattributedRevenue).toBe(150);
    expect(r.unattributedOrders).toBe(2);
    expect(r.byVariant.get(variantKey(1, 10))?.revenue ?? 0).toBe(0);
  });

  it("an order that names its CTA variant goes there; Order rows already sent as events count once", () => {
    const r = computeResults({
      from,
      to,
      events: [ev("Order", "a", 2, { revenue: 99.5, data: { order_id: "A-1" } })],
      orders: [
        { orderId: "A-1", visitor: "a", revenue: 99.5, ctaId: 1, variantId: 10, at: at(2) },
        { orderId: "A-2", visitor: "b", revenue: 10.25, ctaId: 1, variantId: 10, at: at(3) },
        { orderId: "A-3", visitor: "b", revenue: 1000, ctaId: 1, variantId: 10, at: at(9) },
      ],
    });
    expect(r.byVariant.get(variantKey(1, 10))).toMatchObject({ revenue: 109.75, orders: 2 });
  });
});
