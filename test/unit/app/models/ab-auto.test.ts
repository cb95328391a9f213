/**
 * Automatic A/B tests on generated traffic, through the rollups as the server
 * job reads them: no winner before the minimum sample, then the true winner
 * takes all the traffic, once, however many processes step at the same
 * time; a bandit moves its split at most every BANDIT_INTERVAL_MS. Runs on
 * PostgreSQL when BECKON_TEST_POSTGRES_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANDIT_INTERVAL_MS, runAbTests, stepAbTest } from "#app/models/ab-auto.server";
import { clearWinner } from "#app/models/ab-winner.server";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import { storeEvents } from "#app/models/event.server";
import { listEvents } from "#app/models/event-log.server";
import { countsSinceStart } from "#app/models/results/ab-counts.server";
import { loadResults } from "#app/models/results/results.server";
import { parsePeriod } from "#app/models/results/results-period";
import type { AbTestSettings } from "#contract/schema/ab-test";
import type { EventInput } from "#contract/schema/public-api";
import { publishedCtaMock } from "#test/support/factories";
import { seededRandom } from "#test/support/seeded-random";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;
let site: number;
let seq = 0;
const DAY = 24 * 60 * 60 * 1000;
/** Three days ago at midnight UTC: the rollups of today count, and the minimum of two days has passed. */
const threeDaysAgo = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 3 * DAY);
};

/** A published A/B CTA (one button: its goal is clicks) with the given settings, its test started three days ago. */
async function abCta(name: string, settings: Partial<AbTestSettings>) {
  const doc = await saveCtaDocument(
    t.db,
    site,
    publishedCtaMock(name, [["text", "button"]], ["A", "B"], { ab_test: { min_days: 2, ...settings } }),
  );
  const stored = (await t.db.cta.findUniqueOrThrow({ where: { id: doc.id! } })).abTest as AbTestSettings;
  expect(stored.started_at).toBeTruthy();
  await t.db.cta.update({
    where: { id: doc.id! },
    data: { abTest: { ...stored, started_at: threeDaysAgo().toISOString() } },
  });
  return { id: doc.id!, a: doc.variants[0].id!, b: doc.variants[1].id! };
}

/** `visitors` new people see a variant; each clicks with probability `rate` (seeded). */
async function traffic(ctaId: number, variantId: number, visitors: number, rate: number, random: () => number) {
  const tokens = Array.from({ length: visitors }, () => `ab-${++seq}-visitor`);
  await t.db.person.createMany({
    data: tokens.map((visitorToken) => ({ websiteId: site, visitorToken, personType: "Visitor", extra: {}, data: {} })),
  });
  const event = (event_type: string, visitor_token: string) =>
    ({
      id: `ab-e${++seq}`,
      event_type,
      visitor_token,
      cta_id: ctaId,
      variant_id: variantId,
      data: {},
      at: Date.now(),
    }) as EventInput;
  const events = tokens.flatMap((token) => [
    event("View", token),
    ...(random() < rate ? [event("Complete", token)] : []),
  ]);
  for (let i = 0; i < events.length; i += 200) await storeEvents(t.db, site, events.slice(i, i + 200));
}

beforeAll(async () => {
  t = await createTestDatabase();
  site = (await t.db.website.create({ data: { name: "A/B", dataSettings: {} } })).id;
});

afterAll(async () => {
  await t.drop();
});

