/**
 * The store elements end to end in Chromium on the demo store: the local
 * storefront serves a Shopify-like page with the generic snippet (so the Ajax
 * API is same-origin, as on a real store), the real server serves the widget.
 * A product feed shows three products; add to cart updates the storefront's
 * cart and stores Add To Cart with product fields; a discount code applies and
 * redirects; a subscription adds with its selling plan; a sold-out variant
 * shows SOLD OUT; per-option variant pickers, Yotpo review stars and add-all
 * (one cart call, first selling plan for a product that requires one). Then
 * the same through widget/react on the Storefront GraphQL cart, whose default
 * track stores Add To Cart on the real server.
 */
import path from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { cartJs, launchStorefrontChromium, openShopPage, shop, withStorefront } from "#test/support/storefront-page";
import { createWebsite } from "#app/models/website.server";
import { loadCtaDocument, publishCta, saveCtaDocument } from "#app/models/cta.server";
import { buildPublicConfig } from "#app/models/public-config.server";
import { ctaWithElements, websiteSettingsMock } from "#test/support/factories";
import { genericSnippet } from "#widget/snippet";
import { eventually } from "#test/support/eventually";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";

const root = path.resolve(__dirname, "../..");
const HANDLES = ["morning-ritual-coffee", "ceramic-pour-over", "gooseneck-kettle", "paper-filters"];

let websiteId: number;
let ctaId: number;
let headlessJs = "";
let headlessData = "";

const feedElement = () => ({
  element_type: "products" as const,
  options: {
    "products-button-action-after-add-to-cart": "cart",
    "products-quantity": true,
    "products-add-all": true,
    // Yotpo through the local storefront's review endpoints (same origin as the page).
    "reviews-provider": "yotpo",
    "reviews-app-key": "demo-app-key",
    "reviews-base-url": "/reviews/yotpo",
  },
  product_recommendations: [{ source: "manual", handles: HANDLES }],
  actions: [{ action_type: "apply_discount" as const, data: { code: "SAVE10" } }],
});

