import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fileTestDatabase } from "#test/support/test-database";
import { FakeShopifyTokenEndpoint } from "#test/support/fake-providers/shopify-token";
import { exchangeForExpiringToken } from "#app/integrations/shopify-admin/token-migration.server";
import {
  backoffMs,
  CLAIM_LEASE_MS,
  migrateOfflineToken,
  migrateRemainingOfflineTokens,
  shopsWithOldTokens,
  type TokenExchange,
} from "#app/models/offline-token-migration.server";
import { captureLogs } from "#app/server/logger.server";

const app = { apiKey: "key-123", apiSecret: "secret-456" };
const SHOP = "kaffe.myshopify.com";
const t = fileTestDatabase();
let shopify: FakeShopifyTokenEndpoint;
const exchange: TokenExchange = (shop, accessToken) =>
  exchangeForExpiringToken({ shop, accessToken, ...app, baseUrl: shopify.url, timeoutMs: 2_000 });

beforeAll(async () => {
  shopify = await new FakeShopifyTokenEndpoint(app, new Set()).start();
});
afterAll(() => shopify.server.stop());

async function oldSession(shop: string, token: string) {
  shopify.oldTokens.add(token);
  await t.db.session.create({
    data: { id: `offline_${shop}`, shop, state: "", isOnline: false, scope: "read_products", accessToken: token },
  });
}

beforeEach(async () => {
  await t.db.session.deleteMany();
  await t.db.offlineTokenMigration.deleteMany();
  shopify.answerWith = null;
  shopify.server.clearFaults();
});

const sessionOf = (shop: string) => t.db.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });

