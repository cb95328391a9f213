/**
 * storeEvents' batch statement (one statement on PostgreSQL,
 * event-store-postgres.server.ts; a transaction on SQLite) against hostile,
 * oversized and concurrent input: text that looks like SQL or like array
 * syntax is stored as sent, a full batch of 100 is counted whole, and many
 * concurrent batches (copies included) on the same CTA's day count each
 * event once. Runs on SQLite, and on PostgreSQL when BECKON_TEST_POSTGRES_URL
 * is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeEvents } from "#app/models/event.server";
import { STORE_EVENTS_SQL, storeEventsParams, type PostgresEventRow } from "#app/models/event-store-postgres.server";
import { entriesOf, toDense } from "#app/models/results/hll";
import type { EventInput } from "#contract/schema/public-api";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;
let n = 0;

async function site() {
  const websiteId = (await t.db.website.create({ data: { name: `batch ${++n}`, dataSettings: {} } })).id;
  const cta = await t.db.cta.create({
    data: {
      websiteId,
      name: "Hot",
      ctaType: "overlay",
      options: {},
      variants: { create: [{ variation: "A", options: {} }] },
    },
    include: { variants: true },
  });
  const tokens: string[] = [];
  const people: number[] = [];
  for (let i = 0; i < 6; i++) {
    const token = `batch-visitor-${n}-${i}-padding`;
    people.push(
      (
        await t.db.person.create({
          data: { websiteId, visitorToken: token, personType: "Visitor", extra: {}, data: {} },
        })
      ).id,
    );
    tokens.push(token);
  }
  return { websiteId, ctaId: cta.id, variantId: cta.variants[0].id, tokens, people };
}

const view = (
  id: string,
  token: string,
  ctaId: number,
  variantId: number,
  extra: Partial<EventInput> = {},
): EventInput =>
  ({
    id,
    event_type: "View",
    visitor_token: token,
    cta_id: ctaId,
    variant_id: variantId,
    data: {},
    at: Date.now(),
    ...extra,
  }) as EventInput;

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.drop();
});

describe("the batch statement's text", () => {
  it("is the same for every batch and carries no event data", () => {
    const row = (clientId: string): PostgresEventRow => ({
      clientId,
      eventType: "View",
      personId: 1,
      visitorToken: "tok",
      ctaId: 2,
      variantId: null,
      stepId: null,
      elementId: null,
      broadcastId: null,
      url: `'); DROP TABLE "TrackedEvent"; --`,
      revenue: null,
      integrationType: null,
      data: {},
      createdAt: new Date("2026-03-04T05:06:07Z"),
    });
    const one = storeEventsParams(7, [row("a")]);
    const many = storeEventsParams(
      7,
      Array.from({ length: 100 }, (_, i) => row(`id${i}`)),
    );
    // One array per column: the parameter count does not grow with the batch.
    expect(one.length).toBe(many.length);
    expect((many[1] as unknown[]).length).toBe(100);
    expect(STORE_EVENTS_SQL).not.toContain("DROP");
    // The rollup fields: a View of a CTA counts as a view, in its UTC day, with its person's sketch entry.
    const params = storeEventsParams(7, [row("a")]) as unknown[][];
    expect(params.slice(15).map((a) => a[0])).toEqual([
      "2026-03-04",
      "views",
      0,
      "viewers",
      Buffer.from(entriesOf([1])).toString("hex"),
    ]);
  });
});

describe("storeEvents with hostile and oversized input", () => {
  it("stores text that looks like SQL, JSON or array syntax exactly as sent", async () => {
    const s = await site();
    const nasty = [
      `'); DROP TABLE "TrackedEvent"; --`,
      `NULL`,
      `{"a","b"}`,
      `back\\slash "quote" 'tick'`,
      `{}`,
      `emoji 🎉 and ünïcode`,
      "",
    ];
    const events = nasty.map((url, i) =>
      view(`nasty-${i}-xxxxxx`, s.tokens[0], s.ctaId, s.variantId, {
        url,
        data: { note: url, nested: { list: [url, null] } } as EventInput["data"],
      }),
    );
    expect(await storeEvents(t.db, s.websiteId, events)).toMatchObject({
      stored: nasty.length,
      duplicates: 0,
      rejected: [],
    });
    const rows = await t.db.trackedEvent.findMany({ where: { websiteId: s.websiteId }, orderBy: { clientId: "asc" } });
    expect(rows.map((r) => r.url)).toEqual(nasty);
    expect(rows.map((r) => (r.data as { note: string }).note)).toEqual(nasty);
    expect(rows.every((r) => r.eventType === "View" && r.personId === s.people[0])).toBe(true);
    const [rollup] = await t.db.ctaDailyRollup.findMany({ where: { websiteId: s.websiteId } });
    expect(rollup.views).toBe(nasty.length);
  });

  it("counts a full batch of 100 whole, and stores nothing for a batch of unknown visitors or foreign CTAs", async () => {
    const s = await site();
    const other = await site();
    const full = Array.from({ length: 100 }, (_, i) =>
      view(`full-${i}-xxxxxx`, s.tokens[i % s.tokens.length], s.ctaId, s.variantId),
    );
    expect(await storeEvents(t.db, s.websiteId, full)).toMatchObject({ stored: 100, duplicates: 0 });
    const refused = await storeEvents(t.db, s.websiteId, [
      view("unknown-visitor-1", "no-such-visitor-token-here", s.ctaId, s.variantId),
      view("foreign-cta-1xxx", s.tokens[0], other.ctaId, other.variantId),
    ]);
    expect(refused.stored).toBe(0);
    expect(refused.rejected.map((r) => r.field).sort()).toEqual(["cta_id", "visitor_token"]);
    const rollups = await t.db.ctaDailyRollup.findMany({
      where: { websiteId: { in: [s.websiteId, other.websiteId] } },
    });
    expect(rollups.map((r) => [r.websiteId, r.views])).toEqual([[s.websiteId, 100]]);
  });
});

describe("storeEvents with concurrent batches on one CTA's day", () => {
  it("counts every event once, copies of batches racing included", async () => {
    const s = await site();
    const batches = Array.from({ length: 12 }, (_, b) =>
      Array.from({ length: 25 }, (_, i) =>
        view(`hot-${b}-${i}-xxxx`, s.tokens[(b + i) % s.tokens.length], s.ctaId, s.variantId),
      ),
    );
    // Every batch sent twice at once, as a widget whose first send timed out would.
    const results = await Promise.all([...batches, ...batches].map((batch) => storeEvents(t.db, s.websiteId, batch)));
    expect(results.reduce((sum, r) => sum + r.stored, 0)).toBe(300);
    expect(results.reduce((sum, r) => sum + r.duplicates, 0)).toBe(300);
    expect(await t.db.trackedEvent.count({ where: { websiteId: s.websiteId } })).toBe(300);
    const rollups = await t.db.ctaDailyRollup.findMany({ where: { websiteId: s.websiteId } });
    expect(rollups.reduce((sum, r) => sum + r.views, 0)).toBe(300);
    const sketches = await t.db.ctaDailySketch.findMany({ where: { websiteId: s.websiteId } });
    const all = new Uint8Array(4096);
    for (const sk of sketches) {
      expect(sk.kind).toBe("viewers");
      const dense = toDense(sk.registers);
      for (let i = 0; i < dense.length; i++) all[i] = Math.max(all[i], dense[i]);
    }
    expect(Buffer.from(all).equals(Buffer.from(toDense(entriesOf(s.people))))).toBe(true);
  });
});
