/**
 * Headless Beckon joins the storefront's cart, in Chromium on the local
 * storefront's /headless-example (test/storefront/headless-example): a React
 * app with hydrogen-react's ShopifyProvider + CartProvider and a Beckon
 * product feed in BeckonProvider, the market Sweden (SEK at 10 per USD).
 * A CTA add lands in the CartProvider's cart (the page's own cart UI shows it,
 * the storefront received cartLinesAdd on that same cart with @inContext);
 * without a CartProvider, a given cartId gets the adds and no cartCreate is
 * sent, and a created cart is reported through onCartCreated. On
 * /hydrogen-example, an app shaped like Hydrogen's skeleton (the cart on its
 * server behind a CartForm route, its id in the `cart` cookie), a CTA add
 * goes through that route into the server's cart, and the page shows it
 * without a reload. In every mode, an add the cart refuses (a variant sold
 * out since the feed loaded) shows the shopper why under the CTA's button.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { launchStorefrontChromium, openWatchedPage, shop, withStorefront } from "#test/support/storefront-page";
import { buildHeadlessExample, type HeadlessExampleData } from "#test/storefront/headless-example/page";
import { buildHydrogenExample } from "#test/storefront/hydrogen-example/routes";
import { createWebsite } from "#app/models/website.server";
import { loadCtaDocument, publishCta, saveCtaDocument } from "#app/models/cta.server";
import { buildPublicConfig } from "#app/models/public-config.server";
import { ctaWithElements, websiteSettingsMock } from "#test/support/factories";

const TOKEN = "headless-example-token";
const KETTLE = "gid://shopify/ProductVariant/46100000000031";
const FILTERS = "gid://shopify/ProductVariant/46100000000041";
const SWEDEN = { country: "SE", language: "SV" };

let example: Omit<HeadlessExampleData, "storeDomain">;
let websiteId: number;
let feedCtaId: number;

withE2eStack({
  seed: false,
  launch: launchStorefrontChromium,
  setupTimeout: 180_000,
  beforeServer: async () => {
    websiteId = (
      await createWebsite(
        tdb.db,
        websiteSettingsMock({ name: "Headless store", domain: "https://headless.example", business_type: "ecommerce" }),
      )
    ).id;
    const feed = {
      element_type: "products" as const,
      options: { "products-button-action-after-add-to-cart": "cart" },
      product_recommendations: [{ source: "manual", handles: ["gooseneck-kettle", "paper-filters"] }],
    };
    const doc = await saveCtaDocument(
      tdb.db,
      websiteId,
      ctaWithElements([feed], {
        name: "Feed",
        cta_type: "inline",
        inline_type: "embed",
        overlay_type: null,
        options: {},
      } as never),
    );
    await publishCta(tdb.db, websiteId, doc.id!);
    feedCtaId = doc.id!;
  },
});

beforeAll(async () => {
  const cta = await loadCtaDocument(tdb.db, websiteId, feedCtaId);
  const config = await buildPublicConfig(tdb.db, websiteId, server.origin);
  if (!cta || !config) throw new Error("the published CTA or the website config is missing");
  example = {
    cta,
    config,
    storefrontToken: TOKEN,
    ...SWEDEN,
  };
});

withStorefront(() => ({
  publicAccessToken: TOKEN,
  markets: { SE: { currency: "SEK", rate: 10 } },
  headlessExample: (origin) => ({ ...example, storeDomain: origin }),
}));

beforeAll(async () => {
  await Promise.all([buildHeadlessExample(), buildHydrogenExample()]);
}, 180_000);

async function open(
  context: BrowserContext,
  search = "",
  example = "/headless-example",
): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openWatchedPage(context, `${shop.origin}${example}${search}`);
  await page.locator(".bk-product").first().waitFor({ timeout: 20_000 });
  return { page, errors };
}

const productButton = (page: Page, handle: string) =>
  page.locator(`.bk-product[data-product-handle="${handle}"] .bk-product-button`);

async function addThroughCta(page: Page, handle: string) {
  const button = productButton(page, handle);
  await button.click();
  await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe("View Cart");
}

/** Sells out a product's first variant in the storefront (the feed already showed it available); answers the restock. */
function sellOut(handle: string): () => void {
  const variant = shop.state.products.find((p) => p.handle === handle)!.variants[0];
  variant.available = false;
  return () => void (variant.available = true);
}

