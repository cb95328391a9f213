/**
 * Expiring offline access tokens: the app Beckon's server builds
 * (createShopifyApp) swaps an expired offline token for a new one with its
 * refresh token before an Admin API call, and stores the new pair back in
 * the Session table. Shopify is a local server answering as its OAuth token
 * endpoint and Admin GraphQL endpoint are documented (a query the Admin
 * schema does not validate is refused as Shopify refuses it); the library's
 * real fetch reaches it by a rewrite of https://{shop} to the local origin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import type { LocalHttpServer } from "#test/support/local-http";
import { createShopifyApp } from "#app/shopify.server";
import { serveFakeShopify } from "./fake-shopify";

const SHOP = "refresh-test.myshopify.com";
const API_KEY = "refresh-test-key";
const API_SECRET = "refresh-test-secret";
const HOUR = 3600;
const NINETY_DAYS = 90 * 24 * HOUR;

let t: TestDatabase;
let shopify: LocalHttpServer;

/** What the fake Shopify saw: each token request's host and body, each Admin call's token. */
const seen = { tokenRequests: [] as { host: string; body: Record<string, string> }[], adminTokens: [] as string[] };
/** The access token and refresh token Shopify currently honours. */
let valid = { access: "", refresh: "" };
let issued = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  shopify = await serveFakeShopify({
    token(form, headers) {
      seen.tokenRequests.push({ host: String(headers["x-original-host"]), body: form });
      const ok =
        form.grant_type === "refresh_token" &&
        form.client_id === API_KEY &&
        form.client_secret === API_SECRET &&
        form.refresh_token === valid.refresh;
      if (!ok)
        return { status: 400, body: { error: "invalid_request", error_description: "refresh_token is invalid" } };
      issued += 1;
      valid = { access: `shpat_issued_${issued}`, refresh: `shprt_issued_${issued}` };
      // The refresh grant's documented answer: a new access token and a new refresh token, both with lifetimes.
      return {
        status: 200,
        body: {
          access_token: valid.access,
          expires_in: HOUR,
          refresh_token: valid.refresh,
          refresh_token_expires_in: NINETY_DAYS,
          scope: "read_products,read_themes,write_app_proxy",
        },
      };
    },
    refuseAdmin(headers) {
      const token = String(headers["x-shopify-access-token"]);
      seen.adminTokens.push(token);
      if (token === valid.access) return null;
      return {
        status: 401,
        body: { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
      };
    },
    admin: () => ({ status: 200, body: { data: { shop: { name: "Refresh test shop" } } } }),
  });
});

afterAll(async () => {
  await shopify?.close();
  await t?.drop();
});

beforeEach(async () => {
  seen.tokenRequests = [];
  seen.adminTokens = [];
  valid = { access: "shpat_old", refresh: "shprt_old" };
  issued = 0;
  await t.db.session.deleteMany({});
});

const app = () =>
  createShopifyApp(
    {
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_APP_URL: "https://beckon.example.com",
      SCOPES: "read_products,read_themes,write_app_proxy",
    },
    t.db,
  );

async function offlineSession(expiresInSeconds: number) {
  await t.db.session.create({
    data: {
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      scope: "read_products,read_themes,write_app_proxy",
      accessToken: "shpat_old",
      expires: new Date(Date.now() + expiresInSeconds * 1000),
      refreshToken: "shprt_old",
      refreshTokenExpires: new Date(Date.now() + NINETY_DAYS * 1000),
    },
  });
}

async function shopName(): Promise<string> {
  const { admin } = await app().unauthenticated.admin(SHOP);
  const res = await admin.graphql(`#graphql
    query RefreshTestShop { shop { name } }`);
  return ((await res.json()) as { data: { shop: { name: string } } }).data.shop.name;
}

describe("expiring offline access tokens", () => {
  it("refreshes an expired token before the Admin API call and stores the new pair", async () => {
    await offlineSession(-60);
    // Shopify no longer honours the old access token once it has expired.
    valid.access = "";
    const before = Date.now();
    expect(await shopName()).toBe("Refresh test shop");

    expect(seen.tokenRequests).toEqual([
      {
        host: SHOP,
        body: {
          client_id: API_KEY,
          client_secret: API_SECRET,
          refresh_token: "shprt_old",
          grant_type: "refresh_token",
        },
      },
    ]);
    expect(seen.adminTokens).toEqual(["shpat_issued_1"]);
    const stored = await t.db.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
    expect(stored.accessToken).toBe("shpat_issued_1");
    expect(stored.refreshToken).toBe("shprt_issued_1");
    expect(stored.expires!.getTime()).toBeGreaterThanOrEqual(before + HOUR * 1000 - 1000);
    expect(stored.expires!.getTime()).toBeLessThanOrEqual(Date.now() + HOUR * 1000 + 1000);
    expect(stored.refreshTokenExpires!.getTime()).toBeGreaterThanOrEqual(before + NINETY_DAYS * 1000 - 1000);

    // The stored token is used as is until it nears expiry again.
    expect(await shopName()).toBe("Refresh test shop");
    expect(seen.tokenRequests).toHaveLength(1);
    expect(seen.adminTokens).toEqual(["shpat_issued_1", "shpat_issued_1"]);
  });

  it("refreshes a token within five minutes of expiry, and leaves a fresh one alone", async () => {
    await offlineSession(120);
    expect(await shopName()).toBe("Refresh test shop");
    expect(seen.tokenRequests).toHaveLength(1);
    expect(seen.adminTokens).toEqual(["shpat_issued_1"]);

    await t.db.session.deleteMany({});
    seen.tokenRequests = [];
    seen.adminTokens = [];
    await offlineSession(HOUR);
    valid.access = "shpat_old";
    expect(await shopName()).toBe("Refresh test shop");
    expect(seen.tokenRequests).toEqual([]);
    expect(seen.adminTokens).toEqual(["shpat_old"]);
  });
});
