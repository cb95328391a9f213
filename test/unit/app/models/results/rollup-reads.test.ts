/**
 * The results page's reads of the daily rollups (app/models/results/rollup-reads.server.ts):
 * sketches arrive as text and are decoded by Buffer, so each must come back
 * byte for byte as stored, in both forms (sparse entries, and 4096 dense
 * registers, whose base64 PostgreSQL breaks into lines), and only the
 * website, days, CTAs and kinds asked for. Runs on PostgreSQL when
 * BECKON_TEST_POSTGRES_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { applyToRollups, type RolledEvent } from "#app/models/event-rollups.server";
import { readCounters, readSketches } from "#app/models/results/rollup-reads.server";
import { HLL_REGISTERS } from "#app/models/results/hll";

let t: TestDatabase;
let site: number;
let otherSite: number;
const DAY = "2026-03-10";

const view = (ctaId: number, variantId: number, personId: number, day = DAY): RolledEvent => ({
  eventType: "View",
  ctaId,
  variantId,
  personId,
  revenue: null,
  data: {},
  createdAt: new Date(`${day}T12:00:00Z`),
});

beforeAll(async () => {
  t = await createTestDatabase();
  site = (await t.db.website.create({ data: { name: "Reads", dataSettings: {} } })).id;
  otherSite = (await t.db.website.create({ data: { name: "Other", dataSettings: {} } })).id;
  // CTA 1 variant 1: 5,000 viewers (dense); CTA 2 variant 0: 3 viewers (sparse); a day and a website not asked for.
  // (A first batch is stored as its sparse entries, however many; the second makes the sketch dense.)
  await applyToRollups(
    t.db,
    site,
    Array.from({ length: 2500 }, (_, i) => view(1, 1, i + 1)),
  );
  await applyToRollups(
    t.db,
    site,
    Array.from({ length: 2500 }, (_, i) => view(1, 1, i + 2501)),
  );
  await applyToRollups(t.db, site, [
    view(2, 0, 7),
    view(2, 0, 8),
    view(2, 0, 9),
    { ...view(2, 0, 9), eventType: "Complete" },
  ]);
  await applyToRollups(t.db, site, [view(1, 1, 1, "2026-03-12")]);
  await applyToRollups(t.db, otherSite, [view(1, 1, 1)]);
});

afterAll(async () => {
  await t.drop();
});

describe("rollup reads", () => {
  it("give back every sketch byte for byte as stored, dense and sparse", async () => {
    const stored = await t.db.ctaDailySketch.findMany({ where: { websiteId: site, day: DAY } });
    const read = await readSketches(t.db, { websiteId: site, from: DAY, to: DAY, ctaIds: [1, 2] }, [
      "viewers",
      "clickers",
    ]);
    const key = (r: { ctaId: number; variantId: number; kind: string }) => `${r.ctaId}:${r.variantId}:${r.kind}`;
    expect(read.map(key).sort()).toEqual(stored.map(key).sort());
    const dense = read.find((r) => r.ctaId === 1)!;
    expect(dense.registers.length).toBe(HLL_REGISTERS);
    expect(read.some((r) => r.ctaId === 2 && r.registers.length < HLL_REGISTERS)).toBe(true);
    for (const r of read) {
      const s = stored.find((x) => key(x) === key(r))!;
      expect(r.registers).toBeInstanceOf(Uint8Array);
      expect(Buffer.from(r.registers).equals(Buffer.from(s.registers))).toBe(true);
    }
  });

  it("read only the website, days, CTAs and kinds asked for", async () => {
    const days = await readSketches(t.db, { websiteId: site, from: "2026-03-11", to: "2026-03-12", ctaIds: [1, 2] }, [
      "viewers",
    ]);
    expect(days.map((r) => [r.day, r.ctaId])).toEqual([["2026-03-12", 1]]);
    expect(await readSketches(t.db, { websiteId: site, from: DAY, to: DAY, ctaIds: [2] }, ["finishers"])).toEqual([]);
    expect(
      (await readSketches(t.db, { websiteId: site, from: DAY, to: DAY, ctaIds: [2] }, ["viewers"])).map((r) => r.ctaId),
    ).toEqual([2]);
    expect(await readSketches(t.db, { websiteId: site, from: DAY, to: DAY, ctaIds: [] }, ["viewers"])).toEqual([]);
    const counters = await readCounters(t.db, { websiteId: otherSite, from: DAY, to: "2026-03-12", ctaIds: [1, 2] });
    expect(counters).toEqual([{ day: DAY, ctaId: 1, variantId: 1, views: 1, clicks: 0, addToCarts: 0, cartValue: 0 }]);
  });
});
