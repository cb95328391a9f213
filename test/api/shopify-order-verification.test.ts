/**
 * Revenue that cannot be forged, over HTTP with Shopify switched on: what
 * the pixel reports (POST /api/websites/{id}/orders) is only a claim; an
 * order is revenue when Shopify's orders/create webhook (signed with the
 * app's secret) confirms it, with Shopify's amount, credited to the CTA and
 * variant of the visitor whose claim names the order's checkout token, even
 * when a forged claim or a forged trackPurchase of the same id came first.
 * Forged reports never count as revenue; a replayed webhook changes nothing;
 * malformed, oversized and hostile webhook bodies are refused and lose
 * nothing. Results show unverified claims apart, and say on a website
 * without Shopify that its purchases cannot be verified.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { stopServerAndDrop } from "#test/support/served-database";
import { postPublic } from "#test/support/http";
import { addWebsiteOwner, ownerCookie, seededSvOwnerCookie } from "#test/support/owner-session";
import { clientId, formCtaMock } from "#test/support/row-factories";
import { openShopsDatabase, postWebhook, startShopifyAppServer, type WebhookDelivery } from "./shopify-harness";
import { convertOn, newVisitor, ownerResults, variantFiguresOf } from "./shop-buyers";

const SHOP = "beckon-demo.myshopify.com";
const app = { apiKey: "verify-test-key", apiSecret: "verify-test-secret" };
const OWNER = { email: "verify-owner@beckon.test", password: "the verifying owner's password", name: "Verifier" };
const SV = 1;

let t: TestDatabase;
let server: TestServer;
let store: number;
let currency: string;
let session: string;
let newsletter: { ctaId: number; variantA: number; variantB: number };
let orderSeq = 7_000_000_000_000;

beforeAll(async () => {
  const opened = await openShopsDatabase(SHOP, "verify-other.myshopify.com");
  t = opened.tdb;
  store = opened.store;
  currency = (await t.db.website.findUniqueOrThrow({ where: { id: store } })).currency;
  const cta = await formCtaMock(t.db, store, []);
  const variantB = await t.db.ctaVariant.create({
    data: { ctaId: cta.ctaId, variation: "B", options: {}, position: 1 },
  });
  newsletter = { ctaId: cta.ctaId, variantA: cta.variantId, variantB: variantB.id };
  await addWebsiteOwner(t.db, store, OWNER);
  server = await startShopifyAppServer(t.url, app);
  session = await ownerCookie(server.origin, OWNER.email, OWNER.password);
});

afterAll(() => stopServerAndDrop(server, t));

const results = () => ownerResults(server.origin, store, session);
const visitor = () => newVisitor(server.origin, store);
const variantA = () => ({ ctaId: newsletter.ctaId, variantId: newsletter.variantA });
const variantB = () => ({ ctaId: newsletter.ctaId, variantId: newsletter.variantB });

/** A new order as Shopify numbers it, with its checkout token. */
function newOrder(amount: string) {
  const id = ++orderSeq;
  return { id, checkoutToken: randomBytes(16).toString("hex"), amount };
}

/** Shopify's order resource as orders/create sends it (the fields Beckon reads, and some it ignores). */
const orderPayload = (order: { id: number; checkoutToken: string; amount: string }, more: object = {}) => ({
  id: order.id,
  admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
  checkout_token: order.checkoutToken,
  created_at: new Date().toISOString(),
  currency,
  total_price: order.amount,
  total_price_set: {
    shop_money: { amount: order.amount, currency_code: currency },
    presentment_money: { amount: order.amount, currency_code: currency },
  },
  test: false,
  financial_status: "paid",
  line_items: [{ id: 1, title: "Kaffe", quantity: 1, price: order.amount }],
  note_attributes: [],
  ...more,
});

const confirm = (payload: unknown, delivery: Partial<WebhookDelivery> = {}) =>
  postWebhook(`${server.origin}/webhooks/orders/create`, "orders/create", payload, {
    shop: SHOP,
    secret: app.apiSecret,
    ...delivery,
  });