function storePage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Beckon Demo Store</title></head><body>
<script>window.Shopify={shop:"beckon-demo.myshopify.com",routes:{root:"/"},currency:{active:"USD"}};window.__events=[];["cfView","cfAddToCart","cfAddToCartShopify"].forEach(function(n){document.addEventListener(n,function(e){window.__events.push([n,e.detail])})});</script>
<h1>Beckon Demo Store</h1>
<div data-beckon-area="products"></div>
${genericSnippet({ origin: server.origin, websiteId })}
</body></html>`;
}

const headlessPage = () => `<!doctype html><html><head><meta charset="utf-8"><title>Headless</title></head><body>
<div id="app"></div><script>window.__data=${headlessData};</script><script type="module" src="/headless.js"></script></body></html>`;

withE2eStack({
  seed: false,
  launch: launchStorefrontChromium,
  setupTimeout: 120_000,
  beforeServer: async () => {
    websiteId = (
      await createWebsite(
        tdb.db,
        websiteSettingsMock({
          name: "Beckon Demo Store",
          domain: "https://beckon-demo.myshopify.com",
          business_type: "ecommerce",
        }),
      )
    ).id;
    const doc = await saveCtaDocument(
      tdb.db,
      websiteId,
      ctaWithElements([feedElement()], {
        name: "Product feed",
        cta_type: "inline",
        inline_type: "embed",
        overlay_type: null,
        options: { area: "products" },
      } as never),
    );
    await publishCta(tdb.db, websiteId, doc.id!);
    ctaId = doc.id!;
  },
});

withStorefront(() => ({
  // The coffee requires a selling plan here, so add-all has to pick its first plan (SPEC 5).
  products: DEMO_STORE_PRODUCTS.map((p) =>
    p.handle === "morning-ritual-coffee" ? { ...p, requires_selling_plan: true } : p,
  ) as never,
  routes: (req, res, url) => {
    const send = (type: string, body: string) => (
      res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" }),
      res.end(body),
      true
    );
    if (url.pathname === "/shop") return send("text/html; charset=utf-8", storePage());
    if (url.pathname === "/headless") return send("text/html; charset=utf-8", headlessPage());
    if (url.pathname === "/headless.js") return send("text/javascript", headlessJs);
    return false;
  },
}));

beforeAll(async () => {
  const cta = await loadCtaDocument(tdb.db, websiteId, ctaId);
  const config = await buildPublicConfig(tdb.db, websiteId, server.origin);
  headlessData = JSON.stringify({ cta, config }).replace(/</g, "\\u003c");
  const bundled = await build({
    stdin: {
      resolveDir: root,
      loader: "tsx",
      contents: `
        import { createRoot } from "react-dom/client";
        import { BeckonProvider, BeckonCta, useBeckon } from "./widget/react";
        const { cta, config } = window.__data;
        const local = (url, init) => fetch(String(url).replace(/^https:\\/\\/[^/]+/, location.origin), init);
        function CartCount() {
          const { store } = useBeckon();
          return <button id="cart-count" onClick={async () => { const r = await store.getCart(); document.getElementById("cart-count").textContent = r.ok ? String(r.value.count) : "error"; }}>cart</button>;
        }
        createRoot(document.getElementById("app")).render(
          <BeckonProvider config={config} storefront={{ storeDomain: "beckon-demo.myshopify.com", publicAccessToken: "public-token", fetch: local, cartUrl: "/cart" }}
>
            <h1>Headless store</h1>
            <CartCount />
            <BeckonCta cta={cta} />
          </BeckonProvider>,
        );`,
    },
    bundle: true,
    format: "esm",
    jsx: "automatic",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  headlessJs = bundled.outputFiles[0].text;
}, 120_000);

const product = (page: Page, handle: string) => page.locator(`.bk-product[data-product-handle="${handle}"]`);

/** The tracked events of a kind, once there is one (an empty list after the time-out, for the assertion to name). */
const waitForEvent = (kind: string, timeoutMs = 10_000) =>
  eventually(
    async () => {
      const rows = await tdb.db.trackedEvent.findMany({ where: { websiteId, eventType: kind } });
      return rows.length ? rows : null;
    },
    { timeoutMs, pollMs: 200 },
  ).catch(() => []);

describe("store elements on a Shopify theme page (Ajax API)", () => {
  it("shows three products; add to cart fills the real cart, tracks Add To Cart, and the discount code applies on the way to the cart", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/shop");
    await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
    expect(await page.locator(".bk-product").count()).toBe(3);
    // The coffee requires a selling plan here: its first plan's price (10 % off $18.00).
    expect(await page.locator(".bk-price").allTextContents()).toEqual(["$16.20", "$32.00", "$65.00"]);
    const kettle = product(page, "gooseneck-kettle");
    await kettle.locator(".bk-product-quantity input").fill("2");
    await kettle.locator(".bk-product-quantity input").dispatchEvent("change");
    const button = kettle.locator(".bk-product-button");
    await button.click();
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe("View Cart");
    const cart = await cartJs(page);
    expect(cart.items.map((i: { id: number; quantity: number }) => [i.id, i.quantity])).toEqual([[46100000000031, 2]]);
    const events = await waitForEvent("Add To Cart");
    expect(events).toHaveLength(1);
    expect(events[0].ctaId).toBe(ctaId);
    expect(events[0].data).toMatchObject({
      product_id: "8100000000003",
      product_name: "Gooseneck Kettle",
      product_variant: "46100000000031",
      product_price: 65,
      product_source: "manual",
    });
    const fired = await page.evaluate(() => (window as unknown as { __events: [string][] }).__events.map((e) => e[0]));
    expect(fired).toEqual(expect.arrayContaining(["cfAddToCart", "cfAddToCartShopify"]));
    await Promise.all([page.waitForURL(/\/cart$/), button.click()]);
    expect(shop.state.requests.some((r) => r.path === "/discount/SAVE10" && r.search === "?redirect=/cart")).toBe(true);
    const after = await cartJs(page);
    expect(JSON.stringify(after)).toContain("SAVE10");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("view cart waits while another product's add is still in flight, then goes (SPEC 9 cart wait before a redirect)", async () => {
    const context = await browser.newContext();
    // The redirect's delays run on the page's clock, moved on by the test.
    await context.clock.install();
    const { page, errors } = await openShopPage(context, "/shop");
    await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
    const kettle = product(page, "gooseneck-kettle").locator(".bk-product-button");
    await kettle.click();
    await expect.poll(() => kettle.textContent(), { timeout: 5000 }).toBe("View Cart");
    // The next add reaches the store only when the test lets it.
    const held: Route[] = [];
    await page.route("**/cart/add.js", (route) => void held.push(route));
    const discounts: string[] = [];
    page.on("request", (r) => r.url().includes("/discount/") && discounts.push(r.url()));
    await product(page, "ceramic-pour-over").locator(".bk-product-button").click();
    await expect.poll(() => held.length, { timeout: 5000 }).toBe(1);
    await kettle.click();
    // Without the wait the redirect would go 600 ms after the click: twice that on the page's clock.
    await page.clock.runFor(1200);
    expect(discounts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/shop");
    await Promise.all([page.waitForURL(/\/cart$/), held[0].continue()]);
    const cart = await cartJs(page);
    expect(cart.items.map((i: { handle: string }) => i.handle).sort()).toEqual([
      "ceramic-pour-over",
      "gooseneck-kettle",
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("a subscription product adds with its selling plan; a sold-out variant shows SOLD OUT with a disabled button", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/shop");
    await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
    const coffee = product(page, "morning-ritual-coffee");
    await coffee.locator(".bk-product-subscription select").selectOption("690011111");
    expect(await coffee.locator(".bk-price").textContent()).toBe("$16.20");
    await coffee.locator(".bk-product-button").click();
    await expect.poll(() => coffee.locator(".bk-product-button").textContent(), { timeout: 5000 }).toBe("View Cart");
    const cart = await cartJs(page);
    expect(cart.items).toEqual([
      expect.objectContaining({
        id: 46100000000011,
        quantity: 1,
        selling_plan_allocation: expect.objectContaining({ selling_plan: expect.objectContaining({ id: 690011111 }) }),
      }),
    ]);

    const dripper = product(page, "ceramic-pour-over");
    await dripper.locator(".bk-product-variant select").selectOption("Charcoal");
    expect(await dripper.locator(".bk-badge").textContent()).toBe("SOLD OUT");
    expect(await dripper.locator(".bk-product-button").textContent()).toBe("Sold Out");
    expect(await dripper.locator(".bk-product-button").isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("variant options, review stars and add-all on the theme page", () => {
  it("picks a variant by its options, shows Yotpo stars after 1 s, and add-all puts every shown product in the cart in one call", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/shop");
    await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
    const kettle = product(page, "gooseneck-kettle");
    await kettle.locator(".bk-review-count").waitFor({ timeout: 5000 });
    expect(await kettle.locator(".bk-review-count").textContent()).toBe("(25 Reviews)");
    expect(await kettle.locator(".bk-stars").textContent()).toBe("★★★★☆");
    expect(await product(page, "morning-ritual-coffee").locator(".bk-review-count").textContent()).toBe("(3 Reviews)");
    expect(
      shop.state.requests.some((r) => r.path === "/reviews/yotpo/products/demo-app-key/8100000000003/bottomline"),
    ).toBe(true);

    const coffee = product(page, "morning-ritual-coffee");
    const size = coffee.locator('.bk-product-option[data-option="Size"] select');
    const grind = coffee.locator('.bk-product-option[data-option="Grind"] select');
    await size.selectOption("1 kg");
    await grind.selectOption("Ground"); // the store has no 1 kg ground
    expect(await coffee.locator(".bk-product-button").textContent()).toBe("Sold Out");
    expect(await coffee.locator(".bk-product-button").isDisabled()).toBe(true);
    await size.selectOption("250 g");
    await coffee.locator(".bk-product-button").click();
    await expect.poll(() => coffee.locator(".bk-product-button").textContent(), { timeout: 5000 }).toBe("View Cart");
    const lines = (cart: {
      items: { id: number; quantity: number; selling_plan_allocation?: { selling_plan: { id: number } } | null }[];
    }) =>
      cart.items
        .map((i) => [i.id, i.quantity, i.selling_plan_allocation?.selling_plan.id ?? null])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(lines(await cartJs(page))).toEqual([[46100000000012, 1, 690011111]]);

    const adds = () => shop.state.cartWrites.filter((w) => w.api === "ajax" && w.op === "add").length;
    const before = adds();
    await Promise.all([page.waitForURL(/\/cart$/), page.locator(".bk-add-all").click()]);
    expect(adds() - before).toBe(1);
    expect(lines(await cartJs(page))).toEqual([
      [46100000000012, 2, 690011111],
      [46100000000021, 1, null],
      [46100000000031, 1, null],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("the same through widget/react (Storefront GraphQL cart)", () => {
  it("adds lines with merchandiseId (and sellingPlanId for the subscription) to a new Storefront cart", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/headless");
    await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
    expect(await page.locator(".bk-product").count()).toBe(3);
    const writesBefore = shop.state.cartWrites.length;
    const kettle = product(page, "gooseneck-kettle");
    await kettle.locator(".bk-product-button").click();
    await expect.poll(() => kettle.locator(".bk-product-button").textContent(), { timeout: 5000 }).toBe("View Cart");
    const coffee = product(page, "morning-ritual-coffee");
    await coffee.locator(".bk-product-subscription select").selectOption("gid://shopify/SellingPlan/690011112");
    await coffee.locator(".bk-product-button").click();
    await expect.poll(() => coffee.locator(".bk-product-button").textContent(), { timeout: 5000 }).toBe("View Cart");
    const writes = shop.state.cartWrites.slice(writesBefore).filter((w) => w.api === "graphql");
    expect(writes.map((w) => w.op)).toEqual(expect.arrayContaining(["BeckonCartCreate", "BeckonCartLinesAdd"]));
    const adds = JSON.stringify(writes.filter((w) => w.op === "BeckonCartLinesAdd").map((w) => w.body));
    expect(adds).toContain("gid://shopify/ProductVariant/46100000000031");
    expect(adds).toContain("gid://shopify/ProductVariant/46100000000011");
    expect(adds).toContain("gid://shopify/SellingPlan/690011112");
    await page.locator("#cart-count").click();
    await expect.poll(() => page.locator("#cart-count").textContent()).toBe("2");
    // widget/react's default track: the visitor is created, then the events reach the server's DB.
    const headless = async () =>
      (await tdb.db.trackedEvent.findMany({ where: { websiteId, eventType: "Add To Cart" } })).filter((e) =>
        String(e.url).endsWith("/headless"),
      );
    await expect.poll(async () => (await headless()).length, { timeout: 10_000 }).toBe(2);
    const kettleEvent = (await headless()).find(
      (e) => (e.data as Record<string, unknown>).product_name === "Gooseneck Kettle",
    );
    expect(kettleEvent).toMatchObject({
      ctaId,
      data: expect.objectContaining({
        product_variant: "gid://shopify/ProductVariant/46100000000031",
        product_price: 65,
        product_source: "manual",
      }),
    });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("applies the discount code to the Storefront cart on the way to the cart page", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/headless");
    await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
    const writesBefore = shop.state.cartWrites.length;
    const kettle = product(page, "gooseneck-kettle");
    const button = kettle.locator(".bk-product-button");
    await button.click();
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe("View Cart");
    await Promise.all([page.waitForURL(/\/cart$/), button.click()]);
    const writes = shop.state.cartWrites.slice(writesBefore).filter((w) => w.api === "graphql");
    const discount = writes.filter((w) => w.op === "BeckonCartDiscountCodesUpdate");
    // Applied by the element's apply_discount action on add and again on the click-through (idempotent).
    expect(discount.length).toBeGreaterThanOrEqual(1);
    for (const d of discount) expect(JSON.stringify(d.body)).toContain("SAVE10");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
