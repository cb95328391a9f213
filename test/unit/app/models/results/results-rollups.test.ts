/**
 * The results page's numbers from the rollups, with the metric meanings of
 * app/models/results/conversions.ts: impressions against unique viewers, a two-step
 * popup's first "Yes", the website's viewers as a union, the CSV export, and
 * the query plan of order attribution (the index must be used on SQLite and
 * PostgreSQL). Runs on PostgreSQL when BECKON_TEST_POSTGRES_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import { archiveCta, saveCtaDocument } from "#app/models/cta.server";
import { storeEvents } from "#app/models/event.server";
import { orderEventsSql, orderRowsSql } from "#app/models/order-attribution.server";
import { parsePeriod } from "#app/models/results/results-period";
import { RESULTS_CSV_COLUMNS, resultsCsv } from "#app/models/results/results-csv.server";
import { loadResults } from "#app/models/results/results.server";
import { parseCsv } from "#app/view/csv";
import { publishedCtaMock } from "#test/support/factories";
import type { EventInput } from "#contract/schema/public-api";

let t: TestDatabase;
let site: number;
let otherSite: number;
let n = 0;
const period = parsePeriod(new URLSearchParams("days=7"));

async function person(websiteId = site) {
  return t.db.person.create({
    data: { websiteId, visitorToken: `rr-${++n}-token`, personType: "Visitor", extra: {}, data: {} },
  });
}

/** A published CTA whose variants have one step per list of element types. */
const cta = (name: string, steps: string[][], websiteId = site, letters = ["A"]) =>
  saveCtaDocument(t.db, websiteId, publishedCtaMock(name, steps, letters));

let seq = 0;
const ev = (
  event_type: string,
  visitor_token: string,
  cta_id: number,
  variant_id: number,
  extra: Partial<EventInput> = {},
) =>
  ({
    id: `rr-e${++seq}`,
    event_type,
    visitor_token,
    cta_id,
    variant_id,
    data: {},
    at: Date.now(),
    ...extra,
  }) as EventInput;

async function csvOf(websiteId: number, ctaId: number | null = null) {
  const bytes = Buffer.from(await new Response(resultsCsv(t.db, websiteId, { period, ctaId })).arrayBuffer());
  const text = bytes.toString("utf8");
  return { text, rows: parseCsv(text) };
}

beforeAll(async () => {
  t = await createTestDatabase();
  site = (
    await t.db.website.create({ data: { name: "Results", dataSettings: {}, currency: "SEK", currencyCharacter: "kr" } })
  ).id;
  otherSite = (await t.db.website.create({ data: { name: "Other", dataSettings: {} } })).id;
});

afterAll(async () => {
  await t.drop();
});

