/**
 * Privacy as Shopify requires, over HTTP with Shopify switched on (real
 * signatures):
 * - POST /proxy/api/customer answers only the signed logged_in_customer_id's
 *   prefill fields, from this shop's website only; a tampered signature is
 *   refused; malformed and hostile input gets field-named errors;
 * - customers/data_request stores a downloadable report holding that
 *   customer's data and nothing of anyone else's;
 * - customers/redact with only a customer id (no e-mail) deletes the person
 *   and queues their removal in the e-mail tool they were sent to;
 * - wrongly signed webhooks change nothing;
 * - the store's Settings list the data requests, and only the store's
 *   owner downloads them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { stopServerAndDrop } from "#test/support/served-database";
import {
  customerProxyParams,
  openShopsDatabase,
  postWebhook,
  signedProxyQuery,
  startShopifyAppServer,
} from "./shopify-harness";
import { dataRequestDownload } from "#app/models/privacy.server";
import { cookiePair, signInByForm } from "#test/support/http";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let store: number;
let other: number;

const SHOP = "beckon-demo.myshopify.com";
const OTHER_SHOP = "privacy-other.myshopify.com";
const API_SECRET = "privacy-test-secret";

/** A proxy query signed with the app's secret, unless the test forges it with another. */
const proxyQuery = (params: Record<string, string>, secret = API_SECRET) => signedProxyQuery(params, secret);

const askCustomer = (query: URLSearchParams, body: string = "{}", method = "POST") =>
  fetch(`${origin}/proxy/api/customer?${query}`, {
    method,
    headers: { "Content-Type": "text/plain" },
    body: method === "GET" ? undefined : body,
  });

/** A webhook of SHOP signed with the app's secret, unless the test says otherwise. */
const webhook = (path: string, topic: string, payload: object, o: { secret?: string; webhookId?: string } = {}) =>
  postWebhook(`${origin}${path}`, topic, payload, {
    shop: SHOP,
    secret: o.secret ?? API_SECRET,
    webhookId: o.webhookId,
  });

let n = 0;
async function person(
  websiteId: number,
  data: { email?: string; name?: string; phone?: string; shopifyCustomerId?: string },
) {
  const p = await t.db.person.create({
    data: {
      websiteId,
      visitorToken: `pv-${++n}-${randomBytes(8).toString("hex")}`,
      personType: data.email ? "Contact" : "Visitor",
      extra: {},
      data: {},
      ...data,
    },
  });
  if (data.email) {
    await t.db.contactSubmission.create({
      data: {
        websiteId,
        clientId: `ps-${n}`,
        personId: p.id,
        email: data.email,
        payload: { email: data.email, name: data.name ?? null },
      },
    });
    await t.db.trackedEvent.create({
      data: {
        websiteId,
        clientId: `pe-${n}`,
        eventType: "Submission",
        personId: p.id,
        visitorToken: p.visitorToken,
        data: {},
      },
    });
  }
  return p;
}

let anna: Awaited<ReturnType<typeof person>>;
let bo: Awaited<ReturnType<typeof person>>;
let otherShopsAnna: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  ({ tdb: t, store, other } = await openShopsDatabase(SHOP, OTHER_SHOP));
  anna = await person(store, {
    email: "anna.kund@exempel.se",
    name: "Anna",
    phone: "+46701112233",
    shopifyCustomerId: "7001",
  });
  bo = await person(store, { email: "bo.kund@exempel.se", name: "Bo", shopifyCustomerId: "7002" });
  // The same customer id number in another shop is another person.
  otherShopsAnna = await person(other, { email: "someone@other-shop.se", name: "Sigrid", shopifyCustomerId: "7001" });
  server = await startShopifyAppServer(
    t.url,
    { apiKey: "privacy-test-key", apiSecret: API_SECRET },
    { BECKON_OUTBOX_WORKER: "0" },
  );
  origin = server.origin;
});

