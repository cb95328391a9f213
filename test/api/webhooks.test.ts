/**
 * Shopify plumbing over HTTP with Shopify switched on (a test API key and
 * secret), so signatures are checked for real: webhooks (app/uninstalled and
 * the mandatory privacy webhooks) with correctly and wrongly signed bodies,
 * replays of the same webhook, and app proxy requests with good, missing and
 * wrong signatures.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { stopServerAndDrop } from "#test/support/served-database";
import {
  createOfflineSession,
  customerProxyParams,
  openShopsDatabase,
  postWebhook,
  signedProxyQuery,
  startShopifyAppServer,
} from "./shopify-harness";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let store: number;
let sv: number;
let other: number;
let otherProfile: number;

const SHOP = "beckon-demo.myshopify.com";
const OTHER_SHOP = "other-shop.myshopify.com";
const API_KEY = "webhook-test-key";
const API_SECRET = "webhook-test-secret";

interface WebhookOptions {
  secret?: string;
  webhookId?: string;
  shop?: string;
  /** Leave the signature header out. */
  unsigned?: boolean;
  /** Sign a different body than the one sent. */
  tamper?: boolean;
}

/** POSTs a webhook the way Shopify does (of SHOP, signed with the app's secret, unless the options say otherwise). */
function webhook(path: string, topic: string, payload: object, o: WebhookOptions = {}): Promise<Response> {
  return postWebhook(`${origin}${path}`, topic, payload, {
    shop: o.shop ?? SHOP,
    secret: o.secret ?? API_SECRET,
    webhookId: o.webhookId,
    signedBody: o.tamper ? JSON.stringify({ ...payload, tampered: true }) : undefined,
    unsigned: o.unsigned,
    headers: { "X-Shopify-Triggered-At": new Date().toISOString() },
  });
}

/** A proxy query signed with the app's secret, unless the test forges it with another. */
const proxyQuery = (params: Record<string, string>, secret = API_SECRET) => signedProxyQuery(params, secret);

let tokens = 0;

async function person(websiteId: number, data: { email?: string; phone?: string }) {
  const p = await t.db.person.create({
    data: {
      websiteId,
      visitorToken: `wh-${++tokens}-${randomBytes(4).toString("hex")}`,
      personType: "Contact",
      contactSince: new Date(),
      extra: {},
      data: {},
      ...data,
    },
  });
  await t.db.trackedEvent.create({
    data: {
      websiteId,
      clientId: `ev-${tokens}`,
      eventType: "View",
      personId: p.id,
      visitorToken: p.visitorToken,
      data: {},
    },
  });
  await t.db.contactSubmission.create({
    data: { websiteId, clientId: `sub-${tokens}`, personId: p.id, email: data.email ?? null, payload: { ...data } },
  });
  await t.db.order.create({ data: { websiteId, personId: p.id, orderId: `order-${tokens}`, revenue: 100 } });
  return p.id;
}

let customer: number;
let samePhone: number;
let bystander: number;
let svNamesake: number;

beforeAll(async () => {
  ({ tdb: t, store, other, otherProfile } = await openShopsDatabase(SHOP, OTHER_SHOP));
  sv = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;

  customer = await person(store, { email: "kund@example.com", phone: "+46 70-123 45 67" });
  samePhone = await person(store, { phone: "070 123 45 67" });
  bystander = await person(store, { email: "someone-else@example.com", phone: "+46 70 999 88 77" });
  // The same e-mail on a website that is not this shop's: never touched.
  svNamesake = await person(sv, { email: "kund@example.com" });
  const list = await t.db.mailingList.findFirstOrThrow({ where: { websiteId: store } });
  await t.db.mailingListMembership.create({ data: { listId: list.id, personId: customer } });
  await t.db.syncJob.create({
    data: {
      websiteId: store,
      integrationId: list.integrationId,
      personId: customer,
      operation: "subscribe",
      payload: {},
      idempotencyKey: "k1",
    },
  });
  await person(other, { email: "lead-of-other-shop@example.com" });
  for (const shop of [SHOP, OTHER_SHOP])
    await createOfflineSession(t.db, shop, { state: "s", scope: "read_products", accessToken: `token-${shop}` });

  server = await startShopifyAppServer(t.url, { apiKey: API_KEY, apiSecret: API_SECRET });
  origin = server.origin;
});

afterAll(() => stopServerAndDrop(server, t));

const CUSTOMER_PAYLOAD = {
  shop_id: 954889,
  shop_domain: SHOP,
  customer: { id: 191167, email: "KUND@example.com", phone: "+46701234567" },
  orders_to_redact: [299938, 280263],
};

