/**
 * GET /proxy/api/websites/shop.js, the app proxy answer the app embed loads:
 * only a request Shopify signed gets the shop's script, the shop comes from
 * the signed query, and the script is the same as the per-website one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHmac } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { seedIfEmpty } from "#prisma/seed";

const SECRET = "proxy-test-secret";
const APP_URL = "https://beckon-app.example";
const LOADER = "/*beckon loader*/(function(){})();";

// No build manifest: the script has no early import of the renderer (test/unit/app/server/website-script-cache.test.ts tests that).
vi.mock("#app/server/widget-assets.server", () => ({
  widgetAsset: (name: string) => (name === "beckon-loader.js" ? LOADER : null),
  rendererFiles: () => null,
}));

let tdb: TestDatabase;
let loader: (args: LoaderFunctionArgs) => Promise<Response>;
let storeWebsiteId: number;
const saved: Record<string, string | undefined> = {};

/** The query Shopify's app proxy adds, signed the way Shopify signs it. */
function signedUrl(params: Record<string, string>, secret = SECRET): string {
  const message = Object.entries(params)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join("");
  const signature = createHmac("sha256", secret).update(message).digest("hex");
  return `${APP_URL}/proxy/api/websites/shop.js?${new URLSearchParams({ ...params, signature })}`;
}

const proxyParams = (shop: string) => ({
  shop,
  logged_in_customer_id: "",
  path_prefix: "/apps/beckon",
  timestamp: String(Math.trunc(Date.now() / 1000)),
});

async function call(url: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await loader({ request: new Request(url, { headers }), params: {}, context: {} });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  storeWebsiteId = (await tdb.db.website.findFirstOrThrow({ where: { shopDomain: "beckon-demo.myshopify.com" } })).id;
  for (const k of ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET", "SHOPIFY_APP_URL", "SCOPES", "BECKON_PUBLIC_URL"])
    saved[k] = process.env[k];
  Object.assign(process.env, {
    SHOPIFY_API_KEY: "proxy-test-key",
    SHOPIFY_API_SECRET: SECRET,
    SHOPIFY_APP_URL: APP_URL,
    SCOPES: "read_products",
  });
  delete process.env.BECKON_PUBLIC_URL;
  globalThis.__beckonPrisma = tdb.db;
  vi.resetModules();
  ({ loader } = (await import("#app/routes/proxy.api.websites.shop[.]js")) as { loader: typeof loader });
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  globalThis.__beckonPrisma = undefined;
  await tdb?.drop();
});

describe("the app proxy's shop script", () => {
  it("answers a signed request with the compile hint, the shop's config, then the loader", async () => {
    const res = await call(signedUrl(proxyParams("beckon-demo.myshopify.com")));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
    const body = await res.text();
    const m = /^\/\/# allFunctionsCalledOnLoad\nwindow\.__beckonConfig=(.*);\n([\s\S]*)$/.exec(body);
    expect(m).not.toBeNull();
    const config = JSON.parse(m![1]);
    expect(config.website_id).toBe(storeWebsiteId);
    expect(config.api_origin).toBe(APP_URL);
    expect(m![2]).toBe(LOADER);
  });

  it("revalidates by ETag", async () => {
    const first = await call(signedUrl(proxyParams("beckon-demo.myshopify.com")));
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await call(signedUrl(proxyParams("beckon-demo.myshopify.com")), { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("refuses an unsigned, wrongly signed or tampered request", async () => {
    expect((await call(`${APP_URL}/proxy/api/websites/shop.js?shop=beckon-demo.myshopify.com`)).status).toBe(400);
    expect((await call(signedUrl(proxyParams("beckon-demo.myshopify.com"), "not-the-secret"))).status).toBe(400);
    const tampered = signedUrl(proxyParams("beckon-demo.myshopify.com")).replace(
      "beckon-demo.myshopify.com",
      "other-shop.myshopify.com",
    );
    expect((await call(tampered)).status).toBe(400);
  });

  it("answers 404 for a signed shop that has no Beckon website", async () => {
    const res = await call(signedUrl(proxyParams("unknown-shop.myshopify.com")));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { field: "shop", message: expect.stringContaining("no Beckon website") },
    });
  });
});

describe("while Shopify install is off", () => {
  it("answers 503 saying so", async () => {
    const keep = process.env.SHOPIFY_API_KEY;
    delete process.env.SHOPIFY_API_KEY;
    vi.resetModules();
    try {
      const off = (await import("#app/routes/proxy.api.websites.shop[.]js")) as { loader: typeof loader };
      let res: Response;
      try {
        res = await off.loader({
          request: new Request(signedUrl(proxyParams("beckon-demo.myshopify.com"))),
          params: {},
          context: {},
        });
      } catch (e) {
        res = e as Response;
      }
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/Shopify install is off/);
    } finally {
      process.env.SHOPIFY_API_KEY = keep;
    }
  });
});