describe("metrics that say what they count", () => {
  it("36 views by 8 visitors are 36 views and 8 unique viewers; the website's viewers are a union across CTAs", async () => {
    const inline = await cta("Inline form", [["text", "form"]]);
    const banner = await cta("Banner", [["text", "button"]]);
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    const events: EventInput[] = [];
    // Page reloads: every visitor sees the inline form 4 or 5 times (36 in all)...
    people.forEach((p, i) => {
      for (let k = 0; k < (i < 4 ? 5 : 4); k++)
        events.push(ev("View", p.visitorToken, inline.id!, inline.variants[0].id!));
    });
    // ...and the first three also see the banner.
    for (const p of people.slice(0, 3)) events.push(ev("View", p.visitorToken, banner.id!, banner.variants[0].id!));
    await storeEvents(t.db, site, events);

    const report = await loadResults(t.db, site, { period, ctaId: inline.id! });
    expect(report.ctas[0].metrics).toMatchObject({ views: 36, viewers: 8, conversions: 0 });
    expect(report.daily.at(-1)).toMatchObject({ views: 36, viewers: 8 });

    const all = await loadResults(t.db, site, { period });
    expect(all.totals).toMatchObject({ views: 39, viewers: 8 });
    expect(all.ctas.find((c) => c.id === banner.id)!.metrics).toMatchObject({ views: 3, viewers: 3 });
    expect(all.estimated).toBe(false);
  });

  it("a two-step popup's first 'Yes' is a click, not a lead or a conversion; the e-mail given on step 2 is", async () => {
    const popup = await cta("Two-step", [["text", "button"], ["form"]]);
    const variant = popup.variants[0].id!;
    const [yesOnly, lead] = await Promise.all([person(), person()]);
    await storeEvents(t.db, site, [
      ev("View", yesOnly.visitorToken, popup.id!, variant),
      ev("Complete", yesOnly.visitorToken, popup.id!, variant),
    ]);
    let report = await loadResults(t.db, site, { period, ctaId: popup.id! });
    expect(report.ctas[0].goal).toBe("leads");
    expect(report.ctas[0].metrics).toMatchObject({
      viewers: 1,
      clicks: 1,
      leads: 0,
      completions: 0,
      conversions: 0,
      conversionRate: 0,
    });

    await storeEvents(t.db, site, [
      ev("View", lead.visitorToken, popup.id!, variant),
      ev("Complete", lead.visitorToken, popup.id!, variant),
      ev("Submission", lead.visitorToken, popup.id!, variant),
    ]);
    await t.db.contactSubmission.create({
      data: {
        websiteId: site,
        clientId: `c-${lead.id}`,
        personId: lead.id,
        email: "lead@example.se",
        ctaId: popup.id!,
        variantId: variant,
        payload: {},
      },
    });
    // A submission without contact data (a name only) is no lead.
    await t.db.contactSubmission.create({
      data: {
        websiteId: site,
        clientId: `c-${yesOnly.id}`,
        personId: yesOnly.id,
        ctaId: popup.id!,
        variantId: variant,
        payload: {},
      },
    });
    report = await loadResults(t.db, site, { period, ctaId: popup.id! });
    expect(report.ctas[0].metrics).toMatchObject({
      viewers: 2,
      clicks: 2,
      leads: 1,
      completions: 1,
      conversions: 1,
      conversionRate: 0.5,
    });
  });

  it("a button-only CTA converts on clicks, a quiz on completions, a product CTA on add-to-carts with their cart value", async () => {
    const button = await cta("Shop now", [["button"]]);
    const quiz = await cta("Quiz", [["quiz"]]);
    const shop = await cta("Products", [["products"]]);
    const p = await person();
    await storeEvents(t.db, site, [
      ev("View", p.visitorToken, button.id!, button.variants[0].id!),
      ev("Complete", p.visitorToken, button.id!, button.variants[0].id!),
      ev("View", p.visitorToken, quiz.id!, quiz.variants[0].id!),
      ev("Selection", p.visitorToken, quiz.id!, quiz.variants[0].id!),
      ev("View", p.visitorToken, shop.id!, shop.variants[0].id!),
      ev("Add To Cart", p.visitorToken, shop.id!, shop.variants[0].id!, { data: { product_price: 120, quantity: 2 } }),
      ev("Add To Cart", p.visitorToken, shop.id!, shop.variants[0].id!, { revenue: 60 }),
    ]);
    const report = await loadResults(t.db, site, { period });
    const of = (id: number) => report.ctas.find((c) => c.id === id)!;
    expect(of(button.id!)).toMatchObject({ goal: "clicks", metrics: { clicks: 1, conversions: 1, conversionRate: 1 } });
    expect(of(quiz.id!)).toMatchObject({ goal: "completions", metrics: { viewers: 1, conversions: 0 } });
    expect(of(shop.id!)).toMatchObject({
      goal: "addToCarts",
      metrics: { addToCarts: 2, cartValue: 300, conversions: 1 },
    });
  });

  it("never shows another website's CTAs or events", async () => {
    const foreign = await cta("Foreign", [["button"]], otherSite);
    const p = await person(otherSite);
    await storeEvents(t.db, otherSite, [ev("View", p.visitorToken, foreign.id!, foreign.variants[0].id!)]);
    const report = await loadResults(t.db, site, { period, ctaId: foreign.id! });
    expect(report.ctas).toEqual([]);
    expect(report.ctaId).toBeNull();
    const { rows } = await csvOf(site, foreign.id!);
    expect(rows).toEqual([[...RESULTS_CSV_COLUMNS]]);
  });
});