describe("webhook signatures", () => {
  const routes: [string, string][] = [
    ["/webhooks/app/uninstalled", "app/uninstalled"],
    ["/webhooks/app/scopes_update", "app/scopes_update"],
    ["/webhooks/customers/data_request", "customers/data_request"],
    ["/webhooks/customers/redact", "customers/redact"],
    ["/webhooks/shop/redact", "shop/redact"],
  ];

  it("refuse a body signed with another secret, a tampered body and an unsigned one, changing nothing", async () => {
    for (const [path, topic] of routes) {
      const wrong = await webhook(path, topic, CUSTOMER_PAYLOAD, { secret: "not-the-secret" });
      expect(wrong.status, path).toBe(401);
      const tampered = await webhook(path, topic, CUSTOMER_PAYLOAD, { tamper: true });
      expect(tampered.status, path).toBe(401);
      const unsigned = await webhook(path, topic, CUSTOMER_PAYLOAD, { unsigned: true });
      expect([400, 401], path).toContain(unsigned.status);
    }
    expect(await t.db.person.count({ where: { id: { in: [customer, samePhone, bystander, svNamesake] } } })).toBe(4);
    expect(await t.db.website.count({ where: { id: { in: [store, other] } } })).toBe(2);
    expect(await t.db.session.count()).toBe(2);
  });

  it("only accept POST", async () => {
    for (const [path] of routes) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });

  it("refuse a correctly signed webhook of another topic", async () => {
    const res = await webhook("/webhooks/customers/redact", "shop/redact", { shop_domain: SHOP });
    expect(res.status).toBe(400);
    expect(await t.db.website.count({ where: { id: store } })).toBe(1);
    expect(await t.db.person.count({ where: { id: customer } })).toBe(1);
  });
});

describe("customers/data_request", () => {
  it("answers 200, stores the report for the merchant (counts in the log) and deletes nothing", async () => {
    const id = randomUUID();
    const res = await webhook(
      "/webhooks/customers/data_request",
      "customers/data_request",
      { ...CUSTOMER_PAYLOAD, orders_requested: [1] },
      { webhookId: id },
    );
    expect(res.status).toBe(200);
    await expect
      .poll(() => server.output())
      .toContain(`customers/data_request ${id} for ${SHOP}: 2 people found, stored as request`);
    expect(await t.db.customerDataRequest.count({ where: { websiteId: store, webhookId: id, people: 2 } })).toBe(1);
    // The log holds counts, never the customer's data.
    expect(server.output()).not.toContain("kund@example.com");
    expect(await t.db.person.count({ where: { id: { in: [customer, samePhone] } } })).toBe(2);
  });
});

describe("customers/redact", () => {
  it("deletes the customer's people (by e-mail or phone) with all their data, only in this shop, and a replay changes nothing", async () => {
    const id = randomUUID();
    const eventsBefore = await t.db.trackedEvent.count();
    const res = await webhook("/webhooks/customers/redact", "customers/redact", CUSTOMER_PAYLOAD, { webhookId: id });
    expect(res.status).toBe(200);
    for (const gone of [customer, samePhone]) {
      expect(await t.db.person.count({ where: { id: gone } })).toBe(0);
      expect(await t.db.trackedEvent.count({ where: { personId: gone } })).toBe(0);
      expect(await t.db.contactSubmission.count({ where: { personId: gone } })).toBe(0);
      expect(await t.db.order.count({ where: { personId: gone } })).toBe(0);
      expect(await t.db.mailingListMembership.count({ where: { personId: gone } })).toBe(0);
      expect(await t.db.syncJob.count({ where: { personId: gone } })).toBe(0);
    }
    expect(await t.db.trackedEvent.count()).toBe(eventsBefore - 2);
    expect(await t.db.person.count({ where: { id: { in: [bystander, svNamesake] } } })).toBe(2);

    const replay = await webhook("/webhooks/customers/redact", "customers/redact", CUSTOMER_PAYLOAD, { webhookId: id });
    expect(replay.status).toBe(200);
    expect(await t.db.trackedEvent.count()).toBe(eventsBefore - 2);
    expect(await t.db.person.count({ where: { id: { in: [bystander, svNamesake] } } })).toBe(2);
  });

  it("answers 200 for a shop without a website (nothing to delete)", async () => {
    const res = await webhook(
      "/webhooks/customers/redact",
      "customers/redact",
      { shop_domain: "never-installed.myshopify.com", customer: { email: "x@example.com" } },
      { shop: "never-installed.myshopify.com" },
    );
    expect(res.status).toBe(200);
  });
});