describe("an automatic test on generated traffic", () => {
  it("keeps running below the minimum sample, then switches to the true winner (B) and says so in the event log", async () => {
    const random = seededRandom(42).next;
    const cta = await abCta("Auto", { mode: "auto", min_sample_per_variant: 200 });
    await traffic(cta.id, cta.a, 150, 0.04, random);
    await traffic(cta.id, cta.b, 150, 0.2, random);
    const early = await stepAbTest(t.db, site, cta.id);
    expect(early).toMatchObject({ kind: "running", decision: { kind: "running", reason: "sample" } });
    expect((await loadCtaDocument(t.db, site, cta.id))!.variants.map((v) => v.winner)).toEqual([false, false]);

    await traffic(cta.id, cta.a, 100, 0.04, random);
    await traffic(cta.id, cta.b, 100, 0.2, random);
    const before = (await loadCtaDocument(t.db, site, cta.id))!.published_at;
    const step = await stepAbTest(t.db, site, cta.id);
    expect(step).toMatchObject({ kind: "winner", variantId: cta.b });
    const doc = (await loadCtaDocument(t.db, site, cta.id))!;
    expect(doc.variants.map((v) => [v.winner, v.percentage])).toEqual([
      [false, 0],
      [true, 100],
    ]);
    expect(doc.published_at).not.toBe(before);
    expect(doc.ab_test).toMatchObject({ mode: "auto", started_at: threeDaysAgo().toISOString() });
    const [entry, ...more] = await listEvents(t.db, site, { ctaId: cta.id });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: "ab_winner", data: { variant_id: cta.b, mode: "auto", confidence: 0.95 } });
    // Unique viewers (sketches, within a view or two of 250 each), every one past the minimum sample.
    for (const arm of entry.data.arms as { views: number }[]) expect(arm.views).toBeGreaterThanOrEqual(245);
    // Decided: the next steps leave it alone, and the Results page has what the notice says.
    expect(await stepAbTest(t.db, site, cta.id)).toEqual({ kind: "skipped" });
    const report = await loadResults(t.db, site, { period: parsePeriod(new URLSearchParams()), ctaId: cta.id });
    expect(report.ctas[0]).toMatchObject({ abMode: "auto", winnerId: cta.b });
    expect(report.ctas[0].abDecidedAt).not.toBeNull();
    expect(report.ctas[0].abCountedFrom).toBe(threeDaysAgo().toISOString().slice(0, 10));

    // Clearing the winner starts the test again, counting from now: nothing counted yet, no decision.
    await clearWinner(t.db, site, cta.id);
    const row = await t.db.cta.findUniqueOrThrow({ where: { id: cta.id } });
    expect(row.abDecidedAt).toBeNull();
    const restarted = new Date((row.abTest as AbTestSettings).started_at!);
    expect(Date.now() - restarted.getTime()).toBeLessThan(60_000);
    expect((await countsSinceStart(t.db, site, cta.id, restarted)).map((arm) => arm.views)).toEqual([0, 0]);
  });

  it("declares the winner once when many processes step at the same time", async () => {
    const random = seededRandom(7).next;
    const cta = await abCta("Race", { mode: "auto", min_sample_per_variant: 100 });
    await traffic(cta.id, cta.a, 200, 0.03, random);
    await traffic(cta.id, cta.b, 200, 0.25, random);
    const steps = await Promise.all(Array.from({ length: 5 }, () => stepAbTest(t.db, site, cta.id)));
    expect(steps.filter((s) => s.kind === "winner")).toHaveLength(1);
    for (const s of steps) expect(["winner", "taken", "skipped"]).toContain(s.kind);
    expect(await listEvents(t.db, site, { ctaId: cta.id, kind: "ab_winner" })).toHaveLength(1);
  });

  it("counts each variant from the test's start: the control's views from before it are left out", async () => {
    const random = seededRandom(3).next;
    const cta = await abCta("Since", { mode: "manual" });
    await traffic(cta.id, cta.a, 40, 0, random);
    const sinceThreeDays = await countsSinceStart(t.db, site, cta.id, threeDaysAgo());
    expect(sinceThreeDays.map((arm) => arm.views)).toEqual([40, 0]);
    // A test started an hour ago counts from its first whole day: today's earlier views are not its own.
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    expect((await countsSinceStart(t.db, site, cta.id, anHourAgo)).map((arm) => arm.views)).toEqual([0, 0]);
    // A manual test is the owner's to decide.
    expect(await stepAbTest(t.db, site, cta.id)).toEqual({ kind: "skipped" });
  });
});

describe("a bandit test", () => {
  it("moves the split towards the better variant, at most once per interval, keeping its holdout", async () => {
    const random = seededRandom(11).next;
    const cta = await abCta("Bandit", { mode: "bandit", min_sample_per_variant: 5000, holdout_share: 0.2 });
    await traffic(cta.id, cta.a, 150, 0.05, random);
    await traffic(cta.id, cta.b, 150, 0.2, random);
    const now = new Date();
    const first = await stepAbTest(t.db, site, cta.id, now, seededRandom(1).next);
    expect(first).toMatchObject({ kind: "running", decision: { reason: "sample" } });
    const split = (first as { split: number[] }).split;
    expect(split[1]).toBeGreaterThan(80);
    expect(split[0]).toBeGreaterThanOrEqual(10);
    const doc = (await loadCtaDocument(t.db, site, cta.id))!;
    expect(doc.variants.map((v) => v.percentage)).toEqual(split);
    expect(doc.variants.some((v) => v.winner)).toBe(false);

    const soon = await stepAbTest(t.db, site, cta.id, new Date(now.getTime() + 60_000));
    expect(soon).toMatchObject({ kind: "running", split: null });
    const later = await stepAbTest(t.db, site, cta.id, new Date(now.getTime() + BANDIT_INTERVAL_MS));
    expect((later as { split: number[] | null }).split).not.toBeNull();
  });

  it("the job passes over every website's automatic tests and leaves manual, draft and decided ones alone", async () => {
    const draft = await saveCtaDocument(
      t.db,
      site,
      publishedCtaMock("Draft", [["button"]], ["A", "B"], { status: "draft", ab_test: { mode: "auto" } }),
    );
    const steps = await runAbTests(t.db);
    // The two undecided automatic tests above (Bandit, and Auto, restarted and empty) run; the manual one and the draft do not.
    expect(steps.map((s) => s.kind)).toEqual(["running", "running"]);
    expect(await stepAbTest(t.db, site, draft.id!)).toEqual({ kind: "skipped" });
  });
});