describe("archived CTAs", () => {
  it("are left out with their figures when asked (the results page's default), unless chosen by id", async () => {
    const kept = await cta("Kept", [["button"]]);
    const retired = await cta("Kept", [["button"]]);
    await archiveCta(t.db, site, retired.id!);
    const p = await person();
    await storeEvents(t.db, site, [
      ev("View", p.visitorToken, kept.id!, kept.variants[0].id!),
      ev("View", p.visitorToken, retired.id!, retired.variants[0].id!),
      ev("View", p.visitorToken, retired.id!, retired.variants[0].id!),
    ]);
    const all = await loadResults(t.db, site, { period });
    const live = await loadResults(t.db, site, { period, includeArchived: false });
    expect(all.ctas.map((c) => c.id)).toContain(retired.id!);
    expect(all.archivedLeftOut).toBe(0);
    expect(live.ctas.map((c) => c.id)).toContain(kept.id!);
    expect(live.ctas.map((c) => c.id)).not.toContain(retired.id!);
    expect(live.archivedLeftOut).toBe(1);
    expect(all.totals.views - live.totals.views).toBe(2);
    const chosen = await loadResults(t.db, site, { period, ctaId: retired.id!, includeArchived: false });
    expect(chosen).toMatchObject({ ctaId: retired.id!, archivedLeftOut: 0, totals: { views: 2 } });
    const csv = await new Response(resultsCsv(t.db, site, { period, includeArchived: false })).text();
    expect(parseCsv(csv).some((row) => row[1] === String(retired.id!))).toBe(false);
    expect(parseCsv(csv).some((row) => row[1] === String(kept.id!))).toBe(true);
  });
});

describe("CSV export", () => {
  it("has one row per day, CTA and variant with every metric, and neutralises formulas in CTA names", async () => {
    const evil = await cta('=HYPERLINK("http://evil.example","x")', [["button"]], site, ["A", "B"]);
    const [a, b] = evil.variants.map((v) => v.id!);
    const p = await person();
    await storeEvents(t.db, site, [
      ev("View", p.visitorToken, evil.id!, a),
      ev("View", p.visitorToken, evil.id!, a),
      ev("Complete", p.visitorToken, evil.id!, a),
      ev("View", p.visitorToken, evil.id!, b),
      // Two days ago.
      ev("View", p.visitorToken, evil.id!, b, { at: Date.now() - 2 * 86_400_000 }),
    ]);
    const { text, rows } = await csvOf(site, evil.id!);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(rows[0]).toEqual([...RESULTS_CSV_COLUMNS]);
    const body = rows.slice(1).map((r) => Object.fromEntries(RESULTS_CSV_COLUMNS.map((c, i) => [c, r[i]])));
    expect(body).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    const rowA = body.find((r) => r.day === today && r.variant === "A")!;
    expect(rowA).toMatchObject({
      cta_id: String(evil.id),
      goal: "clicks",
      views: "2",
      unique_viewers: "1",
      clicks: "1",
      conversions: "1",
      conversion_rate: "1",
    });
    expect(rowA.cta.startsWith("'=")).toBe(true);
    expect(body.filter((r) => r.variant === "B").map((r) => r.views)).toEqual(["1", "1"]);
    // Days in order.
    expect(body.map((r) => r.day)).toEqual([...body.map((r) => r.day)].sort());
  });
});

