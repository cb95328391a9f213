/**
 * The logged-in Shopify customer in Chromium: on a storefront page whose app
 * embed context says `logged_in: true`, the widget posts its visitor token
 * once to /apps/beckon/api/customer on the shop's own origin. Here the page
 * route plays Shopify's app proxy: it forwards the request to the real
 * server's /proxy/api/customer with the query signed as Shopify signs it
 * (shop, logged_in_customer_id, path_prefix, timestamp). The visitor's
 * person gets the customer id, and a form CTA opens with the customer's
 * e-mail filled in. A guest's page makes no such call.
 */
import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { publishNewCta } from "#test/support/published-cta";
import { linkShopOwner } from "#app/models/owner.server";
import { ctaWithElements, formElementMock } from "#test/support/factories";
import { launchThirdPartyChromium } from "#test/fixtures/render/harness";

const HOST = "https://customer-shop.example";
const SHOP = "customer-shop.myshopify.com";
const SECRET = "customer-e2e-secret";
const CUSTOMER_ID = "8001";
let websiteId: number;
let ctaId: number;

/** The query Shopify's app proxy adds, signed: sorted key=value pairs joined without separators, HMAC-SHA256 hex. */
function signed(customerId: string): URLSearchParams {
  const params: Record<string, string> = {
    shop: SHOP,
    logged_in_customer_id: customerId,
    path_prefix: "/apps/beckon",
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const message = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("");
  return new URLSearchParams({ ...params, signature: createHmac("sha256", SECRET).update(message).digest("hex") });
}

withE2eStack({
  seed: false,
  env: {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SHOPIFY_API_KEY: "customer-e2e-key",
    SHOPIFY_API_SECRET: SECRET,
    SHOPIFY_APP_URL: "http://127.0.0.1",
    SCOPES: "read_products,write_app_proxy",
    BECKON_OUTBOX_WORKER: "0",
  },
  launch: launchThirdPartyChromium,
  setupTimeout: 120_000,
  beforeServer: async () => {
    websiteId = (await linkShopOwner(tdb.db, SHOP, { name: "Customer shop" })).websiteId;
    ctaId = await publishNewCta(
      tdb.db,
      websiteId,
      ctaWithElements([formElementMock()], { name: "Signup", options: { trigger: "click" } }),
    );
    // What Beckon already knows about the customer (an earlier submission linked to their Shopify id).
    await tdb.db.person.create({
      data: {
        websiteId,
        visitorToken: `known-${randomBytes(8).toString("hex")}`,
        personType: "Contact",
        email: "karin.kund@exempel.se",
        name: "Karin",
        extra: {},
        data: {},
        shopifyCustomerId: CUSTOMER_ID,
      },
    });
  },
});

async function open(loggedIn: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const proxied: { method: string; body: string | null; status: number }[] = [];
  // The link goes through the extras chunk (extras/customer.ts): the page asks for it once it has decided to link.
  const extras: string[] = [];
  page.on("request", (r) => r.url().includes("/widget/beckon-extras") && extras.push(r.url()));
  const shopContext = JSON.stringify({ root_url: "/", logged_in: loggedIn, country: "SE", design_mode: false });
  const stub = `
    window.__ready = false;
    document.addEventListener("cfReady", function () { window.__ready = true; });
    window.Shopify = { shop: "${SHOP}", routes: { root: "/" }, customerPrivacy: { analyticsProcessingAllowed: function () { return true; } } };`;
  await page.route(`${HOST}/**`, async (route) => {
    const req = route.request();
    if (new URL(req.url()).pathname === "/apps/beckon/api/customer") {
      // Shopify's app proxy: the customer id comes from Shopify's session, signed; the page cannot choose it.
      const res = await fetch(`${server.origin}/proxy/api/customer?${signed(loggedIn ? CUSTOMER_ID : "")}`, {
        method: req.method(),
        headers: { "Content-Type": req.headers()["content-type"] ?? "text/plain" },
        body: req.method() === "GET" ? undefined : (req.postData() ?? ""),
      });
      const body = await res.text();
      proxied.push({ method: req.method(), body: req.postData(), status: res.status });
      return route.fulfill({ status: res.status, contentType: "application/json", body });
    }
    return route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html><head><meta charset="utf-8"></head><body><script>${stub}</script>
<script id="beckon-shop-context" type="application/json">${shopContext}</script><p>Butik</p>
<script async src="${server.origin}/api/websites/${websiteId}.js"></script></body></html>`,
    });
  });
  await page.goto(`${HOST}/products/kaffe`);
  await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, { timeout: 15_000 });
  const token = await page.evaluate(
    (id) => new RegExp(`cf_${id}_id=([^;]+)`).exec(document.cookie)?.[1] ?? null,
    websiteId,
  );
  return { page, context, proxied, token, extras };
}

describe("the logged-in Shopify customer", () => {
  it("links the visitor through the app proxy once, and the form opens with the customer's e-mail", async () => {
    const { page, context, proxied, token } = await open(true);
    expect(token).toBeTruthy();
    await expect.poll(() => proxied.length, { timeout: 10_000 }).toBe(1);
    expect(proxied[0]).toEqual({ method: "POST", body: JSON.stringify({ visitor_token: token }), status: 200 });
    await expect
      .poll(
        async () =>
          (await tdb.db.person.findUnique({ where: { websiteId_visitorToken: { websiteId, visitorToken: token! } } }))
            ?.shopifyCustomerId,
        { timeout: 10_000 },
      )
      .toBe(CUSTOMER_ID);

    await page.evaluate(
      (id) => (window as unknown as { beckon: { trigger(id: number): void } }).beckon.trigger(id),
      ctaId,
    );
    const email = page.locator(`beckon-cta input[name=email]`);
    await expect.poll(() => email.inputValue().catch(() => null), { timeout: 10_000 }).toBe("karin.kund@exempel.se");

    // The next page view in the same session asks no more.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
      timeout: 15_000,
    });
    await page.waitForLoadState("networkidle");
    expect(proxied).toHaveLength(1);
    await context.close();
  });

  it("a guest's page makes no call to the app proxy", async () => {
    const { page, context, proxied, extras } = await open(false);
    await page.waitForLoadState("networkidle");
    // Decided before ready: a link would have asked for the extras chunk at once. Without it no call can follow.
    expect(extras).toEqual([]);
    expect(proxied).toEqual([]);
    await context.close();
  });
});
