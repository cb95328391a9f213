/** The results definitions (app/models/results/conversions.ts): what each event counts as, CTA goals, and crediting orders. */
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_WINDOW_DAYS,
  cartValueOf,
  creditOrders,
  daysBetween,
  goalOf,
  rateOf,
  sketchKindsOf,
  utcDay,
  COUNTER_OF_EVENT,
  type OrderRow,
} from "#app/models/results/conversions";
import { at, from, to } from "./results-week";

function order(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    source: "event",
    orderId: null,
    revenue: 100,
    at: at(3),
    ctaId: null,
    variantId: null,
    touchCtaId: null,
    touchVariantId: null,
    ...overrides,
  };
}

describe("what each event counts as", () => {
  it("a View counts a view and a viewer; a button click is a click, never a completion or lead", () => {
    expect(COUNTER_OF_EVENT.View).toBe("views");
    expect(sketchKindsOf("View")).toEqual(["viewers"]);
    // The first "Yes" of a two-step popup is a Complete event: a click.
    expect(COUNTER_OF_EVENT.Complete).toBe("clicks");
    expect(sketchKindsOf("Complete")).toEqual(["viewers", "clickers"]);
    expect(sketchKindsOf("Complete")).not.toContain("finishers");
  });

  it("a Submission or Completion finishes the CTA; Add To Cart fills the cart; acting on a CTA means seeing it", () => {
    expect(sketchKindsOf("Submission")).toEqual(["viewers", "finishers"]);
    expect(sketchKindsOf("Completion")).toEqual(["viewers", "finishers"]);
    expect(sketchKindsOf("Add To Cart")).toEqual(["viewers", "carters"]);
    expect(sketchKindsOf("Selection")).toEqual(["viewers"]);
    for (const t of ["Order", "Visit", "view", "", "Complete "]) {
      expect(sketchKindsOf(t)).toEqual([]);
      expect(COUNTER_OF_EVENT[t]).toBeUndefined();
    }
  });

  it("a CTA's goal follows what it asks for", () => {
    expect(goalOf(["headline", "button", "form"])).toBe("leads");
    expect(goalOf(["quiz", "button"])).toBe("completions");
    expect(goalOf(["survey"])).toBe("completions");
    expect(goalOf(["products", "button"])).toBe("addToCarts");
    expect(goalOf(["headline", "button"])).toBe("clicks");
    expect(goalOf([])).toBe("clicks");
  });

  it("a rate needs viewers and never passes 100 %", () => {
    expect(rateOf(1, 0)).toBeNull();
    expect(rateOf(1, 4)).toBe(0.25);
    expect(rateOf(5, 4)).toBe(1);
  });

  it("cart value is the event's revenue, else price × quantity", () => {
    expect(cartValueOf({ revenue: 25, data: { product_price: 10 } })).toBe(25);
    expect(cartValueOf({ revenue: null, data: { product_price: 10, quantity: 3 } })).toBe(30);
    expect(cartValueOf({ revenue: null, data: { product_price: "12.5" } })).toBe(12.5);
    expect(cartValueOf({ revenue: null, data: { product_price: "abc" } })).toBe(0);
    expect(cartValueOf({ revenue: null, data: null })).toBe(0);
    expect(cartValueOf({ revenue: -5, data: null })).toBe(0);
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

describe("creditOrders", () => {
  it("credits an order to its own variant, else to its touch, else leaves it unattributed", () => {
    const r = creditOrders(
      [
        order({ ctaId: 1, variantId: 10, revenue: 50 }),
        order({ touchCtaId: 2, touchVariantId: 20, revenue: 500, at: at(4) }),
        order({ revenue: 30 }),
      ],
      from,
      to,
    );
    expect(r.credited).toEqual([
      { key: "1:10", day: "2026-01-03", revenue: 50, orders: 1 },
      { key: "2:20", day: "2026-01-04", revenue: 500, orders: 1 },
    ]);
    expect(r).toMatchObject({ unattributedOrders: 1, unattributedRevenue: 30 });
  });

  it("counts an order id once, at its first event, and an Order row over any event of its id", () => {
    const r = creditOrders(
      [
        // A browser's reports of A-1 (one forged, first): the Order row of A-1 is what counts.
        order({ orderId: "A-1", ctaId: 3, variantId: 30, revenue: 9_999, at: at(1) }),
        order({ orderId: "A-1", ctaId: 1, variantId: 10, revenue: 99.5, at: at(3) }),
        order({ source: "row", orderId: "A-1", touchCtaId: 1, touchVariantId: 10, revenue: 99.5, at: at(2) }),
        order({ source: "row", orderId: "A-2", ctaId: 1, variantId: 10, revenue: 10.25, at: at(3) }),
        // Outside the period.
        order({ source: "row", orderId: "A-3", ctaId: 1, variantId: 10, revenue: 1000, at: at(9) }),
        // First sent before the period (within the look-back): not counted again inside it.
        order({ orderId: "B-1", ctaId: 1, variantId: 10, at: new Date(from.getTime() - 86_400_000) }),
        order({ orderId: "B-1", ctaId: 1, variantId: 10, at: at(4) }),
      ],
      from,
      to,
    );
    expect(r.credited.map((c) => [c.key, c.revenue])).toEqual([
      ["1:10", 99.5],
      ["1:10", 10.25],
    ]);
    expect(ATTRIBUTION_WINDOW_DAYS).toBe(30);
  });

  it("counts no browser events where browserOrders is false (a Shopify website: only confirmed orders)", () => {
    const orders = [
      order({ orderId: "E-1", ctaId: 1, variantId: 10, revenue: 40, at: at(2) }),
      order({ revenue: 5, at: at(2) }),
      order({ source: "row", orderId: "R-1", ctaId: 1, variantId: 10, revenue: 60, at: at(3) }),
    ];
    expect(creditOrders(orders, from, to).credited.map((c) => c.revenue)).toEqual([40, 60]);
    const shop = creditOrders(orders, from, to, false);
    expect(shop.credited.map((c) => c.revenue)).toEqual([60]);
    expect(shop.unattributedOrders).toBe(0);
  });
});
