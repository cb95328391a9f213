/**
 * The daily rollups against the raw events they summarise (a property test
 * with a seeded generator): batches with duplicates within and across them,
 * resent batches, and batches whose transaction fails midway and is retried.
 * Every counter must equal the count from the stored TrackedEvent rows, and
 * every sketch the sketch built from them. Runs on SQLite, and on PostgreSQL
 * when BECKON_TEST_POSTGRES_URL is set. Also: the backfill of events stored
 * before the rollups existed, run twice and interrupted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "#test/support/seeded-random";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import type { Db } from "#app/db.server";
import { storeEvents } from "#app/models/event.server";
import { aggregate, applyToRollups, backfillRollups } from "#app/models/event-rollups.server";
import { cartValueOf, utcDay } from "#app/models/results/conversions";
import { entriesOf, estimate, toDense } from "#app/models/results/hll";
import type { EventInput } from "#contract/schema/public-api";

let t: TestDatabase;
let websiteId: number;
let otherSiteId: number;
const tokens: string[] = [];
const ctas: { id: number; variants: number[] }[] = [];

/** Seeded generator (mulberry32): the same seed gives the same events. */

const TYPES = [
  "View",
  "View",
  "View",
  "Complete",
  "Submission",
  "Completion",
  "Selection",
  "Add To Cart",
  "Order",
  "Visit",
] as const;

/**
 * A database that throws at the `failAt`-th raw statement (counted across its
 * transactions and the statements outside them), as a crash midway would;
 * with `beforeCommit`, a transaction that ends before that statement throws
 * instead of committing.
 */
function crashingDb(db: Db, failAt: number, beforeCommit = false): Db {
  let calls = 0;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "$executeRawUnsafe" || prop === "$queryRawUnsafe") {
        const value = Reflect.get(target, prop) as (...a: unknown[]) => unknown;
        return (...args: unknown[]) => {
          if (++calls === failAt) throw new Error("simulated crash");
          return value.apply(target, args);
        };
      }
      if (prop === "$transaction") {
        return (fn: (tx: unknown) => Promise<unknown>, options?: unknown) =>
          (target.$transaction as (f: (tx: unknown) => Promise<unknown>, o?: unknown) => Promise<unknown>)(
            async (tx) => {
              const inner = new Proxy(tx as object, {
                get(txTarget, txProp) {
                  const value = Reflect.get(txTarget, txProp);
                  if (txProp === "$executeRawUnsafe" || txProp === "$queryRawUnsafe") {
                    return (...args: unknown[]) => {
                      if (++calls === failAt) throw new Error("simulated crash");
                      return (value as (...a: unknown[]) => unknown).apply(txTarget, args);
                    };
                  }
                  return typeof value === "function" ? value.bind(txTarget) : value;
                },
              });
              const result = await fn(inner);
              if (beforeCommit && calls < failAt) throw new Error("simulated crash");
              return result;
            },
            options,
          );
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Db;
}

/** storeEvents, then a crash before its answer reaches the widget. */
async function storeEventsThenCrash(db: Db, site: number, batch: EventInput[]): Promise<never> {
  await storeEvents(db, site, batch);
  throw new Error("simulated crash");
}

const KINDS: Record<string, string[]> = {
  View: ["viewers"],
  Selection: ["viewers"],
  Complete: ["viewers", "clickers"],
  Submission: ["viewers", "finishers"],
  Completion: ["viewers", "finishers"],
  "Add To Cart": ["viewers", "carters"],
};
const COUNTER: Record<string, string> = {
  View: "views",
  Complete: "clicks",
  Submission: "submissions",
  Completion: "completions",
  Selection: "selections",
  "Add To Cart": "addToCarts",
};

/** Counters and sketches computed straight from the stored events. */
async function expectedFromRawEvents(site: number) {
  const rows = await t.db.trackedEvent.findMany({ where: { websiteId: site } });
  const counters = new Map<string, Record<string, number>>();
  const people = new Map<string, Set<number>>();
  for (const e of rows) {
    if (e.ctaId === null || !COUNTER[e.eventType]) continue;
    const key = `${utcDay(e.createdAt)}|${e.ctaId}|${e.variantId ?? 0}`;
    const c = counters.get(key) ?? {
      views: 0,
      clicks: 0,
      submissions: 0,
      completions: 0,
      selections: 0,
      addToCarts: 0,
      cartValue: 0,
    };
    c[COUNTER[e.eventType]]++;
    if (e.eventType === "Add To Cart") c.cartValue += cartValueOf(e);
    counters.set(key, c);
    for (const kind of KINDS[e.eventType]) {
      const set = people.get(`${key}|${kind}`) ?? new Set<number>();
      set.add(e.personId!);
      people.set(`${key}|${kind}`, set);
    }
  }
  return { counters, people };
}