describe("app/scopes_update", () => {
  const SCOPES_PAYLOAD = {
    id: 1,
    previous: ["read_products"],
    current: ["read_products", "read_themes", "write_app_proxy"],
    updated_at: "2026-11-25T12:00:00.000Z",
  };

  it("stores the granted scopes on the shop's offline session only; a replay is harmless", async () => {
    await t.db.session.create({
      data: {
        id: `online_${SHOP}_1`,
        shop: SHOP,
        state: "s",
        isOnline: true,
        scope: "read_products",
        accessToken: "online-token",
        userId: 1n,
      },
    });
    const id = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await webhook("/webhooks/app/scopes_update", "app/scopes_update", SCOPES_PAYLOAD, { webhookId: id });
      expect(res.status).toBe(200);
      expect((await t.db.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } })).scope).toBe(
        "read_products,read_themes,write_app_proxy",
      );
      expect((await t.db.session.findUniqueOrThrow({ where: { id: `online_${SHOP}_1` } })).scope).toBe("read_products");
      expect((await t.db.session.findUniqueOrThrow({ where: { id: `offline_${OTHER_SHOP}` } })).scope).toBe(
        "read_products",
      );
    }
    await t.db.session.delete({ where: { id: `online_${SHOP}_1` } });
  });

  it("changes nothing for a forged signature or a payload without a scope list", async () => {
    const before = (await t.db.session.findUniqueOrThrow({ where: { id: `offline_${OTHER_SHOP}` } })).scope;
    const forged = await webhook(
      "/webhooks/app/scopes_update",
      "app/scopes_update",
      { ...SCOPES_PAYLOAD, current: ["write_orders"] },
      { shop: OTHER_SHOP, secret: "forged-secret" },
    );
    expect(forged.status).toBe(401);
    const malformed = await webhook(
      "/webhooks/app/scopes_update",
      "app/scopes_update",
      { id: 1, current: "write_orders" },
      { shop: OTHER_SHOP },
    );
    expect(malformed.status).toBe(400);
    expect((await t.db.session.findUniqueOrThrow({ where: { id: `offline_${OTHER_SHOP}` } })).scope).toBe(before);
  });
});

describe("app/uninstalled", () => {
  it("deletes the shop's sessions and keeps its website; a replay is harmless", async () => {
    const id = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await webhook(
        "/webhooks/app/uninstalled",
        "app/uninstalled",
        { id: 1, domain: SHOP, myshopify_domain: SHOP },
        { webhookId: id },
      );
      expect(res.status).toBe(200);
      expect(await t.db.session.count({ where: { shop: SHOP } })).toBe(0);
      expect(await t.db.website.count({ where: { id: store } })).toBe(1);
      expect(await t.db.session.count({ where: { shop: OTHER_SHOP } })).toBe(1);
    }
  });
});

describe("shop/redact", () => {
  it("deletes the shop's website with all its data, its sessions and its profile; a replay is harmless", async () => {
    const id = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await webhook(
        "/webhooks/shop/redact",
        "shop/redact",
        { shop_id: 1, shop_domain: OTHER_SHOP },
        { shop: OTHER_SHOP, webhookId: id },
      );
      expect(res.status).toBe(200);
      expect(await t.db.website.count({ where: { id: other } })).toBe(0);
      expect(await t.db.person.count({ where: { websiteId: other } })).toBe(0);
      expect(await t.db.trackedEvent.count({ where: { websiteId: other } })).toBe(0);
      expect(await t.db.session.count({ where: { shop: OTHER_SHOP } })).toBe(0);
      expect(await t.db.ownerProfile.count({ where: { id: otherProfile } })).toBe(0);
    }
    // Other websites and the standalone owners are untouched.
    expect(await t.db.website.count({ where: { id: { in: [store, sv] } } })).toBe(2);
    expect(await t.db.ownerAccount.count()).toBe(2);
  });
});

describe("install (OAuth through shopify-app-remix)", () => {
  it("sends a shop that installs to Shopify's managed install page for this app, and refuses a bad shop domain", async () => {
    const res = await fetch(`${origin}/auth/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ shop: "beckon-demo" }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `https://admin.shopify.com/store/beckon-demo/oauth/install?client_id=${API_KEY}`,
    );
    const bad = await fetch(`${origin}/auth/login?shop=${encodeURIComponent("evil.example.com/x")}`, {
      redirect: "manual",
    });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain("Please enter a valid shop domain");
    // A Swedish merchant's browser gets the form in Swedish.
    const swedish = await fetch(`${origin}/auth/login?shop=${encodeURIComponent("evil.example.com/x")}`, {
      redirect: "manual",
      headers: { "Accept-Language": "sv-SE,sv;q=0.9" },
    });
    const page = await swedish.text();
    for (const s of [
      "<title>Installera Beckon i Shopify</title>",
      "Ange en giltig butiksdomän för att logga in",
      "Butikens domän",
    ])
      expect(page).toContain(s);
    expect(page).not.toContain("Please enter");
  });
});

describe("app proxy", () => {
  const base = () => customerProxyParams(SHOP, "");

  it("answers a correctly signed request with the shop's widget script", async () => {
    const res = await fetch(`${origin}/proxy/api/websites/shop.js?${proxyQuery(base())}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
  });

  it("refuses unsigned, wrongly signed, tampered and stale requests", async () => {
    const unsigned = new URLSearchParams(base());
    expect((await fetch(`${origin}/proxy/api/websites/shop.js?${unsigned}`)).status).toBe(400);
    const wrong = proxyQuery(base(), "not-the-secret");
    expect((await fetch(`${origin}/proxy/api/websites/shop.js?${wrong}`)).status).toBe(400);
    const tampered = proxyQuery(base());
    tampered.set("shop", "other-shop.myshopify.com");
    expect((await fetch(`${origin}/proxy/api/websites/shop.js?${tampered}`)).status).toBe(400);
    const stale = proxyQuery({ ...base(), timestamp: String(Math.floor(Date.now() / 1000) - 3600) });
    expect((await fetch(`${origin}/proxy/api/websites/shop.js?${stale}`)).status).toBe(400);
  });
});