/** The pixel's report of an order for a visitor (the orders endpoint). */
const claim = (visitorToken: string, orderId: string, amount: number, checkoutToken?: string) =>
  postPublic(server.origin, `/api/websites/${store}/orders`, {
    order_id: orderId,
    visitor_token: visitorToken,
    amount,
    currency,
    ...(checkoutToken ? { checkout_token: checkoutToken } : {}),
  });

const gid = (id: number) => `gid://shopify/OrderIdentity/${id}`;

describe("verified Shopify revenue", () => {
  it("credits a confirmed order to its buyer's CTA variant with Shopify's amount, though a forged report of its id came first", async () => {
    const order = newOrder("349.50");
    const forger = await visitor();
    await convertOn(server.origin, store, forger, variantA());
    const buyer = await visitor();
    await convertOn(server.origin, store, buyer, variantB());
    const before = await results();

    // The forger knows the id (not the checkout token) and reports it first, bigger, twice: by pixel and trackPurchase.
    expect((await claim(forger, gid(order.id), 9_999)).json).toEqual({ stored: true });
    const forgedEvent = await postPublic(server.origin, `/api/websites/${store}/events/create`, {
      event: {
        id: clientId(),
        event_type: "Order",
        visitor_token: forger,
        revenue: 9_999,
        data: { order_id: String(order.id) },
      },
    });
    expect(forgedEvent.status).toBe(200);
    // The buyer's pixel, with the checkout token; its amount is the browser's, not what is credited.
    expect((await claim(buyer, gid(order.id), 349, order.checkoutToken)).json).toEqual({ stored: true });
    expect((await results()).totals.revenue).toBe(before.totals.revenue);

    expect((await confirm(orderPayload(order))).status).toBe(200);
    const after = await results();
    expect(variantFiguresOf(after, variantB())).toEqual({ revenue: 349.5, orders: 1 });
    expect(variantFiguresOf(after, variantA())).toEqual(variantFiguresOf(before, variantA()));
    expect(after.totals.revenue).toBe(before.totals.revenue + 349.5);
    expect(after.totals.orders).toBe(before.totals.orders + 1);
  });

  it("credits the buyer whose report comes after the webhook; a forged report after it changes nothing", async () => {
    const order = newOrder("120.00");
    const buyer = await visitor();
    await convertOn(server.origin, store, buyer, variantA());
    const before = variantFiguresOf(await results(), variantA());
    expect((await confirm(orderPayload(order))).status).toBe(200);
    // Confirmed but no buyer yet: verified revenue credited to no CTA.
    expect(variantFiguresOf(await results(), variantA())).toEqual(before);
    const unattributed = (await results()).unattributedRevenue;

    expect((await claim(buyer, String(order.id), 120, order.checkoutToken)).status).toBe(200);
    const forger = await visitor();
    await convertOn(server.origin, store, forger, variantB());
    const forgedB = variantFiguresOf(await results(), variantB());
    expect((await claim(forger, String(order.id), 120, "guessed-token")).status).toBe(200);

    const after = await results();
    expect(variantFiguresOf(after, variantA())).toEqual({ revenue: before.revenue + 120, orders: before.orders + 1 });
    expect(variantFiguresOf(after, variantB())).toEqual(forgedB);
    expect(after.unattributedRevenue).toBe(unattributed - 120);
  });

  it("120 forged reports put nothing on revenue: they are shown apart as unverified", async () => {
    const before = await results();
    const forger = await visitor();
    await convertOn(server.origin, store, forger, variantA());
    for (let i = 0; i < 120; i++) {
      const res = await claim(forger, String(8_000_000_000_000 + i), 50.22, randomBytes(8).toString("hex"));
      expect(res.status).toBe(200);
    }
    const after = await results();
    expect(after.totals.revenue).toBe(before.totals.revenue);
    expect(after.totals.orders).toBe(before.totals.orders);
    expect(after.unattributedRevenue).toBe(before.unattributedRevenue);
    expect(after.unverifiedOrders).toBe(before.unverifiedOrders + 120);
    expect(after.unverifiedRevenue).toBeCloseTo(before.unverifiedRevenue + 120 * 50.22, 2);
    expect(after.purchaseSource).toBe("shopify");
  });

  it("a replayed webhook (Shopify's retries) changes nothing", async () => {
    const order = newOrder("75.25");
    const buyer = await visitor();
    await convertOn(server.origin, store, buyer, variantB());
    await claim(buyer, String(order.id), 75.25, order.checkoutToken);
    const payload = orderPayload(order);
    expect((await confirm(payload)).status).toBe(200);
    const once = await results();
    for (const webhookId of [undefined, "same-delivery", "same-delivery"]) {
      // A changed amount in a replay does not move the stored order either.
      expect(
        (await confirm({ ...payload, total_price_set: undefined, total_price: "1.00" }, { webhookId })).status,
      ).toBe(200);
    }
    expect(await results()).toEqual(once);
    expect(await t.db.order.count({ where: { websiteId: store, orderId: String(order.id) } })).toBe(1);
  });

  it("does not count Shopify's test orders", async () => {
    const before = (await results()).totals.revenue;
    expect((await confirm(orderPayload(newOrder("10.00"), { test: true }))).status).toBe(200);
    expect((await results()).totals.revenue).toBe(before);
  });
});

