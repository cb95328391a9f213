/**
 * The visitor-side API over HTTP (visitors, events, contacts, and hostile
 * input to every public endpoint) against the real server, on the database the
 * harness picked (SQLite, or PostgreSQL with BECKON_TEST_POSTGRES_URL).
 * Happy paths and hostile input: every bad request is a JSON 4xx that names
 * the problem, and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { post, server, store, storeCta, sv, svCta, tdb, withPublicApiServer } from "./public-api-harness";
import { leadRowCounts } from "#test/support/lead-counts";

withPublicApiServer();

const token = () => randomBytes(16).toString("hex");
const clientId = () => randomBytes(10).toString("hex");

async function createVisitor(websiteId: number, visitorToken = token()) {
  const r = await post(`/api/websites/${websiteId}/visitors`, {
    visitor: { visitor_token: visitorToken, landing_page: "https://example.se/", platform: "Web", data: {} },
    new: true,
    utms: { utm_source: "newsletter", utm_campaign: "host" },
  });
  expect(r.status).toBe(201);
  return visitorToken;
}

const counts = () => leadRowCounts(tdb.db);

describe("visitors", () => {
  it("creates a visitor, answers logged_in, and is idempotent for the same token", async () => {
    const t = token();
    const first = await post(`/api/websites/${sv}/visitors`, {
      visitor: { visitor_token: t },
      new: true,
      utms: { utm_source: "x" },
    });
    expect(first.status).toBe(201);
    expect(first.json.logged_in).toBe(false);
    expect(first.json.visitor).toMatchObject({ visitor_token: t, person_type: "Visitor" });
    const again = await post(`/api/websites/${sv}/visitors`, { visitor: { visitor_token: t } });
    expect(again.status).toBe(200);
    const row = await tdb.db.person.findUniqueOrThrow({
      where: { websiteId_visitorToken: { websiteId: sv, visitorToken: t } },
    });
    expect(row.utmSource).toBe("x");
    expect(row.platform).toBe("Web");
  });

  it("creates one visitor when creates of one token race, and another for the same token on another website", async () => {
    const t = token();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(`/api/websites/${sv}/visitors`, { visitor: { visitor_token: t }, new: true, utms: {} }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    for (const a of answers) expect(a.json.visitor.visitor_token).toBe(t);
    expect(await tdb.db.person.count({ where: { visitorToken: t } })).toBe(1);
    const elsewhere = await post(`/api/websites/${store}/visitors`, {
      visitor: { visitor_token: t },
      new: true,
      utms: {},
    });
    expect(elsewhere.status).toBe(201);
    expect(await tdb.db.person.count({ where: { visitorToken: t } })).toBe(2);
  });

  it("fetches a visitor only within its own website", async () => {
    const t = await createVisitor(sv);
    const ok = await fetch(`${server.origin}/api/visitors/${t}?website_id=${sv}`);
    expect(ok.status).toBe(200);
    expect((await ok.json()).visitor.visitor_token).toBe(t);
    const other = await fetch(`${server.origin}/api/visitors/${t}?website_id=${store}`);
    expect(other.status).toBe(404);
    expect((await other.json()).error.field).toBe("visitor_token");
  });

  it("rejects malformed tokens and missing website ids by name", async () => {
    const bad = await fetch(`${server.origin}/api/visitors/short?website_id=${sv}`);
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.field).toBeNull();
    const noSite = await fetch(`${server.origin}/api/visitors/${token()}`);
    expect(noSite.status).toBe(404);
    expect((await noSite.json()).error.field).toBe("website_id");
  });

  it("keeps the owner-only visitors list closed without an owner session", async () => {
    const r = await fetch(`${server.origin}/api/websites/${sv}/visitors`);
    expect(r.status).toBe(401);
  });

  it("stores targeting data and uids under the person's data", async () => {
    const t = await createVisitor(sv);
    const r = await post(`/api/visitors/${t}/targeting_data`, {
      website_id: sv,
      visitor_token: t,
      integration_type: "builtin",
      targeting_data: { lists: ["1", "7"] },
    });
    expect(r.status).toBe(200);
    const u = await post(`/api/visitors/${t}/uids`, { website_id: sv, visitor_token: t, uids: { segment: "abc" } });
    expect(u.status).toBe(200);
    const row = await tdb.db.person.findUniqueOrThrow({
      where: { websiteId_visitorToken: { websiteId: sv, visitorToken: t } },
    });
    const data = row.data as any;
    expect(data.integrations.builtin.data.lists).toEqual(["1", "7"]);
    expect(data.uids.segment).toBe("abc");
    const mismatch = await post(`/api/visitors/${t}/targeting_data`, {
      website_id: sv,
      visitor_token: token(),
      integration_type: "builtin",
      targeting_data: {},
    });
    expect(mismatch.status).toBe(422);
  });
});

describe("events", () => {
  it("stores a batch once per client id, however often it is resent", async () => {
    const t = await createVisitor(sv);
    const events = ["View", "Complete"].map((event_type) => ({
      id: clientId(),
      event_type,
      visitor_token: t,
      cta_id: svCta.id,
      variant_id: svCta.variantId,
      contactable_type: "Cta",
      contactable_id: svCta.id,
      url: "https://example.se/kurser",
      data: { step: 1 },
    }));
    const first = await post(`/api/websites/${sv}/events/create`, { events });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ stored: 2, duplicates: 0, rejected: [] });
    const again = await post(`/api/websites/${sv}/events/create`, { events });
    expect(again.json).toMatchObject({ stored: 0, duplicates: 2 });
    const rows = await tdb.db.trackedEvent.findMany({ where: { visitorToken: t } });
    expect(rows.map((r) => r.eventType).sort()).toEqual(["Complete", "View"]);
    expect(rows[0].ctaId).toBe(svCta.id);
  });

  it("rejects an event without visitor_token, naming the field", async () => {
    const before = await counts();
    const r = await post(`/api/websites/${sv}/events/create`, { event: { id: clientId(), event_type: "View" } });
    expect(r.status).toBe(422);
    expect(r.json.error.field).toBe("event.visitor_token");
    expect(await counts()).toEqual(before);
  });

  it("rejects another website's visitor token and another website's CTA", async () => {
    const foreignVisitor = await createVisitor(store);
    const before = await counts();
    const single = await post(`/api/websites/${sv}/events/create`, {
      event: { id: clientId(), event_type: "View", visitor_token: foreignVisitor, cta_id: svCta.id },
    });
    expect(single.status).toBe(422);
    expect(single.json.error.field).toBe("event.visitor_token");
    const t = await createVisitor(sv);
    const mid = await counts();
    const batch = await post(`/api/websites/${sv}/events/create`, {
      events: [{ id: clientId(), event_type: "View", visitor_token: t, cta_id: storeCta.id }],
    });
    expect(batch.status).toBe(200);
    expect(batch.json.stored).toBe(0);
    expect(batch.json.rejected[0]).toMatchObject({ index: 0, field: "cta_id" });
    expect((await counts()).events).toBe(mid.events);
    expect(mid.events).toBe(before.events);
  });
});

describe("contacts", () => {
  it("turns a visitor into a contact, once per submission id", async () => {
    const t = await createVisitor(sv);
    const id = clientId();
    const contact = {
      id,
      visitor_token: t,
      email: "  Anna.Svensson@Example.SE ",
      name: "Anna",
      marketing_consent: true,
      extra: { topic: "förhandling" },
      contactable_type: "Cta",
      contactable_id: svCta.id,
      cta_id: svCta.id,
      variant_id: svCta.variantId,
      source_url: "https://example.se/",
    };
    const r = await post(`/api/websites/${sv}/contacts/create`, { contact });
    expect(r.status).toBe(201);
    const again = await post(`/api/websites/${sv}/contacts/create`, { contact });
    expect(again.status).toBe(200);
    expect(again.json.duplicate).toBe(true);
    const person = await tdb.db.person.findUniqueOrThrow({
      where: { websiteId_visitorToken: { websiteId: sv, visitorToken: t } },
    });
    expect(person).toMatchObject({
      personType: "Contact",
      email: "anna.svensson@example.se",
      name: "Anna",
      marketingConsent: true,
    });
    expect(person.contactSince).not.toBeNull();
    expect(await tdb.db.contactSubmission.count({ where: { personId: person.id } })).toBe(1);
  });

  it("stores hostile text verbatim as data, never interpreting it", async () => {
    const t = await createVisitor(sv);
    const xss = `<img src=x onerror=alert(1)>"'; DROP TABLE "Person";--`;
    const r = await post(`/api/websites/${sv}/contacts/create`, {
      contact: { id: clientId(), visitor_token: t, email: "x@example.se", name: xss, extra: { note: xss } },
    });
    expect(r.status).toBe(201);
    const person = await tdb.db.person.findUniqueOrThrow({
      where: { websiteId_visitorToken: { websiteId: sv, visitorToken: t } },
    });
    expect(person.name).toBe(xss);
    expect(await tdb.db.person.count()).toBeGreaterThan(0);
  });

  it("stores nothing when the website's contact-processing is off", async () => {
    const site = await tdb.db.website.findUniqueOrThrow({ where: { id: store } });
    await tdb.db.website.update({
      where: { id: store },
      data: { dataSettings: { ...(site.dataSettings as object), "contact-processing": false } },
    });
    try {
      const t = await createVisitor(store);
      const before = await counts();
      const r = await post(`/api/websites/${store}/contacts/create`, {
        contact: { id: clientId(), visitor_token: t, email: "nope@example.com" },
      });
      expect(r.status).toBe(200);
      expect(r.json.skipped).toBe(true);
      expect(await counts()).toEqual(before);
    } finally {
      await tdb.db.website.update({ where: { id: store }, data: { dataSettings: site.dataSettings as object } });
    }
  });

  it("validates e-mail and phone shapes with the product's messages", async () => {
    const t = await createVisitor(sv);
    const bad = await post(`/api/websites/${sv}/contacts/create`, {
      contact: { id: clientId(), visitor_token: t, email: "not-an-email" },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error).toEqual({ field: "contact.email", message: "Please enter a valid email address" });
    // The checks themselves are tested with the integrations; here, the answer's shape.
    const v = await post(`/api/contacts/validate`, {
      version: "v2",
      email: "anna@example.se",
      phone: "+46 70 123 45 67",
    });
    expect(v.status).toBe(200);
    expect(Object.keys(v.json.email)).toEqual(expect.arrayContaining(["valid", "mx_found", "score", "free"]));
    expect(Object.keys(v.json.phone)).toEqual(expect.arrayContaining(["valid", "phone_number"]));
  });
});

describe("hostile input to every public endpoint", () => {
  const endpoints = () => [
    `/api/websites/${sv}/visitors`,
    `/api/websites/${sv}/events/create`,
    `/api/websites/${sv}/contacts/create`,
    `/api/contacts/validate`,
    `/api/visitors/${"a".repeat(32)}/targeting_data`,
    `/api/visitors/${"a".repeat(32)}/uids`,
  ];

  it("answers malformed JSON with 400 and changes nothing", async () => {
    const before = await counts();
    for (const path of endpoints()) {
      const r = await post(path, "{not json");
      expect(r.status, path).toBe(400);
      expect(r.json.error.message, path).toMatch(/not valid JSON/);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers wrong types with 422 naming the field", async () => {
    const before = await counts();
    const cases: [string, unknown, string][] = [
      [`/api/websites/${sv}/visitors`, { visitor: { visitor_token: 42 } }, "visitor.visitor_token"],
      [
        `/api/websites/${sv}/events/create`,
        { event: { id: clientId(), event_type: "Hack", visitor_token: token() } },
        "event.event_type",
      ],
      [
        `/api/websites/${sv}/contacts/create`,
        { contact: { id: clientId(), visitor_token: token(), email: ["a@b.se"] } },
        "contact.email",
      ],
      [`/api/websites/${sv}/events/create`, [1, 2, 3], ""],
      [`/api/websites/${sv}/events/create`, { events: [] }, ""],
    ];
    for (const [path, body, field] of cases) {
      const r = await post(path, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      if (field) expect(r.json.error.field).toBe(field);
      expect(typeof r.json.error.message).toBe("string");
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses 1 MB bodies with 413 without storing anything", async () => {
    const before = await counts();
    const huge = JSON.stringify({
      contact: { id: clientId(), visitor_token: token(), email: "a@b.se", name: "x".repeat(1024 * 1024) },
    });
    for (const path of endpoints()) {
      const r = await post(path, huge);
      expect(r.status, path).toBe(413);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers unknown websites with 404", async () => {
    for (const path of [
      "/api/websites/999999/visitors",
      "/api/websites/999999/events/create",
      "/api/websites/999999/contacts/create",
    ]) {
      const r = await post(path, { visitor: { visitor_token: token() } });
      expect(r.status, path).toBe(404);
      expect(r.json.error.field).toBe("website_id");
    }
    for (const path of [
      "/api/websites/0/visitors",
      "/api/websites/abc/events/create",
      "/api/websites/99999999999/contacts/create",
    ]) {
      expect((await post(path, {})).status, path).toBe(404);
    }
    expect((await fetch(`${server.origin}/api/websites/999999.js`)).status).toBe(404);
  });

  it("answers CORS preflight and wrong methods", async () => {
    const pre = await fetch(`${server.origin}/api/websites/${sv}/events/create`, {
      method: "OPTIONS",
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "POST" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    const get = await fetch(`${server.origin}/api/websites/${sv}/events/create`);
    expect(get.status).toBe(405);
    const put = await fetch(`${server.origin}/api/websites/${sv}/contacts/create`, { method: "PUT", body: "{}" });
    expect(put.status).toBe(405);
  });
});
