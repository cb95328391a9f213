/**
 * Order touches kept when an order is stored (app/models/order-touches.server.ts):
 * the results page reads them instead of seeking each order's touch, credits
 * exactly as the seek did, still seeks orders without one, and the backfill
 * keeps every missing touch once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import type { Db } from "#app/db.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { publishedCtaMock } from "#test/support/factories";
import { storeEvents } from "#app/models/event.server";
import { applyEventRetention } from "#app/models/event-retention.server";
import { backfillOrderTouches, recordEventTouches } from "#app/models/order-touches.server";
import { loadResults } from "#app/models/results/results.server";
import { parsePeriod } from "#app/models/results/results-period";
import { captureLogs } from "#app/server/logger.server";
import type { EventInput } from "#contract/schema/public-api";

let t: TestDatabase;
let n = 0;
const period = parsePeriod(new URLSearchParams("days=7"));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function website() {
  return (
    await t.db.website.create({
      data: { name: `Touches ${++n}`, dataSettings: {}, currency: "SEK", currencyCharacter: "kr" },
    })
  ).id;
}

async function person(websiteId: number) {
  return t.db.person.create({
    data: { websiteId, visitorToken: `ot-${++n}-token`, personType: "Visitor", extra: {}, data: {} },
  });
}

const cta = (websiteId: number, name: string) => saveCtaDocument(t.db, websiteId, publishedCtaMock(name));

let seq = 0;
const complete = (token: string, c: { id?: number; variants: { id?: number }[] }, at: number) =>
  ({
    id: `ot-e${++seq}`,
    event_type: "Complete",
    visitor_token: token,
    cta_id: c.id,
    variant_id: c.variants[0].id,
    data: {},
    at,
  }) as EventInput;
const order = (token: string, revenue: number, at: number, extra: Partial<EventInput> = {}) =>
  ({
    id: `ot-o${++seq}`,
    event_type: "Order",
    visitor_token: token,
    revenue,
    data: { order_id: `ot-order-${seq}` },
    at,
    ...extra,
  }) as EventInput;

const touches = (websiteId: number) => t.db.orderTouch.findMany({ where: { websiteId }, orderBy: { orderRef: "asc" } });
const credited = async (websiteId: number, ctaId: number) =>
  (await loadResults(t.db, websiteId, { period })).ctas.find((c) => c.id === ctaId)!.metrics;

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t.drop();
});

describe("order touches kept as orders are stored", () => {
  it("keeps the touch of an Order event with the order, and the page credits it from there", async () => {
    const site = await website();
    const first = await cta(site, "First");
    const second = await cta(site, "Second");
    const p = await person(site);
    const now = Date.now();
    await storeEvents(t.db, site, [
      complete(p.visitorToken, first, now - 3 * HOUR),
      complete(p.visitorToken, second, now - 2 * HOUR),
    ]);
    await storeEvents(t.db, site, [
      order(p.visitorToken, 400, now - HOUR),
      complete(p.visitorToken, first, now - HOUR / 2),
    ]);
    const [kept] = await touches(site);
    expect(kept).toMatchObject({ source: "event", touchCtaId: second.id, touchVariantId: second.variants[0].id });
    expect(kept.touchAt!.getTime()).toBe(now - 2 * HOUR);
    expect(await credited(site, second.id!)).toMatchObject({ orders: 1, revenue: 400 });

    // Read from the kept row: with it pointing elsewhere, the page follows it (the seek would say "Second").
    await t.db.orderTouch.updateMany({
      where: { websiteId: site },
      data: { touchCtaId: first.id, touchVariantId: first.variants[0].id },
    });
    expect(await credited(site, first.id!)).toMatchObject({ orders: 1, revenue: 400 });
    expect(await credited(site, second.id!)).toMatchObject({ orders: 0, revenue: 0 });
  });

  it("keeps 'no touch' for an order with no CTA action in the window, and nothing for an order naming its CTA", async () => {
    const site = await website();
    const c = await cta(site, "Old");
    const p = await person(site);
    const now = Date.now();
    await storeEvents(t.db, site, [complete(p.visitorToken, c, now - 40 * DAY)]);
    await storeEvents(t.db, site, [
      order(p.visitorToken, 100, now - HOUR),
      order(p.visitorToken, 50, now - HOUR, { cta_id: c.id, variant_id: c.variants[0].id }),
    ]);
    const kept = await touches(site);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ touchCtaId: null, touchVariantId: null, touchAt: null });
    const report = await loadResults(t.db, site, { period });
    expect(report.ctas[0].metrics).toMatchObject({ orders: 1, revenue: 50 });
    expect(report).toMatchObject({ unattributedOrders: 1, unattributedRevenue: 100 });
  });

  it("credits an order without a kept touch by seeking it, and the backfill keeps it once", async () => {
    const site = await website();
    const c = await cta(site, "Seek");
    const p = await person(site);
    const now = Date.now();
    await storeEvents(t.db, site, [
      complete(p.visitorToken, c, now - 2 * HOUR),
      order(p.visitorToken, 250, now - HOUR),
    ]);
    // As an order stored before touches were kept: its row is not there.
    await t.db.orderTouch.deleteMany({ where: { websiteId: site } });
    // An Order row (the table orders imported from a shop fill) with the same person's touch.
    await t.db.order.create({
      data: { websiteId: site, personId: p.id, orderId: "row-1", revenue: 30, createdAt: new Date(now - HOUR / 2) },
    });
    expect(await credited(site, c.id!)).toMatchObject({ orders: 2, revenue: 280 });

    expect(await backfillOrderTouches(t.db, 1)).toBeGreaterThanOrEqual(2);
    const kept = (await touches(site)).map((k) => ({ source: k.source, touchCtaId: k.touchCtaId }));
    expect(kept.sort((a, b) => a.source.localeCompare(b.source))).toEqual([
      { source: "event", touchCtaId: c.id },
      { source: "row", touchCtaId: c.id },
    ]);
    expect(await backfillOrderTouches(t.db)).toBe(0);
    expect(await credited(site, c.id!)).toMatchObject({ orders: 2, revenue: 280 });
  });

  it("keeps the touch known when the order came: an earlier action sent late does not move the credit", async () => {
    const site = await website();
    const early = await cta(site, "Early");
    const late = await cta(site, "Late");
    const p = await person(site);
    const now = Date.now();
    await storeEvents(t.db, site, [
      complete(p.visitorToken, early, now - 3 * HOUR),
      order(p.visitorToken, 90, now - HOUR),
    ]);
    // Happened before the order, but reached the server after it.
    await storeEvents(t.db, site, [complete(p.visitorToken, late, now - 2 * HOUR)]);
    expect(await credited(site, early.id!)).toMatchObject({ orders: 1, revenue: 90 });
    expect(await credited(site, late.id!)).toMatchObject({ orders: 0 });
  });

  it("loses no event when keeping a touch fails: the page seeks that order instead", async () => {
    const site = await website();
    const c = await cta(site, "Failing");
    const p = await person(site);
    const now = Date.now();
    const failing = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key === "$executeRawUnsafe") {
          return (sql: string, ...values: unknown[]) =>
            sql.includes(`INSERT INTO "OrderTouch"`)
              ? Promise.reject(new Error("disk full"))
              : target.$executeRawUnsafe(sql, ...values);
        }
        return Reflect.get(target, key, receiver);
      },
    }) as Db;
    const logged = captureLogs();
    try {
      const result = await storeEvents(failing, site, [
        complete(p.visitorToken, c, now - 2 * HOUR),
        order(p.visitorToken, 70, now - HOUR),
      ]);
      expect(result).toMatchObject({ stored: 2, duplicates: 0, rejected: [] });
    } finally {
      logged.stop();
    }
    expect(logged.lines).toMatchObject([
      {
        level: 40,
        msg: expect.stringMatching(/^order touches of website \d+ not kept/),
        err: { message: "disk full" },
      },
    ]);
    expect(await touches(site)).toEqual([]);
    expect(await credited(site, c.id!)).toMatchObject({ orders: 1, revenue: 70 });
  });

  it("finds only the website's own orders by client id, hostile ids included", async () => {
    const site = await website();
    const other = await website();
    const c = await cta(site, "Own");
    const p = await person(site);
    const q = await person(other);
    const now = Date.now();
    const hostile = `x'); DELETE FROM "OrderTouch"; --`;
    await storeEvents(t.db, other, [order(q.visitorToken, 10, now - HOUR, { id: hostile })]);
    await storeEvents(t.db, site, [
      complete(p.visitorToken, c, now - 2 * HOUR),
      order(p.visitorToken, 20, now - HOUR, { id: hostile }),
    ]);
    expect(await touches(other)).toHaveLength(1);
    expect(await touches(site)).toHaveLength(1);
    // Asked again for ids already kept, another website's included: nothing new, nothing moved.
    expect(await recordEventTouches(t.db, site, [hostile, "nope"], new Date(now - DAY), new Date(now))).toBe(0);
    expect(await recordEventTouches(t.db, site, [], new Date(now - DAY), new Date(now))).toBe(0);
    expect((await touches(site))[0].touchCtaId).toBe(c.id);
    expect((await touches(other))[0].touchCtaId).toBe(null);
  });

  it("refuses a backfill batch that is not a whole number from 1 to 100000", async () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 100_001]) {
      await expect(backfillOrderTouches(t.db, bad)).rejects.toThrow(/whole number from 1 to 100000/);
    }
  });

  it("retention drops the touches of deleted Order events, and keeps an Order row's", async () => {
    const site = await website();
    const c = await cta(site, "Kept");
    const p = await person(site);
    const now = Date.now();
    await storeEvents(t.db, site, [
      complete(p.visitorToken, c, now - 3 * HOUR),
      order(p.visitorToken, 60, now - 2 * HOUR),
    ]);
    await t.db.order.create({
      data: { websiteId: site, personId: p.id, orderId: "row-kept", revenue: 5, createdAt: new Date(now - HOUR) },
    });
    await backfillOrderTouches(t.db);
    expect((await touches(site)).map((k) => k.source).sort()).toEqual(["event", "row"]);
    // Three months on, with a retention of one month: everything above is older than the cutoff.
    await applyEventRetention(t.db, 1, { now: new Date(now + 92 * DAY) });
    expect((await touches(site)).map((k) => k.source)).toEqual(["row"]);
  });
});