async function expectRollupsMatchRawEvents(site: number) {
  const { counters, people } = await expectedFromRawEvents(site);
  const stored = await t.db.ctaDailyRollup.findMany({ where: { websiteId: site } });
  expect(stored.length).toBe(counters.size);
  for (const r of stored) {
    const want = counters.get(`${r.day}|${r.ctaId}|${r.variantId}`);
    expect(want, `rollup ${r.day} ${r.ctaId} ${r.variantId}`).toBeDefined();
    const { cartValue, ...counts } = want!;
    expect({
      views: r.views,
      clicks: r.clicks,
      submissions: r.submissions,
      completions: r.completions,
      selections: r.selections,
      addToCarts: r.addToCarts,
    }).toEqual(counts);
    expect(r.cartValue).toBeCloseTo(cartValue, 6);
  }
  const sketches = await t.db.ctaDailySketch.findMany({ where: { websiteId: site } });
  expect(sketches.length).toBe(people.size);
  for (const s of sketches) {
    const set = people.get(`${s.day}|${s.ctaId}|${s.variantId}|${s.kind}`);
    expect(set, `sketch ${s.day} ${s.ctaId} ${s.variantId} ${s.kind}`).toBeDefined();
    expect(Buffer.from(toDense(s.registers)).equals(Buffer.from(toDense(entriesOf(set!))))).toBe(true);
    // Few people: linear counting gives the exact count.
    expect(estimate(toDense(s.registers))).toBe(set!.size);
  }
  return { counters: stored.length, sketches: sketches.length };
}

beforeAll(async () => {
  t = await createTestDatabase();
  websiteId = (await t.db.website.create({ data: { name: "Rollups", dataSettings: {} } })).id;
  otherSiteId = (await t.db.website.create({ data: { name: "Other", dataSettings: {} } })).id;
  for (let i = 0; i < 25; i++) {
    const token = `rollup-visitor-${i}`;
    await t.db.person.create({ data: { websiteId, visitorToken: token, personType: "Visitor", extra: {}, data: {} } });
    tokens.push(token);
  }
  for (const name of ["One", "Two"]) {
    const cta = await t.db.cta.create({
      data: {
        websiteId,
        name,
        ctaType: "overlay",
        options: {},
        variants: {
          create: [
            { variation: "A", options: {} },
            { variation: "B", options: {} },
          ],
        },
      },
      include: { variants: true },
    });
    ctas.push({ id: cta.id, variants: cta.variants.map((v) => v.id) });
  }
});

afterAll(async () => {
  await t.drop();
});

describe("rollups kept as events are stored", () => {
  it("equal the raw events after duplicates, resent batches and crashed-then-retried batches", async () => {
    const rnd = seededRandom(20261126);
    const now = Date.now();
    const sent: EventInput[] = [];
    let crashes = 0;
    const makeEvent = (): EventInput => {
      const eventType = rnd.pick(TYPES);
      const cta = rnd.next() < 0.9 ? rnd.pick(ctas) : null;
      const variant = cta && rnd.next() < 0.9 ? rnd.pick(cta.variants) : undefined;
      const cart = eventType === "Add To Cart";
      return {
        id: `e${rnd.int(400)}`,
        event_type: eventType,
        visitor_token: rnd.pick(tokens),
        ...(cta && eventType !== "Order" ? { cta_id: cta.id, ...(variant ? { variant_id: variant } : {}) } : {}),
        ...(cart && rnd.next() < 0.5 ? { revenue: Math.round(rnd.next() * 50000) / 100 } : {}),
        ...(eventType === "Order" ? { revenue: 100, data: { order_id: `o${rnd.int(5)}` } } : {}),
        ...(cart ? { data: { product_price: String(rnd.int(300) / 4), quantity: rnd.int(4) } } : {}),
        // Three UTC days, so rows split by day.
        at: now - rnd.int(3) * 86_400_000 - rnd.int(3_600_000),
      } as EventInput;
    };
    for (let b = 0; b < 60; b++) {
      let batch: EventInput[];
      if (sent.length && rnd.next() < 0.25) {
        // A resent batch: the widget's retry of events already stored.
        batch = Array.from({ length: 1 + rnd.int(15) }, () => rnd.pick(sent));
      } else {
        batch = Array.from({ length: 1 + rnd.int(30) }, makeEvent);
        // Duplicates inside the batch.
        if (rnd.next() < 0.3) batch.push(...batch.slice(0, 1 + rnd.int(3)));
      }
      if (rnd.next() < 0.25) {
        // A crash at one of the first statements, or after the last (the batch stored, its answer lost): the widget resends.
        await expect(storeEventsThenCrash(crashingDb(t.db, 1 + rnd.int(4), true), websiteId, batch)).rejects.toThrow(
          "simulated crash",
        );
        crashes++;
      }
      await storeEvents(t.db, websiteId, batch);
      sent.push(...batch);
    }
    expect(crashes).toBeGreaterThan(5);
    const { counters, sketches } = await expectRollupsMatchRawEvents(websiteId);
    expect(counters).toBeGreaterThan(10);
    expect(sketches).toBeGreaterThan(counters);
    // Nothing leaked onto another website.
    expect(await t.db.ctaDailyRollup.count({ where: { websiteId: otherSiteId } })).toBe(0);
  });

  it("merges large sketches into the dense form in the database as in app/models/results/hll.ts", async () => {
    const site = (await t.db.website.create({ data: { name: "Many people", dataSettings: {} } })).id;
    const createdAt = new Date("2026-02-03T10:00:00Z");
    const view = (personId: number) => ({
      eventType: "View",
      ctaId: 5,
      variantId: 6,
      personId,
      revenue: null,
      data: {},
      createdAt,
    });
    // Overlapping batches: sparse, then past SPARSE_MAX_BYTES, then into a dense sketch.
    for (const start of [0, 1000, 1500, 4000]) {
      await t.db.$transaction((tx) =>
        applyToRollups(
          tx,
          site,
          Array.from({ length: 1500 }, (_, i) => view(start + i)),
        ),
      );
    }
    const [sketch] = await t.db.ctaDailySketch.findMany({ where: { websiteId: site } });
    expect(sketch.registers.length).toBe(4096);
    const all = [0, 1000, 1500, 4000].flatMap((start) => Array.from({ length: 1500 }, (_, i) => start + i));
    expect(Buffer.from(toDense(sketch.registers)).equals(Buffer.from(toDense(entriesOf(all))))).toBe(true);
    const [row] = await t.db.ctaDailyRollup.findMany({ where: { websiteId: site } });
    expect(row.views).toBe(6000);
  });

  it("aggregates a batch to one row per key before writing", () => {
    const at = new Date("2026-01-02T10:00:00Z");
    const e = { eventType: "View", ctaId: 1, variantId: 2, personId: 7, revenue: null, data: {}, createdAt: at };
    const { counters, sketches } = aggregate([
      e,
      e,
      { ...e, personId: 8 },
      { ...e, eventType: "Visit" },
      { ...e, ctaId: null },
    ]);
    expect(counters).toEqual([
      { day: "2026-01-02", ctaId: 1, variantId: 2, counters: expect.objectContaining({ views: 3 }) },
    ]);
    expect(sketches).toHaveLength(1);
    expect([...sketches[0].people]).toEqual([7, 8]);
  });
});