describe("order attribution in SQL", () => {
  it("credits an order to the person's latest CTA action before it, within the window", async () => {
    const first = await cta("First", [["button"]]);
    const second = await cta("Second", [["button"]]);
    const p = await person();
    const now = Date.now();
    await storeEvents(t.db, site, [
      ev("Complete", p.visitorToken, first.id!, first.variants[0].id!, { at: now - 3 * 3_600_000 }),
      ev("Complete", p.visitorToken, second.id!, second.variants[0].id!, { at: now - 2 * 3_600_000 }),
      {
        id: `rr-order-${p.id}`,
        event_type: "Order",
        visitor_token: p.visitorToken,
        revenue: 400,
        data: { order_id: `ord-${p.id}` },
        at: now - 3_600_000,
      },
      // After the order: takes no credit.
      ev("Complete", p.visitorToken, first.id!, first.variants[0].id!, { at: now - 1_800_000 }),
    ] as EventInput[]);
    const report = await loadResults(t.db, site, { period });
    expect(report.ctas.find((c) => c.id === second.id)!.metrics).toMatchObject({ orders: 1, revenue: 400 });
    expect(report.ctas.find((c) => c.id === first.id)!.metrics).toMatchObject({ orders: 0, revenue: 0 });
  });

  it("reads each order's kept touch, seeks the others' in the partial index of CTA actions, and finds the orders by their indexes", async () => {
    const from = new Date(Date.now() - 30 * 86_400_000);
    const to = new Date();
    const plan = async (sql: string, options = "") => {
      if (testDatabaseKind() === "sqlite") {
        const rows = await t.db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${sql}`, site, from, to);
        return rows.map((r) => r.detail).join("\n");
      }
      // A test database holds a few rows, where a sequential scan is cheaper
      // and PostgreSQL would rightly pick it; with it disabled the plan shows
      // which index the query can use (the one it takes at scale).
      return t.db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
        const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN ${options}${sql}`,
          site,
          from.toISOString(),
          to.toISOString(),
        );
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    };
    const postgres = testDatabaseKind() === "postgresql";
    const events = await plan(orderEventsSql(postgres));
    const rows = await plan(orderRowsSql(postgres));
    console.log(`EXPLAIN (${testDatabaseKind()}) order events:\n${events}\n\nEXPLAIN order rows:\n${rows}`);
    // On PostgreSQL the events are partitioned by month: a plan names each partition's copy of an index.
    const names = async (index: string): Promise<string[]> => {
      if (!postgres) return [index];
      const children = await t.db.$queryRawUnsafe<{ relname: string }[]>(
        `SELECT c.relname::text AS relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
        index,
      );
      return [index, ...children.map((c) => c.relname)];
    };
    const usesIndex = async (plan: string, index: string) =>
      (await names(index)).some((n) => plan.includes(`"${n}"`) || plan.includes(` ${n} `) || plan.endsWith(` ${n}`));
    expect(await usesIndex(events, "TrackedEvent_orders_idx")).toBe(true);
    expect(await usesIndex(events, "TrackedEvent_touch_idx")).toBe(true);
    expect(await usesIndex(rows, "TrackedEvent_touch_idx")).toBe(true);
    // The orders are read from the index alone.
    if (!postgres) expect(events).toMatch(/COVERING INDEX TrackedEvent_orders_idx/);
    expect(await usesIndex(rows, "Order_websiteId_createdAt_idx")).toBe(true);
    // An order's kept touch is read by OrderTouch's primary key, and the seek runs only for an order without one.
    for (const plan of [events, rows]) {
      expect(plan).toMatch(
        postgres
          ? /Index Scan using "OrderTouch_pkey" on "OrderTouch" k|Bitmap Index Scan on "OrderTouch_pkey"/
          : /SEARCH k USING INDEX sqlite_autoindex_OrderTouch_1 \(source=\? AND orderRef=\?\)/,
      );
    }
    // PostgreSQL seeks in a CASE, run only for an order without a kept touch that names no CTA (VERBOSE shows the expressions).
    if (postgres) {
      for (const sql of [orderEventsSql(true), orderRowsSql(true)]) {
        expect(await plan(sql, "(VERBOSE) ")).toMatch(
          /CASE WHEN \(\(k\."orderRef" IS NULL\) AND \(o(_\d+)?\."ctaId" IS NULL\)\) THEN \(SubPlan \d\)/,
        );
      }
    }
    for (const plan of [events, rows]) {
      expect(plan).not.toMatch(/SCAN (TABLE )?TrackedEvent\b(?! USING)|Seq Scan on "TrackedEvent(_\w+)?"/);
      // The touch is sought per order, never found by hashing or sorting the whole event table.
      expect(plan).not.toMatch(/Hash (Left |Right )?Join|Merge (Left |Right )?Join/);
      // PostgreSQL: the touch's columns come with the seek. Joining the event
      // table again by id (alias t) made it hash every event at scale, since
      // the partitioned table has no index on id alone.
      if (postgres) expect(plan).not.toMatch(/on "TrackedEvent\w*" t(_\d+)?\b/);
    }
  });
});