/** Clicks a product's CTA button and waits for the cart's refusal in words under it; the button is enabled again. */
async function expectRefused(page: Page, handle: string, text: string) {
  await productButton(page, handle).click();
  const refusal = page.locator(`.bk-product[data-product-handle="${handle}"] .bk-cart-refusal`);
  await expect.poll(() => refusal.textContent(), { timeout: 10_000 }).toBe(text);
  expect(await refusal.getAttribute("role")).toBe("alert");
  expect(await productButton(page, handle).isEnabled()).toBe(true);
  expect(await productButton(page, handle).textContent()).toBe("Add to Cart");
}

/** The page's own cart UI after both adds: the kettle and the filters, 730.00 SEK in Sweden. */
async function expectKettleAndFilters(page: Page) {
  await expect.poll(() => page.locator("#cart-count").textContent()).toBe("2");
  expect(
    await page.locator("#cart-lines li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-variant"))),
  ).toEqual([KETTLE, FILTERS]);
  expect(await page.locator("#cart-total").textContent()).toBe("730.00 SEK");
}

/** A cart the storefront made itself, through the Storefront API as any headless storefront would. */
async function storefrontCart(): Promise<string> {
  const res = await fetch(`${shop.origin}/api/2026-04/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Storefront-Access-Token": TOKEN },
    body: JSON.stringify({ query: "mutation { cartCreate(input: {}) { cart { id } } }" }),
  });
  return ((await res.json()) as { data: { cartCreate: { cart: { id: string } } } }).data.cartCreate.cart.id;
}

describe("inside hydrogen-react's CartProvider", () => {
  it("CTA adds go through useCart().linesAdd: the page's cart UI shows them, cartLinesAdd hits the same cart with @inContext", async () => {
    shop.state.reset();
    const context = await browser.newContext();
    const { page, errors } = await open(context);
    expect(await page.locator("#beckon-cart-source").textContent()).toBe("cart-provider");
    // Prices in the market's currency: the kettle is $65.00, 650.00 SEK in Sweden.
    await expect
      .poll(() => page.locator('.bk-product[data-product-handle="gooseneck-kettle"]').textContent())
      .toMatch(/650/);

    await addThroughCta(page, "gooseneck-kettle");
    await expect.poll(() => page.locator("#cart-count").textContent()).toBe("1");
    const cartId = await page.locator("#cart").getAttribute("data-cart-id");
    expect(cartId).toMatch(/^gid:\/\/shopify\/Cart\//);

    await addThroughCta(page, "paper-filters");
    await expectKettleAndFilters(page);
    // The add-to-cart trigger follows the CartProvider's cart: both adds were heard.
    await expect.poll(() => page.locator("#beckon-adds-heard").textContent()).toBe("2");

    // The CartProvider made the cart with the first add; the second is cartLinesAdd on that very cart.
    const writes = shop.state.cartWrites.filter((w) => w.api === "graphql");
    expect(writes.map((w) => w.op)).toEqual(["CartCreate", "CartLineAdd"]);
    const add = writes[1];
    expect((add.body as { cartId: string }).cartId).toBe(cartId);
    expect(JSON.stringify((add.body as { lines: unknown }).lines)).toContain(FILTERS);
    expect(add.inContext).toEqual(SWEDEN);
    // Every Storefront operation on the page, the CartProvider's and Beckon's product reads, carries the market.
    expect(shop.state.graphql.map((g) => g.operation)).toContain("BeckonProduct");
    for (const g of shop.state.graphql) expect(g.inContext, g.operation).toEqual(SWEDEN);
    // One cart in the store: Beckon never made its own.
    expect(shop.state.carts.size).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

describe("without a CartProvider (Beckon's Storefront API cart)", () => {
  it("with the storefront's cartId: adds go to that cart with cartLinesAdd, no cartCreate", async () => {
    const cartId = await storefrontCart();
    // The storefront's cart must stay: only the records are cleared.
    shop.state.cartWrites.length = 0;
    shop.state.graphql.length = 0;
    const context = await browser.newContext();
    const { page, errors } = await open(context, `?mode=storefront&cartId=${encodeURIComponent(cartId)}`);
    expect(await page.locator("#beckon-cart-source").textContent()).toBe("storefront");
    await addThroughCta(page, "gooseneck-kettle");
    const ops = shop.state.graphql.map((g) => g.operation);
    expect(ops).not.toContain("BeckonCartCreate");
    const adds = shop.state.cartWrites.filter((w) => w.op === "BeckonCartLinesAdd");
    expect(adds).toHaveLength(1);
    expect(adds[0].body).toMatchObject({ cartId, lines: [{ merchandiseId: KETTLE, quantity: 1 }], ...SWEDEN });
    expect(adds[0].inContext).toEqual(SWEDEN);
    const token = cartId.split("/").pop()!;
    expect(shop.state.carts.get(token)?.lines.map((l) => l.variantId)).toEqual([46100000000031]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("without one: creates a cart once and reports it through onCartCreated", async () => {
    shop.state.reset();
    const context = await browser.newContext();
    const { page, errors } = await open(context, "?mode=storefront");
    await addThroughCta(page, "gooseneck-kettle");
    await addThroughCta(page, "paper-filters");
    const created = await page.locator("#cart-id").textContent();
    expect(created).toMatch(/^gid:\/\/shopify\/Cart\//);
    const writes = shop.state.cartWrites.filter((w) => w.api === "graphql");
    expect(writes.map((w) => w.op)).toEqual(["BeckonCartCreate", "BeckonCartLinesAdd", "BeckonCartLinesAdd"]);
    for (const w of writes.slice(1)) expect((w.body as { cartId: string }).cartId).toBe(created);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("a refused add in the other modes", () => {
  it.each([
    // hydrogen-react's mutations select no warnings: the CTA knows only that the line is not in the answered cart.
    ["the CartProvider's cart", "", "Sorry, this product can't be added to the cart right now."],
    ["the storefront's given cart", "?mode=storefront&cartId=", "Sorry, this product just sold out."],
  ])(
    "%s: the CTA says why, and the next add goes in",
    async (_mode, search, text) => {
      shop.state.reset();
      const given = search.endsWith("cartId=") ? encodeURIComponent(await storefrontCart()) : "";
      const context = await browser.newContext();
      const { page, errors } = await open(context, search + given);
      const restock = sellOut("gooseneck-kettle");
      try {
        await expectRefused(page, "gooseneck-kettle", text);
      } finally {
        restock();
      }
      await addThroughCta(page, "paper-filters");
      const carts = [...shop.state.carts.values()].filter((c) => c.lines.length);
      expect(carts.map((c) => c.lines.map((l) => l.variantId))).toEqual([[46100000000041]]);
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );
});

describe("an app shaped like Hydrogen's skeleton (the cart on its server, CartForm posts)", () => {
  /** The token of the page's `cart` cookie: the cart id the app's server keeps. */
  const cookieCart = async (context: BrowserContext) =>
    (await context.cookies()).find((c) => c.name === "cart")?.value ?? null;

  it("a CTA's Add to Cart lands in the server cart; the page's cart shows it without a reload; checkout is that cart's", async () => {
    shop.state.reset();
    const context = await browser.newContext();
    const { page, errors } = await open(context, "", "/hydrogen-example");
    expect(await page.locator("#beckon-cart-source").textContent()).toBe("server");
    expect(await page.locator("#cart-count").textContent()).toBe("0");
    // A reload would lose this.
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    await addThroughCta(page, "gooseneck-kettle");
    await expect.poll(() => page.locator("#cart-count").textContent()).toBe("1");
    const token = await cookieCart(context);
    expect(token).toBeTruthy();
    const cartId = `gid://shopify/Cart/${token}`;
    expect(await page.locator("#cart").getAttribute("data-cart-id")).toBe(cartId);

    await addThroughCta(page, "paper-filters");
    await expectKettleAndFilters(page);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(Number(await page.locator("#cart").getAttribute("data-revalidations"))).toBeGreaterThanOrEqual(2);

    // The writes were the app server's: the cart created with the first add, the second added to it, in the market.
    const writes = shop.state.cartWrites.filter((w) => w.api === "graphql");
    expect(writes.map((w) => w.op)).toEqual(["ExampleCartCreate", "ExampleCartLinesAdd"]);
    expect((writes[1].body as { cartId: string }).cartId).toBe(cartId);
    for (const w of writes) expect(w.inContext).toEqual(SWEDEN);
    expect(shop.state.graphql.map((g) => g.operation)).not.toContain("BeckonCartLinesAdd");
    // One cart, the cookie's, with both lines, each tagged _convertflow (SPEC 7).
    expect(shop.state.carts.size).toBe(1);
    const lines = shop.state.carts.get(token!)!.lines;
    expect(lines.map((l) => l.variantId)).toEqual([46100000000031, 46100000000041]);
    for (const line of lines) expect(line.properties._convertflow).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    // The page's checkout link is that cart's checkout, and goes there.
    const checkout = await page.locator("#checkout").getAttribute("href");
    expect(checkout).toBe(`${shop.origin}/checkouts/cn/${token}`);
    await page.locator("#checkout").click();
    await page.waitForURL(`**/checkouts/cn/${token}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("an add the server cart refuses (sold out since the feed loaded) shows why in the CTA; the next valid add goes in", async () => {
    shop.state.reset();
    const context = await browser.newContext();
    const { page, errors } = await open(context, "", "/hydrogen-example");
    const restock = sellOut("gooseneck-kettle");
    try {
      await expectRefused(page, "gooseneck-kettle", "Sorry, this product just sold out.");
      // The add went through the app's route and came back with the Storefront API's stock warning.
      expect(shop.state.cartWrites.filter((w) => w.api === "graphql").map((w) => w.op)).toEqual(["ExampleCartCreate"]);
      expect(await page.locator("#cart-count").textContent()).toBe("0");

      await addThroughCta(page, "paper-filters");
      await expect.poll(() => page.locator("#cart-count").textContent()).toBe("1");
      expect(
        await page.locator("#cart-lines li").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-variant"))),
      ).toEqual([FILTERS]);
      expect(await page.locator(".bk-cart-refusal").count()).toBe(1);

      // Back in stock: trying again clears the text and adds it.
      restock();
      await addThroughCta(page, "gooseneck-kettle");
      expect(await page.locator(".bk-cart-refusal").count()).toBe(0);
      await expect.poll(() => page.locator("#cart-count").textContent()).toBe("2");
      expect(await page.locator("#cart-total").textContent()).toBe("730.00 SEK");
    } finally {
      restock();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("the page's cart comes from its server: a reload shows it, the page's own CartForm removes a line", async () => {
    shop.state.reset();
    const context = await browser.newContext();
    const first = await open(context, "", "/hydrogen-example");
    await addThroughCta(first.page, "gooseneck-kettle");
    await expect.poll(() => first.page.locator("#cart-count").textContent()).toBe("1");
    await first.page.close();

    const { page, errors } = await open(context, "", "/hydrogen-example");
    expect(await page.locator("#cart-count").textContent()).toBe("1");
    await page.locator("#cart-lines li .remove").click();
    await expect.poll(() => page.locator("#cart-count").textContent()).toBe("0");
    expect(shop.state.carts.get((await cookieCart(context))!)!.lines).toEqual([]);
    expect(errors.concat(first.errors)).toEqual([]);
    await context.close();
  }, 90_000);
});