describe("backfill of events stored before the rollups", () => {
  it("rolls every old event up once, resumes after a crash, and does nothing when run again", async () => {
    const site = (await t.db.website.create({ data: { name: "Old events", dataSettings: {} } })).id;
    const person = await t.db.person.create({
      data: { websiteId: site, visitorToken: "old-visitor", personType: "Visitor", extra: {}, data: {} },
    });
    const cta = await t.db.cta.create({
      data: {
        websiteId: site,
        name: "Old",
        ctaType: "overlay",
        options: {},
        variants: { create: [{ variation: "A", options: {} }] },
      },
      include: { variants: true },
    });
    const rnd = seededRandom(7);
    // Stored the old way (no rollups), as before the migration.
    await t.db.trackedEvent.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        websiteId: site,
        clientId: `old${i}`,
        eventType: rnd.pick(TYPES),
        personId: person.id,
        visitorToken: person.visitorToken,
        ctaId: cta.id,
        variantId: rnd.next() < 0.8 ? cta.variants[0].id : null,
        data: { product_price: 10 },
        createdAt: new Date(Date.now() - rnd.int(5) * 86_400_000),
      })),
    });
    const max = await t.db.trackedEvent.aggregate({
      where: { websiteId: site },
      _max: { id: true },
      _min: { id: true },
    });
    await t.db.rollupBackfill.upsert({
      where: { id: 1 },
      create: { id: 1, throughId: max._max.id!, doneId: max._min.id! - 1 },
      update: { throughId: max._max.id!, doneId: max._min.id! - 1 },
    });

    // A crash in the second batch: the first stays done, the second rolls back whole.
    await expect(backfillRollups(crashingDb(t.db, 6), 7)).rejects.toThrow("simulated crash");
    const after = await t.db.rollupBackfill.findUnique({ where: { id: 1 } });
    expect(after!.doneId).toBeGreaterThan(max._min.id! - 1);
    expect(after!.doneId).toBeLessThan(max._max.id!);

    expect(await backfillRollups(t.db, 7)).toBeGreaterThan(0);
    await expectRollupsMatchRawEvents(site);
    expect(await backfillRollups(t.db, 7)).toBe(0);
    await expectRollupsMatchRawEvents(site);
  });

  it("adds nothing for an empty batch", async () => {
    await applyToRollups(t.db, otherSiteId, []);
    expect(await t.db.ctaDailyRollup.count({ where: { websiteId: otherSiteId } })).toBe(0);
  });
});
