/**
 * The integrations over HTTP against the real server: contact validation
 * (with a local name server), geolocation (with a generated MaxMind DB),
 * targeting sync, reCAPTCHA on contacts/create, and the outbox worker
 * delivering to a local Klaviyo through an outage. Every endpoint also gets
 * hostile input: malformed JSON, wrong types, oversized bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { FakeKlaviyo } from "#test/support/fake-providers/klaviyo";
import { FakeRecaptcha } from "#test/support/fake-providers/recaptcha";
import { FakeDns } from "#test/support/fake-providers/dns";
import { writeTestCityDb } from "#test/fixtures/mmdb/test-city-db";
import { clientId, contactMock, formCtaMock, integrationMock, token, websiteMock } from "#test/support/row-factories";
import { postPublic } from "#test/support/http";
import { eventually } from "#test/support/eventually";

let tdb: TestDatabase;
let server: TestServer;
let dir: string;
const klaviyo = new FakeKlaviyo();
const recaptcha = new FakeRecaptcha();
const dns = new FakeDns({
  "acme-sales.se": [{ priority: 10, exchange: "mx1.acme-sales.se" }],
  "gmail.com": [{ priority: 5, exchange: "gmail-smtp-in.l.google.com" }],
  "nomail.se": [],
});

const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  postPublic(server.origin, p, body, headers);

beforeAll(async () => {
  tdb = await createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), "beckon-api-geo-"));
  const geo = writeTestCityDb(path.join(dir, "city.mmdb"));
  await Promise.all([klaviyo.start(), recaptcha.start(), dns.start()]);
  server = await startTestServer({
    databaseUrl: tdb.url,
    env: {
      GEOIP_DATABASE: geo,
      RECAPTCHA_VERIFY_URL: recaptcha.verifyUrl,
      BECKON_KLAVIYO_API_URL: klaviyo.url,
      BECKON_DNS_SERVERS: dns.address,
      BECKON_PROVIDER_TIMEOUT_MS: "5000",
      BECKON_OUTBOX_INTERVAL_MS: "50",
      BECKON_OUTBOX_BASE_DELAY_MS: "100",
      TRUST_PROXY: "1",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([klaviyo.server.stop(), recaptcha.server.stop(), dns.stop()]);
  await tdb?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/contacts/validate", () => {
  it("checks e-mail with a real DNS lookup, the domain lists and business-only", async () => {
    const ok = await post("/api/contacts/validate", { version: "v2", email: "Anna@Acme-Sales.se" });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toMatchObject({ valid: true, mx_found: true, free: false, disposable: false, message: null });
    expect(ok.json.email.score).toBeGreaterThanOrEqual(0.48);
    expect(ok.json.phone).toBeUndefined();
    expect(dns.queries.some((q) => q.name === "acme-sales.se" && q.type === 15)).toBe(true);

    const business = await post("/api/contacts/validate", { email: "anna@gmail.com", business_only: true });
    expect(business.json.email).toMatchObject({ valid: false, free: true, message: "Please enter a business email" });
    const noMx = await post("/api/contacts/validate", { email: "anna@nomail.se" });
    expect(noMx.json.email).toMatchObject({
      valid: false,
      mx_found: false,
      message: "Please enter a valid email address",
    });
    const throwaway = await post("/api/contacts/validate", { email: "anna@mailinator.com" });
    expect(throwaway.json.email).toMatchObject({
      valid: false,
      disposable: true,
      message: "Please enter a valid email address",
    });
  });

  it("checks phones in the website's default country (SE) or the one sent", async () => {
    const website = await websiteMock(tdb.db, { defaultCountry: "SE" });
    const local = await post("/api/contacts/validate", { phone: "070-123 45 67", website_id: website.id });
    expect(local.json.phone).toEqual({ valid: true, phone_number: "+46701234567", country: "SE", message: null });
    const us = await post("/api/contacts/validate", { phone: "070-123 45 67" });
    expect(us.json.phone).toMatchObject({ valid: false, message: "Please enter a valid phone number" });
    const intl = await post("/api/contacts/validate", { phone: "+46 8 123 456 78", country: "us" });
    expect(intl.json.phone).toMatchObject({ valid: true, phone_number: "+46812345678" });
  });

  it("rate-limits per visitor token and per IP with 429 and Retry-After", async () => {
    const visitor = token();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post("/api/contacts/validate", { phone: "+46701234567", visitor_token: visitor })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await post("/api/contacts/validate", { phone: "+46701234567", visitor_token: visitor });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.error.message).toMatch(/Too many/);
    expect((await post("/api/contacts/validate", { phone: "+46701234567", visitor_token: token() })).status).toBe(200);

    const ip = { "X-Forwarded-For": "203.0.113.9" };
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await post("/api/contacts/validate", { phone: "+46701234567", visitor_token: token() }, ip)).status;
    expect(last).toBe(429);
    expect(
      (await post("/api/contacts/validate", { phone: "+46701234567" }, { "X-Forwarded-For": "203.0.113.10" })).status,
    ).toBe(200);
  });

  it("answers hostile input with JSON 4xx", async () => {
    expect((await post("/api/contacts/validate", "{not json")).status).toBe(400);
    expect((await post("/api/contacts/validate", "")).status).toBe(400);
    expect((await post("/api/contacts/validate", "[1,2]")).status).toBe(422);
    const wrong = await post("/api/contacts/validate", { email: 42 });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.field).toBe("email");
    expect((await post("/api/contacts/validate", { email: "a@b.se", business_only: "yes" })).json.error.field).toBe(
      "business_only",
    );
    expect((await post("/api/contacts/validate", { phone: "1234", country: "Sweden" })).json.error.field).toBe(
      "country",
    );
    expect((await post("/api/contacts/validate", { version: "v1", email: "a@b.se" })).json.error.field).toBe("version");
    expect((await post("/api/contacts/validate", {})).status).toBe(422);
    expect((await post("/api/contacts/validate", { email: "a".repeat(5000) })).status).toBe(413);
    const get = await fetch(`${server.origin}/api/contacts/validate`);
    expect(get.status).toBe(405);
  });
});

describe("GET /api/geolocation", () => {
  const get = (headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${server.origin}/api/geolocation`, { method, headers });

  it("locates the caller's IP in the MaxMind database", async () => {
    const res = await get({ "X-Forwarded-For": "89.160.20.112" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({
      status: "success",
      source: "database",
      lat: 59.3294,
      lon: 18.0687,
      city: "Stockholm",
      regionName: "Stockholm County",
      region: "AB",
      country: "Sweden",
      countryCode: "SE",
      timezone: "Europe/Stockholm",
      zip: "111 22",
    });
  });

  it("falls back to CDN headers, and says fail when nothing is known", async () => {
    const cdn = await (await get({ "X-Forwarded-For": "10.1.2.3", "CF-IPCountry": "SE" })).json();
    expect(cdn).toMatchObject({
      status: "success",
      source: "headers",
      countryCode: "SE",
      country: "Sweden",
      city: null,
    });
    const none = await (await get()).json();
    expect(none).toMatchObject({ status: "fail", lat: null, countryCode: null });
  });

  it("knows the country of an address missing from the city database from the embedded country database", async () => {
    const res = await (await get({ "X-Forwarded-For": "8.8.8.8" })).json();
    expect(res).toEqual({
      status: "success",
      source: "country-database",
      lat: null,
      lon: null,
      city: null,
      regionName: null,
      region: null,
      country: "United States",
      countryCode: "US",
      timezone: null,
      zip: null,
    });
  });

  it("answers preflight and refuses other methods", async () => {
    expect((await get({}, "OPTIONS")).status).toBe(204);
    const p = await get({}, "POST");
    expect(p.status).toBe(405);
    expect((await p.json()).error.message).toMatch(/GET/);
  });
});

describe("POST /api/websites/{id}/targeting_sync", () => {
  it("answers yes/no for the lists conditions name, with the re-sync interval, and no contact data", async () => {
    const website = await websiteMock(tdb.db);
    const builtin = await integrationMock(tdb.db, website.id, "builtin");
    await tdb.db.condition.create({ data: { websiteId: website.id, conditionType: "list", data: { list_id: "13" } } });
    const form = await formCtaMock(tdb.db, website.id, [
      { actionType: "subscribe_list", integrationId: builtin.id, data: { list_id: "13" } },
    ]);
    const c = contactMock({ element_id: form.elementId });
    const created = await post(`/api/websites/${website.id}/contacts/create`, { contact: c });
    expect(created.status).toBe(201);
    const body = {
      environment: "live",
      version: "2",
      integration_id: builtin.id,
      integration_type: "builtin",
      contact_id: created.json.contact.id,
      visitor_token: c.visitor_token,
    };
    const r = await post(`/api/websites/${website.id}/targeting_sync`, body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ lists: { "13": true }, resync_after_ms: 1_800_000, integration_type: "builtin" });
    expect(r.json).not.toHaveProperty("contact");
    expect(Date.parse(r.json.last_sync)).toBeGreaterThan(0);
    expect((await post(`/api/websites/${website.id}/targeting_sync`, body)).json.source).toBe("cache");
  });

  it("answers hostile input with JSON 4xx and never crosses websites", async () => {
    const a = await websiteMock(tdb.db);
    const b = await websiteMock(tdb.db);
    const integrationB = await integrationMock(tdb.db, b.id, "builtin");
    const url = `/api/websites/${a.id}/targeting_sync`;
    const base = { integration_id: integrationB.id, integration_type: "builtin", visitor_token: token() };
    expect((await post(url, "{oops")).status).toBe(400);
    expect((await post(url, { ...base, integration_id: "1" })).json.error.field).toBe("integration_id");
    expect((await post(url, { ...base, visitor_token: "short" })).json.error.field).toBe("visitor_token");
    expect((await post(url, { ...base, padding: "x".repeat(9000) })).status).toBe(413);
    const foreign = await post(url, base);
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.field).toBe("integration_id");
    expect((await post(`/api/websites/999999/targeting_sync`, base)).status).toBe(404);
    expect((await post(`/api/websites/abc/targeting_sync`, base)).status).toBe(404);
  });
});

describe("reCAPTCHA on contacts/create", () => {
  it("requires a token siteverify accepts when the form asks for it", async () => {
    const website = await websiteMock(tdb.db);
    await integrationMock(tdb.db, website.id, "recaptcha", { secret_key: recaptcha.secret, site_key: "6LeSiteKey" });
    const form = await formCtaMock(tdb.db, website.id, [], { check_recaptcha: true });
    const url = `/api/websites/${website.id}/contacts/create`;

    const missing = await post(url, { contact: contactMock({ element_id: form.elementId }) });
    expect(missing.status).toBe(422);
    expect(missing.json.error).toEqual({
      field: "contact.recaptcha_token",
      message: "Please confirm you are not a robot",
    });
    const forged = await post(url, {
      contact: { ...contactMock({ element_id: form.elementId }), recaptcha_token: "forged" },
    });
    expect(forged.status).toBe(422);
    expect(
      (await post(url, { contact: { ...contactMock({ element_id: form.elementId }), recaptcha_token: 12 } })).json.error
        .field,
    ).toBe("contact.recaptcha_token");

    const good = {
      ...contactMock({ element_id: form.elementId }),
      recaptcha_token: recaptcha.issue(`tok-${clientId()}`),
    };
    const ok = await post(url, { contact: good });
    expect(ok.status).toBe(201);
    const submission = await tdb.db.contactSubmission.findFirstOrThrow({
      where: { websiteId: website.id, clientId: good.id },
    });
    expect(JSON.stringify(submission.payload)).not.toContain("recaptcha_token");
    // The widget resends when it lost the answer: the used token must not refuse a stored lead.
    const resent = await post(url, { contact: good });
    expect(resent.status).toBe(200);
    expect(resent.json.duplicate).toBe(true);

    await recaptcha.server.stop();
    try {
      const down = await post(url, {
        contact: { ...contactMock({ element_id: form.elementId }), recaptcha_token: "any" },
      });
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
    } finally {
      await recaptcha.server.start();
    }
  });

  it("does not check forms without check_recaptcha", async () => {
    const website = await websiteMock(tdb.db);
    await integrationMock(tdb.db, website.id, "recaptcha", { secret_key: recaptcha.secret, site_key: "6LeSiteKey" });
    const form = await formCtaMock(tdb.db, website.id, []);
    expect(
      (
        await post(`/api/websites/${website.id}/contacts/create`, {
          contact: contactMock({ element_id: form.elementId }),
        })
      ).status,
    ).toBe(201);
  });
});

describe("the outbox worker in the server", () => {
  it("delivers each subscription exactly once through a Klaviyo outage", async () => {
    const website = await websiteMock(tdb.db);
    const k = await integrationMock(tdb.db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
    const form = await formCtaMock(tdb.db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "Y6nRLr" } },
    ]);
    const emails = ["one@acme-sales.se", "two@acme-sales.se", "three@acme-sales.se"];

    await klaviyo.server.stop();
    for (const email of emails) {
      expect(
        (
          await post(`/api/websites/${website.id}/contacts/create`, {
            contact: contactMock({ element_id: form.elementId, email }),
          })
        ).status,
      ).toBe(201);
    }
    // Every person's first job has failed at least twice while Klaviyo was down.
    await eventually(async () => {
      const tried = await tdb.db.syncJob.findMany({ where: { websiteId: website.id, attempts: { gte: 2 } } });
      return tried.length >= emails.length;
    });
    await klaviyo.server.start();
    await eventually(
      async () => (await tdb.db.syncJob.count({ where: { websiteId: website.id, status: { not: "done" } } })) === 0,
    );
    const delivered = klaviyo.subscriptions
      .filter((s) => s.listId === "Y6nRLr" && emails.includes(s.email!))
      .map((s) => s.email);
    expect(delivered.sort()).toEqual([...emails].sort());
  });

  it("sends nothing when contact processing is off", async () => {
    const website = await websiteMock(tdb.db, { contactProcessing: false });
    const k = await integrationMock(tdb.db, website.id, "klaviyo", { api_key: klaviyo.apiKey });
    const form = await formCtaMock(tdb.db, website.id, [
      { actionType: "subscribe_list", integrationId: k.id, data: { list_id: "Y6nRLr" } },
    ]);
    const r = await post(`/api/websites/${website.id}/contacts/create`, {
      contact: contactMock({ element_id: form.elementId }),
    });
    expect(r.json).toEqual({ skipped: true, reason: "Contact PII processing disabled" });
    expect(await tdb.db.syncJob.count({ where: { websiteId: website.id } })).toBe(0);
  });
});