describe("POST /webhooks/orders/create refuses what Shopify never sends, and loses nothing", () => {
  it.each([
    ["id", { id: -5 }],
    ["id", { id: "1; DROP TABLE Order" }],
    ["id", { id: 1.5 }],
    ["id", { id: null }],
    ["checkout_token", { checkout_token: "<script>" }],
    ["checkout_token", { checkout_token: 42 }],
    ["total_price", { total_price_set: undefined, total_price: "-1.00" }],
    ["total_price", { total_price_set: undefined, total_price: "1e308" }],
    ["total_price", { total_price_set: { shop_money: { amount: "99999999999999", currency_code: "USD" } } }],
    ["total_price", { total_price_set: { shop_money: { amount: { $gt: 0 }, currency_code: "USD" } } }],
    ["currency", { total_price_set: { shop_money: { amount: "5.00", currency_code: "usd" } } }],
  ])("a bad %s: 400 naming it (%j)", async (field, change) => {
    const order = newOrder("5.00");
    const res = await confirm({ ...orderPayload(order), ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe(field);
    expect(await t.db.order.count({ where: { websiteId: store, orderId: String(order.id) } })).toBe(0);
  });

  it("refuses unsigned, wrongly signed, other-topic, non-object and oversized bodies; the real order then still counts", async () => {
    const order = newOrder("42.00");
    const payload = orderPayload(order);
    expect([400, 401]).toContain((await confirm(payload, { unsigned: true })).status);
    expect((await confirm(payload, { secret: "not-the-secret" })).status).toBe(401);
    expect((await confirm(payload, { signedBody: JSON.stringify({ ...payload, total_price: "0.01" }) })).status).toBe(
      401,
    );
    const wrongTopic = await postWebhook(`${server.origin}/webhooks/orders/create`, "orders/paid", payload, {
      shop: SHOP,
      secret: app.apiSecret,
    });
    expect(wrongTopic.status).toBe(400);
    expect((await confirm([payload])).status).toBe(400);
    expect((await confirm({ ...payload, padding: "x".repeat(5 * 1024 * 1024) })).status).toBe(413);
    expect((await confirm(payload, { shop: "evil.example.com" })).status).toBe(400);
    expect(await t.db.order.count({ where: { websiteId: store, orderId: String(order.id) } })).toBe(0);

    // No buyer claimed it: verified revenue credited to no CTA.
    const before = (await results()).unattributedRevenue;
    expect((await confirm(payload)).status).toBe(200);
    expect((await results()).unattributedRevenue).toBe(before + 42);
    expect((await fetch(`${server.origin}/webhooks/orders/create`)).status).toBe(405);
  });
});

describe("a website without Shopify", () => {
  it("says on Results that its purchases cannot be verified", async () => {
    const report = await ownerResults(server.origin, SV, await seededSvOwnerCookie(server.origin));
    expect(report.purchaseSource).toBe("browser");
    expect(report.unverifiedOrders).toBe(0);
  });
});
