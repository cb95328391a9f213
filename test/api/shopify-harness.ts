/**
 * What the API tests that switch Shopify on share: the server settings of a
 * test app, a seeded database with a second shop, the offline session
 * Shopify leaves after an install, and app proxy queries, webhooks and
 * embedded-admin session tokens made as Shopify makes them (real signatures).
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { newTestDatabase } from "#test/support/served-database";
import { appProxySignature, webhookHmac } from "#test/support/shopify-signatures";
import { linkShopOwner } from "#app/models/owner.server";

/** The built server on a database with Shopify switched on for a test app of this key and secret (a new session secret each time, unless `env` sets one). */
export function startShopifyAppServer(
  databaseUrl: string,
  app: { apiKey: string; apiSecret: string },
  env: Record<string, string> = {},
): Promise<TestServer> {
  return startTestServer({
    databaseUrl,
    env: {
      SESSION_SECRET: randomBytes(32).toString("hex"),
      SHOPIFY_API_KEY: app.apiKey,
      SHOPIFY_API_SECRET: app.apiSecret,
      SHOPIFY_APP_URL: "http://127.0.0.1",
      SCOPES: "read_products,write_app_proxy",
      // No real shop is ever called: a port nothing listens on, unless a test serves a stand-in there.
      BECKON_SHOPIFY_ADMIN_URL: "http://127.0.0.1:1",
      ...env,
    },
  });
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The offline session row an install leaves for a shop, so the server treats the shop as installed:
 * an expiring token with its refresh token, as installs write since expiring tokens (`legacy`: the
 * non-expiring token of a shop installed before, which the server migrates).
 */
export function createOfflineSession(
  db: TestDatabase["db"],
  shop: string,
  session: { state: string; scope: string; accessToken: string },
  options: { legacy?: boolean } = {},
) {
  const expiring = options.legacy
    ? {}
    : {
        expires: new Date(Date.now() + HOUR_MS),
        refreshToken: `shprt_${shop}`,
        refreshTokenExpires: new Date(Date.now() + 90 * 24 * HOUR_MS),
      };
  return db.session.create({ data: { id: `offline_${shop}`, shop, isOnline: false, ...session, ...expiring } });
}

/** An app proxy query signed as Shopify documents it: sorted key=value pairs joined without separators, HMAC-SHA256 hex. */
export function signedProxyQuery(params: Record<string, string>, secret: string): URLSearchParams {
  return new URLSearchParams({ ...params, signature: appProxySignature(params, secret) });
}

/** The parameters Shopify's app proxy adds for a shop and its logged-in customer ("" for a guest), stamped now. */
export const customerProxyParams = (shop: string, customerId: string) => ({
  shop,
  logged_in_customer_id: customerId,
  path_prefix: "/apps/beckon",
  timestamp: String(Math.floor(Date.now() / 1000)),
});

export interface WebhookDelivery {
  /** X-Shopify-Shop-Domain. */
  shop: string;
  /** The secret the HMAC is made with. */
  secret: string;
  /** X-Shopify-Webhook-Id (default a new one; null leaves it out). */
  webhookId?: string | null;
  /** The text the HMAC covers, when a test signs another body than it sends (default the body). */
  signedBody?: string;
  /** Leave X-Shopify-Hmac-Sha256 out. */
  unsigned?: boolean;
  /** More headers Shopify sends that a test wants to see too. */
  headers?: Record<string, string>;
}

/** POSTs a webhook the way Shopify does: the JSON text of `payload`, HMAC-SHA256 (base64) of the raw body in X-Shopify-Hmac-Sha256. */
export function postWebhook(url: string, topic: string, payload: unknown, delivery: WebhookDelivery) {
  const body = JSON.stringify(payload);
  const id = delivery.webhookId === undefined ? randomUUID() : delivery.webhookId;
  const hmac = webhookHmac(delivery.signedBody ?? body, delivery.secret);
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": delivery.shop,
      ...(id === null ? {} : { "X-Shopify-Webhook-Id": id }),
      "X-Shopify-API-Version": "2026-07",
      ...delivery.headers,
      ...(delivery.unsigned ? {} : { "X-Shopify-Hmac-Sha256": hmac }),
    },
    body,
  });
}

/**
 * A new seeded test database, the seed's store of `shop`, and a second shop
 * linked to a new owner of its own: what one shop sends must never reach the
 * other.
 */
export async function openShopsDatabase(shop: string, otherShop: string) {
  const tdb = await newTestDatabase({ seed: true });
  const store = (await tdb.db.website.findFirstOrThrow({ where: { shopDomain: shop } })).id;
  const linked = await linkShopOwner(tdb.db, otherShop, { name: "Other shop" });
  return { tdb, store, other: linked.websiteId, otherProfile: linked.profileId };
}

/** An App Bridge session token (HS256 JWT signed with the app's secret) for a shop, as Shopify's embedded admin sends it. */
export function appBridgeSessionToken(shop: string, app: { apiKey: string; apiSecret: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: app.apiKey,
    sub: "42",
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
  })}`;
  return `${body}.${createHmac("sha256", app.apiSecret).update(body).digest("base64url")}`;
}

/** A browser's User-Agent: the Shopify library answers requests it takes for bots with a 410. */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** Headers of a request from the embedded admin: the shop's session token, from a browser. */
export const embeddedAdminHeaders = (shop: string, app: { apiKey: string; apiSecret: string }) => ({
  Authorization: `Bearer ${appBridgeSessionToken(shop, app)}`,
  "User-Agent": BROWSER,
});