describe("migrateOfflineToken", () => {
  it("stores the expiring token, its expiry and refresh token in the shop's session", async () => {
    await oldSession(SHOP, "shpat_old_1");
    const issuedBefore = shopify.issued;
    expect(await migrateOfflineToken(t.db, SHOP, exchange)).toBe("migrated");
    const session = await sessionOf(SHOP);
    expect(session.accessToken).toBe(FakeShopifyTokenEndpoint.issuedToken(issuedBefore + 1));
    expect(session.refreshToken).toMatch(/^shprt_refresh_/);
    expect(session.expires!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(session.refreshTokenExpires!.getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(session.scope).toBe("read_products,write_app_proxy");
    expect(await t.db.offlineTokenMigration.count()).toBe(0);
    // Done once: the next request has nothing to do and sends nothing.
    const sent = shopify.server.requests.length;
    expect(await migrateOfflineToken(t.db, SHOP, exchange)).toBe("not_needed");
    expect(shopify.server.requests.length).toBe(sent);
  });

  it("keeps the old token on a 4xx, logs it, and tries again only after the back-off", async () => {
    await oldSession(SHOP, "shpat_old_2");
    shopify.server.failNext(1, { kind: "400", detail: "invalid_subject_token" });
    const logs = captureLogs();
    const now = new Date();
    try {
      expect(await migrateOfflineToken(t.db, SHOP, exchange, now)).toBe("failed");
    } finally {
      logs.stop();
    }
    expect(logs.lines.some((l) => String(l.msg).includes(`could not move ${SHOP}`))).toBe(true);
    expect((await sessionOf(SHOP)).accessToken).toBe("shpat_old_2");
    const row = await t.db.offlineTokenMigration.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(row.lastError).toContain("400");
    expect(row.availableAt.getTime()).toBe(now.getTime() + backoffMs(1));
    // Before the back-off: nothing sent.
    const sent = shopify.server.requests.length;
    expect(await migrateOfflineToken(t.db, SHOP, exchange, new Date(now.getTime() + 60_000))).toBe("busy");
    expect(shopify.server.requests.length).toBe(sent);
    // After it: tried again, and this time Shopify accepts.
    expect(await migrateOfflineToken(t.db, SHOP, exchange, new Date(now.getTime() + backoffMs(1)))).toBe("migrated");
    expect((await sessionOf(SHOP)).accessToken).toMatch(/^shpat_expiring_/);
  });

  it("a hostile answer changes nothing: old token kept, nothing stored from the answer", async () => {
    await oldSession(SHOP, "shpat_old_3");
    shopify.answerWith = {
      status: 200,
      body: { access_token: '\'; DROP TABLE "Session"; --', expires_in: "soon", refresh_token: 5 },
    };
    expect(await migrateOfflineToken(t.db, SHOP, exchange)).toBe("failed");
    const session = await sessionOf(SHOP);
    expect([session.accessToken, session.expires, session.refreshToken]).toEqual(["shpat_old_3", null, null]);
  });

  it("two processes at once: one exchange, one stored token", async () => {
    await oldSession(SHOP, "shpat_old_4");
    const issuedBefore = shopify.issued;
    const release = shopify.hold();
    const first = migrateOfflineToken(t.db, SHOP, exchange);
    // The first holds the claim while Shopify has not answered; the second sees it taken.
    await shopify.server.waitFor((r) => r.path === "/admin/oauth/access_token");
    const second = await migrateOfflineToken(t.db, SHOP, exchange);
    release();
    expect([await first, second]).toEqual(["migrated", "busy"]);
    expect(shopify.issued - issuedBefore).toBe(1);
    expect((await sessionOf(SHOP)).accessToken).toBe(FakeShopifyTokenEndpoint.issuedToken(issuedBefore + 1));
  });

  it("ten calls racing: exactly one exchange", async () => {
    await oldSession(SHOP, "shpat_old_5");
    const sent = shopify.server.requests.length;
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => migrateOfflineToken(t.db, SHOP, exchange)));
    expect(outcomes.filter((o) => o === "migrated")).toHaveLength(1);
    expect(outcomes.every((o) => o === "migrated" || o === "busy" || o === "not_needed")).toBe(true);
    expect(shopify.server.requests.length - sent).toBe(1);
  });

  it("takes over a claim whose process died once its lease has passed", async () => {
    await oldSession(SHOP, "shpat_old_6");
    const now = new Date();
    await t.db.offlineTokenMigration.create({
      data: { shop: SHOP, availableAt: new Date(now.getTime() + CLAIM_LEASE_MS) },
    });
    expect(await migrateOfflineToken(t.db, SHOP, exchange, now)).toBe("busy");
    expect(await migrateOfflineToken(t.db, SHOP, exchange, new Date(now.getTime() + CLAIM_LEASE_MS))).toBe("migrated");
  });

  it("never writes over a token a new install stored meanwhile", async () => {
    await oldSession(SHOP, "shpat_old_7");
    const reinstall: TokenExchange = async (shop, token) => {
      const answer = await exchange(shop, token);
      await t.db.session.update({ where: { id: `offline_${shop}` }, data: { accessToken: "shpat_reinstalled" } });
      return answer;
    };
    expect(await migrateOfflineToken(t.db, SHOP, reinstall)).toBe("not_needed");
    expect((await sessionOf(SHOP)).accessToken).toBe("shpat_reinstalled");
  });

  it("backs off 5 minutes, doubling, at most a day", () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([300_000, 600_000, 1_200_000]);
    expect(backoffMs(50)).toBe(86_400_000);
    expect(backoffMs(0)).toBe(300_000);
  });
});

describe("migrateRemainingOfflineTokens (the job)", () => {
  it("migrates every shop still on an old token, leaves migrated and online sessions alone, counts failures", async () => {
    await oldSession("a-shop.myshopify.com", "shpat_job_a");
    await oldSession("b-shop.myshopify.com", "shpat_job_b");
    await t.db.session.create({
      data: {
        id: "offline_c",
        shop: "c-shop.myshopify.com",
        state: "",
        accessToken: "x",
        expires: new Date(Date.now() + 3_600_000),
      },
    });
    await t.db.session.create({
      data: { id: "online_d", shop: "d-shop.myshopify.com", state: "", accessToken: "y", isOnline: true },
    });
    shopify.oldTokens.delete("shpat_job_b");
    expect(await shopsWithOldTokens(t.db)).toEqual(["a-shop.myshopify.com", "b-shop.myshopify.com"]);
    const tally = await migrateRemainingOfflineTokens(t.db, exchange);
    expect(tally).toEqual({ migrated: 1, not_needed: 0, busy: 0, failed: 1 });
    expect(await shopsWithOldTokens(t.db)).toEqual(["b-shop.myshopify.com"]);
    expect((await t.db.session.findUniqueOrThrow({ where: { id: "offline_c" } })).accessToken).toBe("x");
  });
});