afterAll(() => stopServerAndDrop(server, t));

describe("POST /proxy/api/customer (app proxy, signed logged_in_customer_id)", () => {
  it("answers the signed customer's prefill fields only, never cached", async () => {
    const res = await askCustomer(proxyQuery(customerProxyParams(SHOP, "7001")));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      customer: { email: "anna.kund@exempel.se", name: "Anna", last_name: null, phone: "+46701112233" },
    });
    expect(text).not.toContain("bo.kund");
    expect(text).not.toContain("other-shop");
  });

  it("never answers another shop's customer with the same id", async () => {
    const res = await askCustomer(proxyQuery(customerProxyParams(OTHER_SHOP, "7001")));
    const text = await res.text();
    expect(JSON.parse(text).customer.email).toBe("someone@other-shop.se");
    expect(text).not.toContain("anna.kund");
  });

  it("answers null for a guest and for a customer Beckon knows nothing about", async () => {
    expect(await (await askCustomer(proxyQuery(customerProxyParams(SHOP, "")))).json()).toEqual({ customer: null });
    expect(await (await askCustomer(proxyQuery(customerProxyParams(SHOP, "7999")))).json()).toEqual({ customer: null });
  });

  it("refuses a tampered customer id, a wrong secret and an unsigned request, answering no data", async () => {
    const tampered = proxyQuery(customerProxyParams(SHOP, "7001"));
    tampered.set("logged_in_customer_id", "7002");
    const forged = proxyQuery(customerProxyParams(SHOP, "7002"), "not-the-secret");
    const unsigned = new URLSearchParams(customerProxyParams(SHOP, "7002"));
    for (const q of [tampered, forged, unsigned]) {
      const res = await askCustomer(q);
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain("bo.kund");
    }
  });

  it("links this browser's visitor to the signed customer, only within the shop, and never moves a visitor between customers", async () => {
    const visitor = await person(store, {});
    const res = await askCustomer(
      proxyQuery(customerProxyParams(SHOP, "7002")),
      JSON.stringify({ visitor_token: visitor.visitorToken }),
    );
    expect((await res.json()).customer.email).toBe("bo.kund@exempel.se");
    expect((await t.db.person.findUniqueOrThrow({ where: { id: visitor.id } })).shopifyCustomerId).toBe("7002");

    // The same browser, now signed in as Anna: it stays Bo's and learns nothing.
    const switched = await askCustomer(
      proxyQuery(customerProxyParams(SHOP, "7001")),
      JSON.stringify({ visitor_token: visitor.visitorToken }),
    );
    expect(await switched.json()).toEqual({ customer: null });
    expect((await t.db.person.findUniqueOrThrow({ where: { id: visitor.id } })).shopifyCustomerId).toBe("7002");

    // A token of another shop's visitor is unknown here and is not touched.
    const foreign = await person(other, {});
    await askCustomer(
      proxyQuery(customerProxyParams(SHOP, "7001")),
      JSON.stringify({ visitor_token: foreign.visitorToken }),
    );
    expect((await t.db.person.findUniqueOrThrow({ where: { id: foreign.id } })).shopifyCustomerId).toBeNull();
  });

  it("answers malformed and hostile input with field-named errors", async () => {
    const q = () => proxyQuery(customerProxyParams(SHOP, "7001"));
    const cases: [URLSearchParams, string, number, string | null][] = [
      [proxyQuery(customerProxyParams(SHOP, "7001 OR 1=1")), "{}", 422, "logged_in_customer_id"],
      [proxyQuery(customerProxyParams(SHOP, "1".repeat(25))), "{}", 422, "logged_in_customer_id"],
      [q(), JSON.stringify({ visitor_token: "<script>" }), 422, "visitor_token"],
      [q(), JSON.stringify({ visitor_token: "a".repeat(20), email: "x@y.se" }), 422, null],
      [q(), "not json", 400, null],
      [q(), "[]", 422, null],
      [q(), JSON.stringify({ visitor_token: "a".repeat(5000) }), 413, null],
    ];
    for (const [query, body, status, field] of cases) {
      const res = await askCustomer(query, body);
      expect(res.status, body.slice(0, 40)).toBe(status);
      const answer = await res.json();
      expect(answer.error.message).toEqual(expect.any(String));
      if (field) expect(answer.error.field).toBe(field);
      expect(JSON.stringify(answer)).not.toContain("anna.kund");
    }
    expect((await askCustomer(q(), "", "GET")).status).toBe(405);
    const unknownShop = await askCustomer(proxyQuery(customerProxyParams("never-installed.myshopify.com", "7001")));
    expect(unknownShop.status).toBe(404);
    expect((await unknownShop.json()).error.field).toBe("shop");
  });
});

