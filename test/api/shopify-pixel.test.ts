/**
 * The Beckon web pixel's real code (extensions/beckon-pixel), run in a local
 * stand-in for Shopify's pixel runtime, reports a completed checkout to the
 * real orders endpoint of the built server, which keeps it as the buyer's
 * claim (with the checkout token) and never as revenue: revenue is what
 * Shopify confirms (test/api/shopify-order-verification.test.ts). Also: a
 * report is kept once per visitor however often it is sent, a forged copy
 * blocks nothing, a buyer without Beckon's cookie sends nothing, and hostile
 * or oversized reports are refused with a named field.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { cta, server, t, websiteId, withOwnedWebsiteServer } from "./owned-website-harness";
import { postPublic } from "#test/support/http";
import { ownerCookie } from "#test/support/owner-session";
import { checkoutCompleted, loadPixel } from "#test/support/pixel-runtime";
import { formCtaMock, token } from "#test/support/row-factories";
import { shopOrderKey } from "#app/models/shop-order.server";
import { convertOn, newVisitor, ownerResults, variantFiguresOf } from "./shop-buyers";
import { visitorCookieName } from "#widget/core/visitor";
import { visitorCookieName as pixelCookieName } from "#extensions/beckon-pixel/src/order";

/** The CTA the buyer converts on (variants A and B) and another CTA of the website. */
let newsletter: { ctaId: number; variantA: number; variantB: number };
let other: { ctaId: number; variantId: number };
let session: string;
const OWNER = { email: "pixel-owner@beckon.test", password: "the pixel owner's password" };

withOwnedWebsiteServer({ ...OWNER, name: "Pixel owner" });

beforeAll(async () => {
  // The harness's CTA is the newsletter; it gets a variant B here.
  const variantB = await t.db.ctaVariant.create({
    data: { ctaId: cta.ctaId, variation: "B", options: {}, position: 1 },
  });
  newsletter = { ctaId: cta.ctaId, variantA: cta.variantId, variantB: variantB.id };
  other = await formCtaMock(t.db, websiteId, []);
  session = await ownerCookie(server.origin, OWNER.email, OWNER.password);
});

/** The results page's data for the owner. */
const results = () => ownerResults(server.origin, websiteId, session);

/** The revenue and order count of one CTA variant on the results page. */
const variantFigures = async (ctaId: number, variantId: number) =>
  variantFiguresOf(await results(), { ctaId, variantId });

const visitor = () => newVisitor(server.origin, websiteId);
const convert = (visitorToken: string, ctaId: number, variantId: number) =>
  convertOn(server.origin, websiteId, visitorToken, { ctaId, variantId });

/** The pixel as Shopify would run it on this shop's checkout, with the buyer's cookies. */
const pixel = (
  cookies: Record<string, string>,
  settings: Record<string, string> = { websiteId: String(websiteId), appUrl: server.origin },
) => loadPixel("beckon-pixel", { settings, cookies });

const cookieOf = (visitorToken: string) => ({
  [visitorCookieName(websiteId)]: visitorToken,
  _shopify_y: "shopify-own-cookie",
});

const postOrder = (body: unknown, id: number | string = websiteId) =>
  postPublic(server.origin, `/api/websites/${id}/orders`, body);

const storedClaims = (orderId: string) =>
  t.db.shopOrderClaim.count({ where: { websiteId, orderId: shopOrderKey(orderId) } });

