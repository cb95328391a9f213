/**
 * Installing the app connects the web pixel: the first embedded admin
 * request of a shop (App Bridge session token, no stored session) makes the
 * app Beckon's server builds exchange the token, link the shop's website and
 * then create the shop's web pixel with that website's id and Beckon's
 * public origin. Shopify is a local server answering the token exchange and
 * the Admin GraphQL calls as documented, refusing a query the Admin schema
 * does not validate as Shopify does.
 */
import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import type { LocalHttpServer } from "#test/support/local-http";
import { createShopifyApp } from "#app/shopify.server";
import { websiteIdForShop } from "#app/models/owner.server";
import { expiringTokenReply, serveFakeShopify } from "./fake-shopify";

const SHOP = "pixel-install.myshopify.com";
const API_KEY = "pixel-install-key";
const API_SECRET = "pixel-install-secret";
const SCOPES = "read_products,read_themes,write_app_proxy,write_pixels,read_customer_events";

let t: TestDatabase;
let shopify: LocalHttpServer;
const created: { settings: string }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  shopify = await serveFakeShopify({
    token: () => expiringTokenReply("pixel", SCOPES),
    admin(query, variables) {
      const webPixel = (variables as { webPixel?: { settings: string } } | undefined)?.webPixel;
      if (query.includes("BeckonShopDetails"))
        return {
          status: 200,
          body: {
            data: {
              shop: { name: "Pixel shop", currencyCode: "SEK", primaryDomain: { url: "https://pixel.example" } },
            },
          },
        };
      if (query.includes("BeckonWebPixelCreate")) {
        created.push(webPixel!);
        return {
          status: 200,
          body: {
            data: {
              webPixelCreate: {
                userErrors: [],
                webPixel: { id: "gid://shopify/WebPixel/9", settings: webPixel!.settings },
              },
            },
          },
        };
      }
      if (query.includes("BeckonWebPixel"))
        return {
          status: 200,
          body: { data: { webPixel: null }, errors: [{ message: "No web pixel was found for this app." }] },
        };
      return { status: 200, body: { data: {} } };
    },
  });
});

afterAll(async () => {
  await shopify?.close();
  await t?.drop();
});

/** An App Bridge session token (HS256 JWT signed with the app's secret). */
function sessionToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const payload = `${enc({ alg: "HS256", typ: "JWT" })}.${enc({
    iss: `https://${SHOP}/admin`,
    dest: `https://${SHOP}`,
    aud: API_KEY,
    sub: "42",
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
  })}`;
  return `${payload}.${createHmac("sha256", API_SECRET).update(payload).digest("base64url")}`;
}

describe("install", () => {
  it("creates the shop's web pixel with its website id and Beckon's public origin", async () => {
    const app = createShopifyApp(
      {
        SHOPIFY_API_KEY: API_KEY,
        SHOPIFY_API_SECRET: API_SECRET,
        SHOPIFY_APP_URL: "https://beckon.example.com",
        SCOPES,
        BECKON_PUBLIC_URL: "https://cdn.beckon.example.com",
      },
      t.db,
    );
    const request = new Request(
      `https://beckon.example.com/app?embedded=1&shop=${SHOP}&host=${Buffer.from(`${SHOP}/admin`).toString("base64url")}`,
      {
        headers: {
          Authorization: `Bearer ${sessionToken()}`,
          "User-Agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
        },
      },
    );
    await app.authenticate.admin(request);
    const websiteId = await websiteIdForShop(t.db, SHOP);
    expect(websiteId).not.toBeNull();
    expect(created.map((w) => JSON.parse(w.settings))).toEqual([
      { websiteId: String(websiteId), appUrl: "https://cdn.beckon.example.com" },
    ]);
  });
});
