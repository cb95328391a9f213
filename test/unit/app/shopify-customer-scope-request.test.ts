/**
 * Turning on "Leads in Shopify Customers" in the Shopify admin asks for the
 * optional write_customers scope the way Shopify documents it: the app
 * Beckon's server builds (createShopifyApp) authenticates an embedded admin
 * request, and its scopes.request reads the app's scopes from the Admin API
 * (the local Shopify below answers FetchAccessScopes, validated against the
 * Admin schema) and, when the scope is not granted, throws the redirect to
 * Shopify's grant screen naming it in optional_scopes; once the shop has
 * it, nothing is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import type { LocalHttpServer } from "#test/support/local-http";
import { createShopifyApp } from "#app/shopify.server";
import { websiteIdForShop } from "#app/models/owner.server";
import {
  customerSyncSetting,
  requestMissingCustomerScope,
  setCustomerSync,
} from "#app/models/shopify-customer-setting.server";
import { discountsPermission, requestMissingDiscountScope } from "#app/models/discount-codes/shopify-stock.server";
import { expiringTokenReply, serveFakeShopify } from "./fake-shopify";
import { embeddedAdminHeaders } from "#test/api/shopify-harness";

const SHOP = "customer-scope.myshopify.com";
const API_KEY = "customer-scope-key";
const API_SECRET = "customer-scope-secret";
const SCOPES = "read_products,write_app_proxy";

let t: TestDatabase;
let shopify: LocalHttpServer;
let granted = SCOPES.split(",");
const scopeQueries: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  shopify = await serveFakeShopify({
    token: () => expiringTokenReply("scope", SCOPES),
    admin(query) {
      if (query.includes("FetchAccessScopes")) {
        scopeQueries.push(query);
        const handles = (list: string[]) => list.map((handle) => ({ handle }));
        return {
          status: 200,
          body: {
            data: {
              app: {
                requestedAccessScopes: handles(SCOPES.split(",")),
                optionalAccessScopes: handles(["write_customers", "write_discounts"]),
                installation: { accessScopes: handles(granted) },
              },
            },
          },
        };
      }
      return { status: 200, body: { errors: [{ message: `Not expected in this test: ${query.slice(0, 60)}` }] } };
    },
  });
});

afterAll(async () => {
  await shopify?.close();
  await t?.drop();
});

async function adminContext() {
  const app = createShopifyApp(
    { SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET, SHOPIFY_APP_URL: "https://beckon.example.com", SCOPES },
    t.db,
  );
  const request = new Request(
    `https://beckon.example.com/app/integrations?embedded=1&shop=${SHOP}&host=${Buffer.from(`${SHOP}/admin`).toString("base64url")}`,
    { headers: embeddedAdminHeaders(SHOP, { apiKey: API_KEY, apiSecret: API_SECRET }) },
  );
  return app.authenticate.admin(request);
}

/** Where the library's thrown answer sends the merchant. */
function grantScreen(thrown: unknown): URL {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  // A fetch from the embedded admin: App Bridge follows the reauthorize header to the install URL.
  const target =
    response.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? response.headers.get("Location") ?? "";
  return new URL(target);
}

describe("asking for write_customers", () => {
  it("redirects the merchant to Shopify's grant screen for the optional scope while it is missing", async () => {
    const { scopes } = await adminContext();
    const websiteId = (await websiteIdForShop(t.db, SHOP))!;
    await setCustomerSync(t.db, websiteId, true);
    expect((await customerSyncSetting(t.db, websiteId)).permission).toBe("missing");
    const thrown = await requestMissingCustomerScope(t.db, websiteId, (s) => scopes.request(s)).then(
      () => null,
      (e: unknown) => e,
    );
    const url = grantScreen(thrown);
    expect(url.origin).toBe(`https://${SHOP}`);
    expect(url.pathname).toBe("/admin/oauth/install");
    expect(url.searchParams.get("optional_scopes")).toBe("write_customers");
    expect(scopeQueries.length).toBeGreaterThan(0);
  });

  it("asks nothing once the shop granted it (app/scopes_update stored it)", async () => {
    const { scopes } = await adminContext();
    const websiteId = (await websiteIdForShop(t.db, SHOP))!;
    granted = [...SCOPES.split(","), "write_customers"];
    await t.db.session.updateMany({ where: { shop: SHOP, isOnline: false }, data: { scope: granted.join(",") } });
    expect((await customerSyncSetting(t.db, websiteId)).permission).toBe("granted");
    const asked: string[][] = [];
    await requestMissingCustomerScope(t.db, websiteId, async (s) => {
      asked.push(s);
      await scopes.request(s);
    });
    expect(asked).toEqual([]);
  });
});

describe("asking for write_discounts", () => {
  it("redirects to Shopify's grant screen for Shopify-made codes while the shop has not granted it, then asks nothing", async () => {
    const { scopes } = await adminContext();
    const websiteId = (await websiteIdForShop(t.db, SHOP))!;
    expect(await discountsPermission(t.db, websiteId)).toBe("missing");
    const thrown = await requestMissingDiscountScope(t.db, websiteId, (s) => scopes.request(s)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(grantScreen(thrown).searchParams.get("optional_scopes")).toBe("write_discounts");

    granted = [...granted, "write_discounts"];
    await t.db.session.updateMany({ where: { shop: SHOP, isOnline: false }, data: { scope: granted.join(",") } });
    expect(await discountsPermission(t.db, websiteId)).toBe("granted");
    const asked: string[][] = [];
    await requestMissingDiscountScope(t.db, websiteId, async (s) => {
      asked.push(s);
      await scopes.request(s);
    });
    expect(asked).toEqual([]);
  });

  it("is no question for a website without a shop", async () => {
    const site = await t.db.website.create({ data: { name: "No shop", dataSettings: {} } });
    expect(await discountsPermission(t.db, site.id)).toBe("not_store");
    await requestMissingDiscountScope(t.db, site.id, () => Promise.reject(new Error("asked")));
  });
});