describe("Beckon web pixel: revenue for Shopify shops", () => {
  it("reads the cookie the widget sets", () => {
    expect(pixelCookieName(42)).toBe(visitorCookieName(42));
  });

  it("keeps a completed checkout as the buyer's claim, with its checkout token, and never as revenue", async () => {
    const buyer = await visitor();
    await convert(buyer, newsletter.ctaId, newsletter.variantB);
    const before = await results();
    expect(before.totals.revenue).toBe(0);

    const runtime = await pixel(cookieOf(buyer));
    expect(runtime.subscriptions()).toEqual(["checkout_completed"]);
    await runtime.publish(
      "checkout_completed",
      checkoutCompleted({
        id: "gid://shopify/OrderIdentity/5001",
        amount: 349.5,
        currency: "SEK",
        lines: [
          { title: "Mellanrost", quantity: 2, price: 129.75 },
          { title: "Filter", quantity: 1, price: 90 },
        ],
      }),
    );
    expect(runtime.requests).toHaveLength(1);
    expect(runtime.requests[0].url).toBe(`${server.origin}/api/websites/${websiteId}/orders`);
    expect(runtime.beacons).toEqual([]);

    expect(await variantFigures(newsletter.ctaId, newsletter.variantB)).toEqual({ revenue: 0, orders: 0 });
    const after = await results();
    expect(after.totals.revenue).toBe(0);
    expect(after.totals.orders).toBe(0);
    expect(await t.db.trackedEvent.count({ where: { websiteId, eventType: "Order" } })).toBe(0);

    const claim = await t.db.shopOrderClaim.findFirstOrThrow({ where: { websiteId, orderId: "5001" } });
    expect(claim).toMatchObject({ checkoutToken: "checkout-token", amount: 349.5, currency: "SEK" });
  });

  it("keeps a visitor's report once however often it is sent; another visitor's copy is a claim of its own", async () => {
    const buyer = await visitor();
    await convert(buyer, other.ctaId, other.variantId);
    const runtime = await pixel(cookieOf(buyer));
    const order = checkoutCompleted({ id: "5002", amount: 200, currency: "SEK" });
    await runtime.publish("checkout_completed", order);
    // Shopify retries, a second tab on the thank-you page, and two at once.
    await runtime.publish("checkout_completed", order);
    await Promise.all([runtime.publish("checkout_completed", order), runtime.publish("checkout_completed", order)]);
    expect(runtime.requests).toHaveLength(4);
    expect(await storedClaims("5002")).toBe(1);

    // The same order id reported for another visitor is kept apart: it blocks nothing (Shopify's webhook decides).
    const forger = await visitor();
    await convert(forger, newsletter.ctaId, newsletter.variantA);
    const copy = await postOrder({ order_id: "5002", visitor_token: forger, amount: 200, currency: "SEK" });
    expect(copy.status).toBe(200);
    expect(copy.json).toEqual({ stored: true });
    expect(await storedClaims("5002")).toBe(2);

    expect(await variantFigures(other.ctaId, other.variantId)).toEqual({ revenue: 0, orders: 0 });
    expect(await variantFigures(newsletter.ctaId, newsletter.variantA)).toEqual({ revenue: 0, orders: 0 });
  });

  it("sends nothing for a buyer without Beckon's cookie: no Beckon visitor, so no CTA earned the order", async () => {
    const before = await results();
    for (const cookies of [
      {},
      { [visitorCookieName(websiteId)]: "" },
      { [visitorCookieName(websiteId)]: "not a token; x=1" },
      { [visitorCookieName(websiteId + 1)]: token() },
    ]) {
      const runtime = await pixel(cookies);
      await runtime.publish("checkout_completed", checkoutCompleted({ id: "5003", amount: 99, currency: "SEK" }));
      expect(runtime.requests, JSON.stringify(cookies)).toEqual([]);
      expect(runtime.beacons).toEqual([]);
    }
    expect(await storedClaims("5003")).toBe(0);
    expect((await results()).totals).toEqual(before.totals);
  });

  it("does not run with unusable settings", async () => {
    const buyer = await visitor();
    for (const settings of [
      { websiteId: "", appUrl: server.origin },
      { websiteId: "1 OR 1=1", appUrl: server.origin },
      { websiteId: "99999999999", appUrl: server.origin },
      { websiteId: String(websiteId), appUrl: "javascript:alert(1)" },
      { websiteId: String(websiteId), appUrl: "http://beckon.example.com" },
      { websiteId: String(websiteId), appUrl: "" },
    ]) {
      const runtime = await pixel(cookieOf(buyer), settings);
      expect(runtime.subscriptions(), JSON.stringify(settings)).toEqual([]);
    }
  });

  it("skips a checkout without an order id or total, and the server refuses what a hostile checkout carries", async () => {
    const buyer = await visitor();
    const runtime = await pixel(cookieOf(buyer));
    await runtime.publish("checkout_completed", checkoutCompleted({ id: null, amount: 10, currency: "SEK" }));
    await runtime.publish("checkout_completed", checkoutCompleted({ id: "5005", amount: "10", currency: "SEK" }));
    await runtime.publish("checkout_completed", { checkout: null });
    await runtime.publish("checkout_completed", null);
    expect(runtime.requests).toEqual([]);

    // Sent, refused with a named field, and not retried (a 4xx is final).
    await runtime.publish(
      "checkout_completed",
      checkoutCompleted({ id: "x".repeat(101), amount: 10, currency: "SEK" }),
    );
    await runtime.publish("checkout_completed", checkoutCompleted({ id: "5006", amount: 1e12, currency: "SEK" }));
    await runtime.publish("checkout_completed", checkoutCompleted({ id: "5007", amount: 10, currency: "EUR" }));
    expect(runtime.requests).toHaveLength(3);
    expect(runtime.beacons).toEqual([]);
    expect(await t.db.shopOrderClaim.count({ where: { websiteId, orderId: { in: ["5006", "5007"] } } })).toBe(0);
  });

  it("retries once by beacon when the server fails", async () => {
    const buyer = await visitor();
    const failing = (async () => new Response("busy", { status: 503 })) as typeof fetch;
    const runtime = await loadPixel("beckon-pixel", {
      settings: { websiteId: String(websiteId), appUrl: server.origin },
      cookies: cookieOf(buyer),
      fetch: failing,
    });
    await runtime.publish("checkout_completed", checkoutCompleted({ id: "5008", amount: 10, currency: "SEK" }));
    expect(runtime.beacons).toHaveLength(1);
    expect(JSON.parse(runtime.beacons[0].body!)).toEqual({
      order_id: "5008",
      visitor_token: buyer,
      amount: 10,
      currency: "SEK",
      items: 1,
      checkout_token: "checkout-token",
    });
  });
});