describe("customers/data_request", () => {
  it("stores a downloadable report with that customer's data and nothing of others'; a replay keeps one request", async () => {
    const id = randomUUID();
    const payload = {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 7001, email: "anna.kund@exempel.se", phone: "+46701112233" },
      orders_requested: [],
      data_request: { id: 9001 },
    };
    for (let i = 0; i < 2; i++)
      expect(
        (await webhook("/webhooks/customers/data_request", "customers/data_request", payload, { webhookId: id }))
          .status,
      ).toBe(200);
    const rows = await t.db.customerDataRequest.findMany({ where: { webhookId: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      websiteId: store,
      shopifyCustomerId: "7001",
      email: "anna.kund@exempel.se",
      requestId: "9001",
      people: 1,
    });

    const file = await dataRequestDownload(t.db, store, rows[0].id);
    expect(file!.filename).toMatch(/^customer-data-request-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const report = JSON.parse(file!.json);
    expect(report.people).toHaveLength(1);
    expect(report.people[0].person).toMatchObject({
      id: anna.id,
      email: "anna.kund@exempel.se",
      shopifyCustomerId: "7001",
    });
    expect(report.people[0].submissions).toHaveLength(1);
    expect(report.people[0].events_summary).toEqual({ Submission: 1 });
    expect(file!.json).not.toContain("bo.kund");
    expect(file!.json).not.toContain("other-shop");
    // Another website cannot download it.
    expect(await dataRequestDownload(t.db, other, rows[0].id)).toBeNull();
    // Nothing was deleted, and the log has counts, not the customer's data.
    expect(await t.db.person.count({ where: { id: anna.id } })).toBe(1);
    await expect.poll(() => server.output()).toContain(`customers/data_request ${id} for ${SHOP}: 1 people found`);
    expect(server.output()).not.toContain("anna.kund@exempel.se");
  });

  it("finds the customer by Shopify id alone", async () => {
    const id = randomUUID();
    expect(
      (
        await webhook(
          "/webhooks/customers/data_request",
          "customers/data_request",
          { shop_domain: SHOP, customer: { id: 7002 } },
          { webhookId: id },
        )
      ).status,
    ).toBe(200);
    const row = await t.db.customerDataRequest.findFirstOrThrow({ where: { webhookId: id } });
    // Bo, and any visitor the app proxy linked to Bo's id (the test above links one).
    expect(row.people).toBe(await t.db.person.count({ where: { websiteId: store, shopifyCustomerId: "7002" } }));
    expect(row.people).toBeGreaterThanOrEqual(1);
    expect(row.report).toContain("bo.kund@exempel.se");
    expect(row.report).not.toContain("anna.kund");
  });
});

describe("customers/redact", () => {
  it("deletes the person found by Shopify customer id (no e-mail in the payload) and queues removal in their e-mail tool", async () => {
    const integration = await t.db.integration.create({
      data: {
        websiteId: store,
        integrationType: "klaviyo",
        name: "Klaviyo",
        actionTypes: {},
        syncSettings: {},
        credentials: { api_key: "pk_x" },
      },
    });
    await t.db.syncJob.create({
      data: {
        websiteId: store,
        integrationId: integration.id,
        personId: bo.id,
        operation: "upsert_profile",
        payload: {},
        idempotencyKey: `bo-${n}`,
        status: "done",
      },
    });
    const res = await webhook("/webhooks/customers/redact", "customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: 7002 },
      orders_to_redact: [],
    });
    expect(res.status).toBe(200);
    expect(await t.db.person.count({ where: { id: bo.id } })).toBe(0);
    expect(await t.db.contactSubmission.count({ where: { personId: bo.id } })).toBe(0);
    const jobs = await t.db.syncJob.findMany({ where: { integrationId: integration.id, operation: "forget" } });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ personId: null, status: "pending" });
    expect(jobs[0].payload).toMatchObject({ contact: { email: "bo.kund@exempel.se" } });
    // Others are untouched.
    expect(await t.db.person.count({ where: { id: { in: [anna.id, otherShopsAnna.id] } } })).toBe(2);
  });
});

