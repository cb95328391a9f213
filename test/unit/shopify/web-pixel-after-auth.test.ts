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
import type { IncomingMessage } from "node:http";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRefusal } from "#test/support/admin-schema";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { serveLocally, type LocalHttpServer } from "#test/support/local-http";
import { apiVersion, createShopifyApp } from "#app/shopify.server";
import { websiteIdForShop } from "#app/models/owner.server";

const SHOP = "pixel-install.myshopify.com";
const API_KEY = "pixel-install-key";
const API_SECRET = "pixel-install-secret";
const SCOPES = "read_products,read_themes,write_app_proxy,write_pixels,read_customer_events";

let t: TestDatabase;
let shopify: LocalHttpServer;
const created: { settings: string }[] = [];

const body = async (req: IncomingMessage) => {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return raw;
};

beforeAll(async () => {
  t = await createTestDatabase();
  shopify = await serveLocally(async (req, res) => {
    const send = (status: number, payload: object) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.method === "POST" && req.url === "/admin/oauth/access_token") {
      await body(req);
      return send(200, {
        access_token: "shpat_pixel",
        expires_in: 3600,
        refresh_token: "shprt_pixel",
        refresh_token_expires_in: 7776000,
        scope: SCOPES,
      });
    }
    if (req.method === "POST" && req.url === `/admin/api/${apiVersion}/graphql.json`) {
      const { query, variables } = JSON.parse(await body(req)) as {
        query: string;
        variables?: { webPixel?: { settings: string } };
      };
      const refusal = adminRefusal(query, variables);
      if (refusal) return send(200, refusal);
      if (query.includes("BeckonShopDetails"))
        return send(200, {
          data: { shop: { name: "Pixel shop", currencyCode: "SEK", primaryDomain: { url: "https://pixel.example" } } },
        });
      if (query.includes("BeckonWebPixelCreate")) {
        created.push(variables!.webPixel!);
        return send(200, {
          data: {
            webPixelCreate: {
              userErrors: [],
              webPixel: { id: "gid://shopify/WebPixel/9", settings: variables!.webPixel!.settings },
            },
          },
        });
      }
      if (query.includes("BeckonWebPixel"))
        return send(200, { data: { webPixel: null }, errors: [{ message: "No web pixel was found for this app." }] });
      return send(200, { data: {} });
    }
    send(404, { errors: "Not Found" });
  });
  setAbstractFetchFunc(((input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    return fetch(shopify.origin + url.pathname + url.search, init);
  }) as typeof fetch);
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