describe("POST /api/websites/{id}/orders", () => {
  let buyer: string;
  beforeAll(async () => {
    buyer = await visitor();
  });
  const valid = () => ({
    order_id: `o-${randomBytes(4).toString("hex")}`,
    visitor_token: buyer,
    amount: 25,
    currency: "SEK",
    items: 1,
  });

  it("answers CORS preflight for Shopify's pixel sandbox", async () => {
    const res = await fetch(`${server.origin}/api/websites/${websiteId}/orders`, {
      method: "OPTIONS",
      headers: { Origin: "https://extensions.shopifycdn.com", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const post = await postOrder(valid());
    expect(post.status).toBe(200);
    expect(post.json).toEqual({ stored: true });
    expect(post.headers.get("access-control-allow-origin")).toBe("*");
  });

  it.each([
    ["order_id", { order_id: undefined }],
    ["order_id", { order_id: "" }],
    ["order_id", { order_id: "a".repeat(101) }],
    ["order_id", { order_id: "line\nbreak" }],
    ["order_id", { order_id: { $gt: "" } }],
    ["order_id", { order_id: 5009 }],
    ["visitor_token", { visitor_token: undefined }],
    ["visitor_token", { visitor_token: "short" }],
    ["visitor_token", { visitor_token: "<script>alert(1)</script>xxxxxxxx" }],
    ["amount", { amount: undefined }],
    ["amount", { amount: "25" }],
    ["amount", { amount: -1 }],
    ["amount", { amount: 1e12 }],
    ["amount", { amount: null }],
    ["currency", { currency: undefined }],
    ["currency", { currency: "sek" }],
    ["currency", { currency: "KRONOR" }],
    ["items", { items: -1 }],
    ["items", { items: 1.5 }],
    ["items", { items: 1e9 }],
    ["checkout_token", { checkout_token: "" }],
    ["checkout_token", { checkout_token: "a b" }],
    ["checkout_token", { checkout_token: "t".repeat(101) }],
    ["checkout_token", { checkout_token: 42 }],
  ])("refuses a bad %s with 422 naming it (%j)", async (field, change) => {
    const body = { ...valid(), ...change };
    const res = await postOrder(body);
    expect(res.status).toBe(422);
    expect(res.json.error.field).toBe(field);
    expect(typeof res.json.error.message).toBe("string");
    expect(await storedClaims(String(body.order_id))).toBe(0);
  });

  it("refuses an order in another currency than the website's, saying which", async () => {
    const res = await postOrder({ ...valid(), currency: "EUR" });
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual({ field: "currency", message: expect.stringContaining("SEK") });
  });

  it("refuses an unknown visitor and an unknown website", async () => {
    const stranger = await postOrder({ ...valid(), visitor_token: token() });
    expect(stranger.status).toBe(422);
    expect(stranger.json.error.field).toBe("visitor_token");
    for (const id of [999999, "abc", 0, "99999999999"]) {
      const res = await postOrder(valid(), id);
      expect(res.status, String(id)).toBe(404);
      expect(res.json.error.field).toBe("website_id");
    }
  });

  it("refuses malformed and oversized bodies", async () => {
    expect((await postOrder("")).status).toBe(400);
    expect((await postOrder("{not json")).status).toBe(400);
    expect((await postOrder("[1,2]")).status).toBe(422);
    const big = await postOrder({ ...valid(), padding: "x".repeat(5000) });
    expect(big.status).toBe(413);
    expect(big.json.error.message).toContain("4096");
    const deep = await postOrder(JSON.stringify({ ...valid(), extra: JSON.parse("[".repeat(200) + "]".repeat(200)) }));
    expect(deep.status).toBe(422);
    // Keys a hostile client adds are ignored, never stored or trusted.
    const extra = valid();
    const hostile = JSON.stringify({
      ...extra,
      cta_id: other.ctaId,
      variant_id: other.variantId,
      source: "admin",
    }).replace(/}$/, ',"__proto__":{"admin":true}}');
    const res = await postOrder(hostile);
    expect(res.status).toBe(200);
    const row = await t.db.shopOrderClaim.findFirstOrThrow({ where: { websiteId, orderId: extra.order_id } });
    expect(Object.keys(row).sort()).toEqual([
      "amount",
      "checkoutToken",
      "createdAt",
      "currency",
      "id",
      "orderId",
      "personId",
      "websiteId",
    ]);
    expect(await t.db.order.count({ where: { websiteId } })).toBe(0);
  });

  it("answers GET with 405", async () => {
    const res = await fetch(`${server.origin}/api/websites/${websiteId}/orders`);
    expect(res.status).toBe(405);
  });
});
