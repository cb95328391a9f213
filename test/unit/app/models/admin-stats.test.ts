/**
 * The lead models against a fresh database: contact filters (including lists
 * in outside tools), deleting people, privacy webhook operations, results
 * and periods, winners, and integrations. Every function is checked to stay
 * inside its website.
 */
import { describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { withTwoWebsites } from "#test/support/website-database";
import { publishedCtaMock } from "#test/support/factories";
import { contactQueryParams, listContacts, parseContactQuery } from "#app/models/contact-list.server";
import { contactDetail } from "#app/models/contact-admin.server";
import { contactsCsv } from "#app/models/contacts-csv.server";
import { deletePeople } from "#app/models/person-data.server";
import {
  customerDataReport,
  customerOfPayload,
  matchingPeople,
  phoneDigits,
  redactCustomer,
  redactShop,
} from "#app/models/privacy.server";
import { isTopic } from "#app/server/webhook-binding.server";
import { parsePeriod } from "#app/models/results/results-period";
import { clearWinner, markWinner } from "#app/models/ab-winner.server";
import { loadResults } from "#app/models/results/results.server";
import { addElementAction, ctaListSettings, removeElementAction } from "#app/models/cta-list-actions.server";
import { connectIntegration, disconnectIntegration, listIntegrations } from "#app/models/integration-admin.server";
import { saveCtaDocument } from "#app/models/cta.server";
import { storeEvents } from "#app/models/event.server";
import { linkShopOwner } from "#app/models/owner.server";
import { parseCsv } from "#app/view/csv";

let t: TestDatabase;
let siteA: number;
let siteB: number;
let n = 0;

async function person(websiteId: number, data: Record<string, unknown> = {}) {
  return t.db.person.create({
    data: {
      websiteId,
      visitorToken: `p${++n}-token`,
      personType: "Contact",
      contactSince: new Date(),
      extra: {},
      data: {},
      ...data,
    },
  });
}

/** A published inline CTA whose variants (the letters, traffic split evenly) hold one form each. */
function ctaDoc(name: string, variants: string[]) {
  return publishedCtaMock(name, [["form"]], variants, {
    cta_type: "inline",
    inline_type: "embed",
    overlay_type: undefined,
  });
}

withTwoWebsites((created) => ({ t, siteA, siteB } = created), { currency: "SEK", currencyCharacter: "kr" });

describe("contact list state in the URL", () => {
  it("parses and writes back the same state, dropping anything malformed", () => {
    const state = parseContactQuery(
      new URLSearchParams("q=%20anna%20&page=3&cta=12&list=4&from=2026-01-01&to=2026-01-31&consent=marketing"),
    );
    expect(state).toEqual({
      query: "anna",
      page: 3,
      filters: { ctaId: 12, listId: 4, from: "2026-01-01", to: "2026-01-31", consent: "marketing" },
    });
    expect(contactQueryParams(state).toString()).toBe(
      "q=anna&cta=12&list=4&from=2026-01-01&to=2026-01-31&consent=marketing&page=3",
    );
    expect(
      parseContactQuery(new URLSearchParams("cta=-1&list=99999999999&from=2026-02-30&to=yesterday&consent=all&page=0"))
        .filters,
    ).toEqual({
      ctaId: null,
      listId: null,
      from: null,
      to: null,
      consent: null,
    });
  });
});

describe("list filter", () => {
  it("finds people on a tool's list through their subscribe syncs, never failed ones, and never on another website", async () => {
    const integration = await t.db.integration.create({
      data: {
        websiteId: siteA,
        integrationType: "klaviyo",
        name: "K",
        actionTypes: [],
        syncSettings: {},
        credentials: { api_key: "k" },
      },
    });
    const list = await t.db.mailingList.create({
      data: { websiteId: siteA, integrationId: integration.id, listId: "L7", name: "Seven" },
    });
    const on = await person(siteA, { email: "on-list@example.se" });
    const failed = await person(siteA, { email: "failed@example.se" });
    const other = await person(siteA, { email: "other-list@example.se" });
    const job = (personId: number, listId: string, status: string) =>
      t.db.syncJob.create({
        data: {
          websiteId: siteA,
          integrationId: integration.id,
          personId,
          operation: "subscribe",
          payload: { list_id: listId },
          idempotencyKey: `${personId}-${listId}-${status}`,
          status,
        },
      });
    await job(on.id, "L7", "done");
    await job(failed.id, "L7", "failed");
    await job(other.id, "L8", "pending");
    const page = await listContacts(t.db, siteA, { filters: { listId: list.id } });
    expect(page.contacts.map((c) => c.email)).toEqual(["on-list@example.se"]);
    expect((await listContacts(t.db, siteB, { filters: { listId: list.id } })).total).toBe(0);
    const csv = parseCsv((await contactsCsv(t.db, siteA, { filters: { listId: list.id } })).csv);
    expect(csv.slice(1).map((r) => r[1])).toEqual(["on-list@example.se"]);
  });
});

describe("deletePeople", () => {
  it("deletes a person's rows of every kind and ignores ids of other websites", async () => {
    const victim = await person(siteA, { email: "victim@example.se" });
    const foreign = await person(siteB, { email: "foreign@example.se" });
    await t.db.trackedEvent.createMany({
      data: [
        {
          websiteId: siteA,
          clientId: "d1",
          eventType: "View",
          personId: victim.id,
          visitorToken: victim.visitorToken,
          data: {},
        },
        {
          websiteId: siteA,
          clientId: "d2",
          eventType: "Visit",
          personId: null,
          visitorToken: victim.visitorToken,
          data: {},
        },
        {
          websiteId: siteB,
          clientId: "d3",
          eventType: "View",
          personId: foreign.id,
          visitorToken: foreign.visitorToken,
          data: {},
        },
      ],
    });
    await t.db.contactSubmission.create({
      data: { websiteId: siteA, clientId: "s1", personId: victim.id, payload: {} },
    });
    await t.db.order.create({ data: { websiteId: siteA, personId: victim.id, orderId: "o1", revenue: 5 } });
    const counts = await deletePeople(t.db, siteA, [victim.id, foreign.id]);
    expect(counts).toEqual({ people: 1, events: 2, submissions: 1, orders: 1, memberships: 0, syncJobs: 0 });
    expect(await t.db.person.count({ where: { id: foreign.id } })).toBe(1);
    expect(await t.db.trackedEvent.count({ where: { personId: foreign.id } })).toBe(1);
    expect(await deletePeople(t.db, siteA, [victim.id])).toMatchObject({ people: 0, events: 0 });
    expect(await contactDetail(t.db, siteA, foreign.id)).toBeNull();
  });
});

describe("privacy webhooks", () => {
  it("reads the customer of a payload and compares topics either way they are written", () => {
    expect(customerOfPayload({ customer: { email: " Kund@Example.com ", phone: "+46 70" } })).toEqual({
      id: null,
      email: "kund@example.com",
      phone: "+46 70",
    });
    expect(customerOfPayload({ customer: { id: 207119551, email: null } })).toMatchObject({
      id: "207119551",
      email: null,
    });
    expect(customerOfPayload(null)).toEqual({ id: null, email: null, phone: null });
    expect(isTopic("CUSTOMERS_DATA_REQUEST", "customers/data_request")).toBe(true);
    expect(isTopic("customers/redact", "customers/redact")).toBe(true);
    expect(isTopic("SHOP_REDACT", "customers/redact")).toBe(false);
    expect(phoneDigits("+46 (0)70-123 45 67")).toBe("460701234567");
    expect(phoneDigits("123")).toBeNull();
  });

  it("matches people by e-mail or by the same phone number written differently, only in the shop's website", async () => {
    const shop = "privacy-test.myshopify.com";
    const { websiteId } = await linkShopOwner(t.db, shop);
    const byEmail = await person(websiteId, { email: "kund@example.com" });
    const byPhone = await person(websiteId, { phone: "070-123 45 67" });
    const international = await person(websiteId, { phone: "+46 70 123 45 67" });
    const different = await person(websiteId, { phone: "070-123 45 68" });
    await person(siteA, { email: "kund@example.com" });
    const ids = await matchingPeople(t.db, websiteId, { email: "KUND@example.com", phone: "+46701234567" });
    expect(ids).toEqual([byEmail.id, byPhone.id, international.id].sort((a, b) => a - b));

    const report = await customerDataReport(t.db, shop, {
      customer: { email: "kund@example.com", phone: "+46701234567" },
      orders_requested: [1, 2],
    });
    expect(report.people).toHaveLength(3);
    expect(report.ordersRequested).toEqual([1, 2]);

    const deleted = await redactCustomer(t.db, shop, {
      customer: { email: "kund@example.com", phone: "+46701234567" },
    });
    expect(deleted.people).toBe(3);
    expect(await t.db.person.count({ where: { id: different.id } })).toBe(1);
    expect(await t.db.person.count({ where: { websiteId: siteA, email: "kund@example.com" } })).toBe(1);
    expect((await redactCustomer(t.db, shop, { customer: { email: "kund@example.com" } })).people).toBe(0);
    expect(
      (await redactCustomer(t.db, "unknown.myshopify.com", { customer: { email: "kund@example.com" } })).people,
    ).toBe(0);

    await t.db.session.create({ data: { id: `offline_${shop}`, shop, state: "x", accessToken: "t" } });
    expect(await redactShop(t.db, shop)).toEqual({ websites: 1, sessions: 1, profiles: 1 });
    expect(await redactShop(t.db, shop)).toEqual({ websites: 0, sessions: 0, profiles: 0 });
    expect(await t.db.website.count({ where: { id: siteA } })).toBe(1);
  });
});

describe("results", () => {
  it("parses periods: presets, custom ranges, reversed and overlong ones", () => {
    const now = new Date("2026-03-10T15:00:00Z");
    expect(parsePeriod(new URLSearchParams(), now)).toEqual({ from: "2026-02-09", to: "2026-03-10", days: 30 });
    expect(parsePeriod(new URLSearchParams("days=7"), now)).toEqual({ from: "2026-03-04", to: "2026-03-10", days: 7 });
    expect(parsePeriod(new URLSearchParams("days=8"), now).days).toBe(30);
    expect(parsePeriod(new URLSearchParams("from=2026-03-05&to=2026-03-01"), now)).toEqual({
      from: "2026-03-01",
      to: "2026-03-05",
      days: 5,
    });
    expect(parsePeriod(new URLSearchParams("from=2020-01-01&to=2026-03-10"), now).days).toBe(366);
    expect(parsePeriod(new URLSearchParams("from=garbage"), now).days).toBe(30);
  });

  it("computes a CTA's variants with order revenue, and marks and clears a winner through the CTA document", async () => {
    const doc = await saveCtaDocument(t.db, siteA, ctaDoc("Test CTA", ["A", "B"]));
    const [a, b] = doc.variants.map((v) => v.id!);
    const viewer = await person(siteA, { email: "buyer@example.se" });
    const other = await person(siteA);
    const now = Date.now();
    // Stored the way the public API stores them, so the daily rollups are kept.
    await storeEvents(t.db, siteA, [
      {
        id: "r1",
        event_type: "View",
        visitor_token: viewer.visitorToken,
        cta_id: doc.id!,
        variant_id: b,
        data: {},
        at: now,
      },
      {
        id: "r2",
        event_type: "Submission",
        visitor_token: viewer.visitorToken,
        cta_id: doc.id!,
        variant_id: b,
        data: {},
        at: now,
      },
      {
        id: "r3",
        event_type: "Order",
        visitor_token: viewer.visitorToken,
        revenue: 250,
        data: { order_id: "X1" },
        at: now,
      },
      {
        id: "r4",
        event_type: "View",
        visitor_token: other.visitorToken,
        cta_id: doc.id!,
        variant_id: a,
        data: {},
        at: now,
      },
    ]);
    // The form CTA's goal is a lead: the submission carried an e-mail address.
    await t.db.contactSubmission.create({
      data: {
        websiteId: siteA,
        clientId: "c1",
        personId: viewer.id,
        email: "buyer@example.se",
        ctaId: doc.id!,
        variantId: b,
        payload: {},
      },
    });
    const period = parsePeriod(new URLSearchParams("days=7"));
    const report = await loadResults(t.db, siteA, { period, ctaId: doc.id! });
    expect(report.currency).toBe("SEK");
    expect(report.ctas).toHaveLength(1);
    const [va, vb] = report.ctas[0].variants;
    expect(report.ctas[0].goal).toBe("leads");
    expect(va.metrics).toMatchObject({ views: 1, viewers: 1, conversions: 0 });
    expect(vb.metrics).toMatchObject({
      views: 1,
      viewers: 1,
      leads: 1,
      completions: 1,
      conversions: 1,
      revenue: 250,
      orders: 1,
    });
    expect(report.ctas[0].abTest?.enoughData).toBe(false);
    expect(report.daily).toHaveLength(7);
    expect(report.daily[6]).toMatchObject({ views: 2, viewers: 2, conversions: 1, revenue: 250 });
    expect(report.dailyByVariant.map((v) => v.letter)).toEqual(["A", "B"]);
    // The order is B's on its day (the orders are added to the days after they are counted).
    expect(report.dailyByVariant.map((v) => v.points[6].revenue)).toEqual([0, 250]);
    expect(report.dailyByVariant.map((v) => v.points.slice(0, 6).every((p) => p.revenue === 0))).toEqual([true, true]);
    // Another website sees none of it.
    expect((await loadResults(t.db, siteB, { period })).totals.views).toBe(0);

    await markWinner(t.db, siteA, doc.id!, b);
    const variants = await t.db.ctaVariant.findMany({ where: { ctaId: doc.id! }, orderBy: { position: "asc" } });
    expect(variants.map((v) => [v.winner, v.percentage])).toEqual([
      [false, 0],
      [true, 100],
    ]);
    await expect(markWinner(t.db, siteB, doc.id!, b)).rejects.toMatchObject({ status: 404 });
    await clearWinner(t.db, siteA, doc.id!);
    expect((await t.db.ctaVariant.findMany({ where: { ctaId: doc.id! } })).map((v) => v.percentage)).toEqual([50, 50]);

    const single = await saveCtaDocument(t.db, siteA, ctaDoc("Single", ["A"]));
    await expect(markWinner(t.db, siteA, single.id!, single.variants[0].id!)).rejects.toMatchObject({ status: 422 });
    await expect(markWinner(t.db, siteA, doc.id!, single.variants[0].id!)).rejects.toMatchObject({ status: 404 });
  });
});

describe("integrations", () => {
  it("connects tools with checked keys, one built-in integration per website, and hides keys", async () => {
    await expect(connectIntegration(t.db, siteB, { type: "mailchimp", apiKey: "abc" })).rejects.toMatchObject({
      field: "apiKey",
    });
    await expect(
      connectIntegration(t.db, siteB, { type: "activecampaign", apiKey: "k", apiUrl: "http://insecure.example" }),
    ).rejects.toMatchObject({ field: "apiUrl" });
    await expect(connectIntegration(t.db, siteB, { type: "segment" })).rejects.toMatchObject({ field: "type" });
    const mc = await connectIntegration(t.db, siteB, { type: "mailchimp", apiKey: "0123456789abcdef-us21" });
    await connectIntegration(t.db, siteB, { type: "builtin" });
    await expect(connectIntegration(t.db, siteB, { type: "builtin" })).rejects.toMatchObject({ status: 409 });
    const listed = await listIntegrations(t.db, siteB);
    expect(listed.map((i) => [i.type, i.keyHint])).toEqual([
      ["mailchimp", "…us21"],
      ["builtin", null],
    ]);
    expect(JSON.stringify(listed)).not.toContain("0123456789abcdef");
    await expect(disconnectIntegration(t.db, siteA, mc)).rejects.toMatchObject({ status: 404 });
  });

  it("adds and removes list and tag actions on a CTA element, within the website", async () => {
    const doc = await saveCtaDocument(t.db, siteB, ctaDoc("Lead form", ["A"]));
    const element = doc.variants[0].steps[0].sections[0].columns[0].elements[0];
    const mc = (await t.db.integration.findFirstOrThrow({ where: { websiteId: siteB, integrationType: "mailchimp" } }))
      .id;
    await expect(
      addElementAction(t.db, siteB, doc.id!, element.id!, {
        actionType: "subscribe_list",
        integrationId: mc,
        listId: "nope",
      }),
    ).rejects.toMatchObject({ field: "listId" });
    await t.db.mailingList.create({ data: { websiteId: siteB, integrationId: mc, listId: "aud1", name: "Audience" } });
    const subscribe = { actionType: "subscribe_list", integrationId: mc, listId: "aud1" } as const;
    // The same subscription twice: the element keeps one.
    for (const action of [subscribe, subscribe, { ...subscribe, actionType: "add_list_tag", tag: "vip" } as const])
      await addElementAction(t.db, siteB, doc.id!, element.id!, action);
    const settings = await ctaListSettings(t.db, siteB);
    const actions = settings.find((c) => c.ctaId === doc.id)!.elements[0].actions;
    expect(actions.map((a) => [a.actionType, a.listId, a.listName, a.tag])).toEqual([
      ["subscribe_list", "aud1", "Audience", null],
      ["add_list_tag", "aud1", "Audience", "vip"],
    ]);
    await expect(
      addElementAction(t.db, siteA, doc.id!, element.id!, { actionType: "add_tag", integrationId: mc, tag: "x" }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(removeElementAction(t.db, siteA, doc.id!, actions[0].id)).rejects.toMatchObject({ status: 404 });
    await expect(disconnectIntegration(t.db, siteB, mc)).rejects.toMatchObject({ status: 409 });
    for (const a of actions) await removeElementAction(t.db, siteB, doc.id!, a.id);
    expect(await t.db.action.count({ where: { integrationId: mc } })).toBe(0);
    await disconnectIntegration(t.db, siteB, mc);
    expect(await t.db.integration.count({ where: { id: mc } })).toBe(0);
  });
});
