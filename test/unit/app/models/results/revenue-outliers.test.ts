/** Revenue a browser cannot forge onto Results: the schema's bound, an order counted once, outliers flagged. */
import { describe, expect, it } from "vitest";
import { creditOrders, type OrderRow } from "#app/models/results/conversions";
import { eventSchema } from "#contract/schema/public-api";
import { MAX_EVENT_REVENUE, OUTLIER_FACTOR, outlierThreshold } from "#contract/revenue";
import { at, from, to } from "./results-week";

function orderEvent(orderId: string | null, revenue: number, day = 2): OrderRow {
  return {
    source: "event",
    orderId,
    revenue,
    at: at(day),
    ctaId: 1,
    variantId: 10,
    touchCtaId: null,
    touchVariantId: null,
  };
}

/** Revenue and orders credited to CTA 1's variant 10, and the rest of the credit. */
function computeResults({ events }: { from: Date; to: Date; events: OrderRow[] }) {
  const credit = creditOrders(events, from, to);
  const mine = credit.credited.filter((c) => c.key === "1:10");
  const revenue = mine.reduce((n, c) => n + c.revenue, 0);
  return { ...credit, byVariant: new Map(mine.length ? [["1:10", { revenue, orders: mine.length }]] : []) };
}

describe("the event schema's revenue", () => {
  const event = (revenue: unknown) => ({
    id: "evt-00000001",
    event_type: "Order",
    visitor_token: "v".repeat(20),
    revenue,
    data: { order_id: "o1" },
  });

  it.each([
    [0, 0],
    [19.99, 19.99],
    [0.1 + 0.2, 0.3],
    [12.3456, 12.346],
    [MAX_EVENT_REVENUE, MAX_EVENT_REVENUE],
    [null, null],
  ])("accepts %j as %j", (revenue, stored) => {
    expect(eventSchema.parse(event(revenue)).revenue).toBe(stored);
  });

  it.each([1e12, MAX_EVENT_REVENUE + 0.01, -0.01, Number.NaN, Infinity, "100"])(
    "refuses %j, naming revenue",
    (revenue) => {
      const r = eventSchema.safeParse(event(revenue));
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].path).toEqual(["revenue"]);
    },
  );
});

describe("orders on Results", () => {
  it("an order id counts once, however often it is sent", () => {
    const r = computeResults({
      from,
      to,
      events: [orderEvent("o-1", 100), orderEvent("o-1", 100, 3), orderEvent("o-2", 50)],
    });
    expect(r.byVariant.get("1:10")).toMatchObject({ revenue: 150, orders: 2 });
  });

  it("an order first sent before the period is not counted again inside it", () => {
    const early = { ...orderEvent("o-1", 100), at: new Date(from.getTime() - 86_400_000) };
    const r = computeResults({ from, to, events: [early, orderEvent("o-1", 100, 3)] });
    expect(r.byVariant.get("1:10")?.orders ?? 0).toBe(0);
  });

  it("flags an order far above the median and leaves it out of revenue", () => {
    const events = [100, 120, 80, 110, 90].map((v, i) => orderEvent(`o-${i}`, v));
    events.push(orderEvent("o-huge", 900_000));
    const r = computeResults({ from, to, events });
    expect(r.byVariant.get("1:10")).toMatchObject({ revenue: 500, orders: 5 });
    expect(r).toMatchObject({ flaggedOrders: 1, flaggedRevenue: 900_000, outlierThreshold: 105 * OUTLIER_FACTOR });
  });

  it("flags nothing in an ordinary spread of orders, and trusts no median of a handful", () => {
    const spread = [20, 35, 50, 80, 120, 300, 45].map((v, i) => orderEvent(`o-${i}`, v));
    expect(computeResults({ from, to, events: spread }).flaggedOrders).toBe(0);
    // Two orders: no median to judge by; only the hard ceiling applies.
    expect(outlierThreshold([10, 5000])).toBe(MAX_EVENT_REVENUE);
    // Three: one forged order is not the median.
    expect(outlierThreshold([100, 120, 900_000])).toBe(120 * OUTLIER_FACTOR);
    // Rows stored before the bound existed are flagged by the ceiling.
    const legacy = computeResults({ from, to, events: [orderEvent("old", 1e12)] });
    expect(legacy).toMatchObject({ flaggedOrders: 1, flaggedRevenue: 1e12 });
    expect(legacy.byVariant.get("1:10")?.revenue ?? 0).toBe(0);
  });
});
