import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  exchangeForExpiringToken,
  readExpiringToken,
  tokenEndpoint,
  TokenMigrationError,
  type TokenMigrationOptions,
} from "#app/integrations/shopify-admin/token-migration.server";
import { FakeShopifyTokenEndpoint } from "#test/support/fake-providers/shopify-token";
import { serveLocally, type LocalHttpServer } from "#test/support/local-http";

const app = { apiKey: "key-123", apiSecret: "secret-456" };
const NOW = Date.UTC(2026, 11, 2, 12);
let shopify: FakeShopifyTokenEndpoint;

beforeAll(async () => {
  shopify = await new FakeShopifyTokenEndpoint(app, new Set(["shpat_old"])).start();
});
afterAll(() => shopify.server.stop());
beforeEach(() => {
  shopify.answerWith = null;
  shopify.server.clearFaults();
});

const options = (more: Partial<TokenMigrationOptions> = {}): TokenMigrationOptions => ({
  shop: "kaffe.myshopify.com",
  accessToken: "shpat_old",
  ...app,
  baseUrl: shopify.url,
  now: () => NOW,
  ...more,
});

async function failure(more: Partial<TokenMigrationOptions> = {}): Promise<TokenMigrationError> {
  const error = await exchangeForExpiringToken(options(more)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenMigrationError);
  return error as TokenMigrationError;
}

describe("exchangeForExpiringToken", () => {
  it("sends Shopify's documented token exchange and reads the expiring token", async () => {
    const token = await exchangeForExpiringToken(options());
    const sent = shopify.server.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/admin/oauth/access_token");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.body).toEqual({
      client_id: "key-123",
      client_secret: "secret-456",
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: "shpat_old",
      subject_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
      expiring: "1",
    });
    expect(token.accessToken).toMatch(/^shpat_expiring_\d+$/);
    expect(token.refreshToken).toMatch(/^shprt_refresh_\d+$/);
    expect(token.scope).toBe("read_products,write_app_proxy");
    expect(token.expires.getTime()).toBe(NOW + 3599 * 1000);
    expect(token.refreshTokenExpires.getTime()).toBe(NOW + 7_776_000 * 1000);
  });

  it("classifies Shopify's refusals: 4xx refused, 429 throttled, 5xx unavailable, with the status", async () => {
    const refused = await failure({ accessToken: "shpat_revoked" });
    expect([refused.kind, refused.status]).toEqual(["refused", 400]);
    expect(refused.message).toContain("invalid_subject_token");
    shopify.server.failNext(1, { kind: "429" });
    expect((await failure()).kind).toBe("throttled");
    shopify.server.failNext(1, { kind: "500" });
    expect((await failure()).kind).toBe("unavailable");
  });

  it("gives up on a hung endpoint after its time-out, and on one that cannot be reached", async () => {
    shopify.server.failNext(1, { kind: "hang" });
    expect((await failure({ timeoutMs: 200 })).kind).toBe("network");
    expect((await failure({ baseUrl: "http://127.0.0.1:1" })).kind).toBe("network");
  });

  it.each([
    ["HTML instead of JSON", { status: 200, body: "<html>login</html>", headers: { "Content-Type": "text/html" } }],
    ["a JSON list", { status: 200, body: [1, 2] }],
    ["no access token", { status: 200, body: { expires_in: 3600, refresh_token: "r", refresh_token_expires_in: 60 } }],
    [
      "no expiry (a non-expiring token again)",
      { status: 200, body: { access_token: "shpat_x", refresh_token: "r", refresh_token_expires_in: 60 } },
    ],
    [
      "a negative expiry",
      { status: 200, body: { access_token: "a", expires_in: -5, refresh_token: "r", refresh_token_expires_in: 60 } },
    ],
    [
      "an expiry of a century",
      {
        status: 200,
        body: { access_token: "a", expires_in: 3.2e9, refresh_token: "r", refresh_token_expires_in: 60 },
      },
    ],
    [
      "a token with a newline",
      {
        status: 200,
        body: { access_token: "a\nb", expires_in: 60, refresh_token: "r", refresh_token_expires_in: 60 },
      },
    ],
    [
      "a 10 KB token",
      {
        status: 200,
        body: { access_token: "a".repeat(10_000), expires_in: 60, refresh_token: "r", refresh_token_expires_in: 60 },
      },
    ],
    [
      "a scope that is an object",
      {
        status: 200,
        body: { access_token: "a", scope: {}, expires_in: 60, refresh_token: "r", refresh_token_expires_in: 60 },
      },
    ],
    ["a 1 MB body", { status: 200, body: { access_token: "a", padding: "x".repeat(1_000_000) } }],
  ])("refuses an answer with %s as bad_response", async (_name, reply) => {
    shopify.answerWith = reply;
    const error = await failure();
    expect(error.kind).toBe("bad_response");
  });

  it("never follows a redirect (it would carry the client secret along)", async () => {
    let reached = 0;
    const elsewhere: LocalHttpServer = await serveLocally((_req, res) => {
      reached++;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
    try {
      shopify.answerWith = { status: 307, headers: { Location: `${elsewhere.origin}/steal` } };
      expect((await failure()).kind).toBe("network");
      expect(reached).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("refuses a shop that is not a myshopify domain before sending anything", () => {
    expect(() => tokenEndpoint("evil.example/x")).toThrow(TokenMigrationError);
    expect(tokenEndpoint("kaffe.myshopify.com")).toBe("https://kaffe.myshopify.com/admin/oauth/access_token");
  });

  it("readExpiringToken keeps no scope when Shopify sends none", () => {
    const token = readExpiringToken(
      { access_token: "a", expires_in: 60, refresh_token: "r", refresh_token_expires_in: 120 },
      NOW,
    );
    expect(token).toEqual({
      accessToken: "a",
      scope: null,
      expires: new Date(NOW + 60_000),
      refreshToken: "r",
      refreshTokenExpires: new Date(NOW + 120_000),
    });
  });
});