describe("webhook signatures", () => {
  it("refuse wrongly signed data requests and redactions, storing and deleting nothing", async () => {
    const before = await t.db.customerDataRequest.count();
    const forgedRequest = await webhook(
      "/webhooks/customers/data_request",
      "customers/data_request",
      { shop_domain: SHOP, customer: { id: 7001 } },
      { secret: "forged" },
    );
    expect(forgedRequest.status).toBe(401);
    expect(await t.db.customerDataRequest.count()).toBe(before);
    const forgedRedact = await webhook(
      "/webhooks/customers/redact",
      "customers/redact",
      { shop_domain: SHOP, customer: { id: 7001 } },
      { secret: "forged" },
    );
    expect(forgedRedact.status).toBe(401);
    expect(await t.db.person.count({ where: { id: anna.id } })).toBe(1);
  });
});

describe("the admin's data requests", () => {
  const get = (path: string, cookie?: string) =>
    fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  async function signIn(email: string): Promise<string> {
    const res = await signInByForm(origin, email, "beckon-demo-2026");
    expect(res.status).toBe(302);
    return cookiePair(res, "beckon_owner");
  }

  it("Settings of the store list each request with a download, and what is lost without consent", async () => {
    const id = randomUUID();
    await webhook(
      "/webhooks/customers/data_request",
      "customers/data_request",
      { shop_domain: SHOP, customer: { id: 7001, email: "anna.kund@exempel.se" } },
      { webhookId: id },
    );
    const request = await t.db.customerDataRequest.findFirstOrThrow({ where: { webhookId: id } });
    const owner = await signIn("owner@beckon-demo.test");
    const page = (await (await get(`/owner/websites/${store}/settings`, owner)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("Customer data requests");
    expect(page).toContain("anna.kund@exempel.se");
    expect(page).toContain(`/owner/websites/${store}/data-requests/${request.id}`);
    expect(page).toContain("Visitor consent");

    const file = await get(`/owner/websites/${store}/data-requests/${request.id}`, owner);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="customer-data-request-\d+-[\d-]+\.json"$/,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const body = await file.text();
    expect(JSON.parse(body).people[0].person.email).toBe("anna.kund@exempel.se");
    expect(body).not.toContain("bo.kund");

    // Malformed and out-of-range ids are 404, never a 500.
    for (const bad of ["abc", "0", "99999999999", String(request.id + 100_000)])
      expect((await get(`/owner/websites/${store}/data-requests/${bad}`, owner)).status).toBe(404);
    // Nobody else gets it: another website's owner, or no one signed in.
    const svOwner = await signIn("agare@saljakademin.se");
    expect([403, 404]).toContain((await get(`/owner/websites/${store}/data-requests/${request.id}`, svOwner)).status);
    expect((await get(`/owner/websites/${store}/data-requests/${request.id}`)).status).toBe(302);
  });
});
