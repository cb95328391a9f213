/**
 * Shops installed before expiring offline tokens, over HTTP with Shopify
 * switched on: their stored non-expiring token is exchanged for an expiring
 * one on their next webhook or embedded-admin request, once, against a local
 * stand-in for the shop's token endpoint (BECKON_SHOPIFY_ADMIN_URL). A
 * refusal never fails the request: the old token is kept and tried later.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { stopServerAndDrop } from "#test/support/served-database";
import { FakeShopifyTokenEndpoint } from "#test/support/fake-providers/shopify-token";
import {
  createOfflineSession,
  embeddedAdminHeaders,
  openShopsDatabase,
  postWebhook,
  startShopifyAppServer,
} from "./shopify-harness";

const SHOP = "beckon-demo.myshopify.com";
const OTHER_SHOP = "migrate-other.myshopify.com";
const REVOKED_SHOP = "migrate-revoked.myshopify.com";
const app = { apiKey: "migrate-test-key", apiSecret: "migrate-test-secret" };
const SCOPE = "read_products,write_app_proxy";

let t: TestDatabase;
let server: TestServer;
let shopify: FakeShopifyTokenEndpoint;

const sessionOf = (shop: string) => t.db.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });
const scopesUpdate = (shop: string) =>
  postWebhook(
    `${server.origin}/webhooks/app/scopes_update`,
    "app/scopes_update",
    { id: 1, previous: ["read_products"], current: ["read_products", "write_app_proxy"] },
    { shop, secret: app.apiSecret },
  );

beforeAll(async () => {
  const opened = await openShopsDatabase(SHOP, OTHER_SHOP);
  t = opened.tdb;
  shopify = await new FakeShopifyTokenEndpoint(app, new Set(["shpat_legacy_store", "shpat_legacy_other"])).start();
  for (const [shop, token] of [
    [SHOP, "shpat_legacy_store"],
    [OTHER_SHOP, "shpat_legacy_other"],
    [REVOKED_SHOP, "shpat_legacy_revoked"],
  ])
    await createOfflineSession(t.db, shop, { state: "", scope: SCOPE, accessToken: token }, { legacy: true });
  server = await startShopifyAppServer(t.url, app, { BECKON_SHOPIFY_ADMIN_URL: shopify.url });
});

afterAll(async () => {
  await stopServerAndDrop(server, t);
  await shopify?.server.stop();
});

describe("a shop on a non-expiring offline token", () => {
  it("is moved to an expiring token by its next webhook, and only once", async () => {
    const res = await scopesUpdate(SHOP);
    expect(res.status).toBe(200);
    const session = await sessionOf(SHOP);
    expect(session.accessToken).toMatch(/^shpat_expiring_/);
    expect(session.expires).not.toBeNull();
    expect(session.refreshToken).toMatch(/^shprt_refresh_/);
    const exchanged = shopify.issued;
    expect((await scopesUpdate(SHOP)).status).toBe(200);
    expect(shopify.issued).toBe(exchanged);
    expect((await sessionOf(SHOP)).accessToken).toBe(session.accessToken);
  });

  it("is moved by its next embedded-admin request; concurrent requests exchange once", async () => {
    const before = shopify.issued;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${server.origin}/app`, { redirect: "manual", headers: embeddedAdminHeaders(OTHER_SHOP, app) }),
      ),
    );
    for (const res of answers) expect(res.status).toBeLessThan(500);
    expect(shopify.issued - before).toBe(1);
    expect((await sessionOf(OTHER_SHOP)).accessToken).toBe(FakeShopifyTokenEndpoint.issuedToken(before + 1));
  });

  it("a refusal from Shopify (4xx) keeps the old token, answers the webhook, and is retried later", async () => {
    const res = await scopesUpdate(REVOKED_SHOP);
    expect(res.status).toBe(200);
    const session = await sessionOf(REVOKED_SHOP);
    expect([session.accessToken, session.expires]).toEqual(["shpat_legacy_revoked", null]);
    const pending = await t.db.offlineTokenMigration.findUniqueOrThrow({ where: { shop: REVOKED_SHOP } });
    expect(pending.lastError).toContain("invalid_subject_token");
    expect(pending.availableAt.getTime()).toBeGreaterThan(Date.now());
    // Within the back-off the next webhook sends nothing.
    const sent = shopify.server.requests.length;
    expect((await scopesUpdate(REVOKED_SHOP)).status).toBe(200);
    expect(shopify.server.requests.length).toBe(sent);
  });
});
