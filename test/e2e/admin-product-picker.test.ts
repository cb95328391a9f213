/**
 * Products are picked, not typed: the owner of the seeded demo store
 * (standalone admin) opens a CTA whose button adds products to the cart,
 * searches the store's products (a local fake of Shopify's Admin GraphQL API
 * stands in for the shop), pages to more results, picks a variant, sees its
 * title, image and price in the editor, saves, and the stored CTA holds the
 * numeric variant id the widget's cart takes. A revoked token shows a clear
 * message in the editor. A product feed can show a collection: searched,
 * picked, shown with image, title and product count, saved by handle.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { launchChromium } from "#test/support/chromium";
import { hydrated, seriousViolations } from "#test/support/admin-page";
import { FakeShopifyAdmin, type FakeCollection, type FakeProduct } from "#test/support/fake-providers/shopify-admin";
import { seedIfEmpty } from "#prisma/seed";
import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-store";
import { singleStepCta } from "#prisma/seed-data/builders";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";

const TOKEN = "shpat_e2e_offline";
const products: FakeProduct[] = [
  ...Array.from({ length: 11 }, (_, i) => ({
    id: 700 + i,
    title: `Espresso blend ${String(i + 1).padStart(2, "0")}`,
    handle: `espresso-${i + 1}`,
    image: `https://cdn.shopify.test/espresso-${i + 1}.jpg`,
    currency: "USD",
    variants: [{ id: 7700 + i, title: "Default Title", price: "18.00" }],
  })),
  {
    id: 800,
    title: "Espresso grinder",
    handle: "espresso-grinder",
    image: "https://cdn.shopify.test/grinder.jpg",
    currency: "USD",
    variants: [
      { id: 8801, title: "Black", price: "129.00" },
      {
        id: 8802,
        title: "Steel",
        price: "149.00",
        image: "https://cdn.shopify.test/grinder-steel.jpg",
      },
    ],
  },
];

const collections: FakeCollection[] = [
  {
    id: 51,
    title: "Espresso machines",
    handle: "espresso-machines",
    image: "https://cdn.shopify.test/machines.jpg",
    productsCount: 4,
  },
  { id: 52, title: "Espresso cups", handle: "espresso-cups", image: null, productsCount: 9 },
];

let tdb: TestDatabase;
let server: TestServer;
let shopify: FakeShopifyAdmin;
let browser: Browser;
let page: Page;
let store: number;
let ctaId: number;
let feedCtaId: number;
const errors: string[] = [];
/** Waits for what the page shows (a debounced search and a server round trip on a busy machine). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  store = (
    await tdb.db.website.findFirstOrThrow({
      where: { shopDomain: DEMO_SHOP_DOMAIN },
    })
  ).id;
  // The shop's offline token, as Shopify's install stores it.
  await tdb.db.session.create({
    data: {
      id: `offline_${DEMO_SHOP_DOMAIN}`,
      shop: DEMO_SHOP_DOMAIN,
      state: "",
      isOnline: false,
      accessToken: TOKEN,
      scope: "read_products",
    },
  });
  const cta = await saveCtaDocument(tdb.db, store, {
    ...singleStepCta({
      name: "Grinder upsell",
      cta_type: "overlay",
      overlay_type: "boxed",
      elements: [
        {
          element_type: "button",
          options: { text: "Add the grinder" },
          action_groups: [{ data: { "confirmation-type": "cart" } }],
        },
      ],
    }),
    // A draft saves in place (a published CTA would keep the edit as its unpublished draft).
    status: "draft",
  });
  ctaId = cta.id!;
  const feed = await saveCtaDocument(tdb.db, store, {
    ...singleStepCta({
      name: "Espresso feed",
      cta_type: "overlay",
      overlay_type: "boxed",
      elements: [{ element_type: "products", options: { "products-limit": 3 } }],
    }),
    status: "draft",
  });
  feedCtaId = feed.id!;
  shopify = await new FakeShopifyAdmin(TOKEN, products, "2026-07", collections).start();
  server = await startTestServer({
    databaseUrl: tdb.url,
    env: { BECKON_SHOPIFY_ADMIN_URL: shopify.url },
  });
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${server.origin}/owner/login`);
  await page.fill('input[name="email"]', "owner@beckon-demo.test");
  await page.fill('input[name="password"]', "beckon-demo-2026");
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/owner/login")),
    page.click('button[type="submit"]'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await shopify?.server.stop();
  await tdb?.drop();
});

describe("the owner of the demo store picks a product for a cart button", () => {
  it("searches, pages, picks a variant, sees it, saves, and the CTA holds its id", async () => {
    await page.goto(`${server.origin}/owner/websites/${store}/ctas/${ctaId}`);
    await hydrated(page);
    await page.getByRole("button", { name: /^Edit element 1 / }).click();
    const search = page.getByLabel("Search the store's products");
    await search.fill("espresso");
    // Debounced: one search for the whole word, answered by the fake Admin API.
    const results = page.locator("[data-product-result]");
    await poll(() => results.count()).toBe(10);
    expect(shopify.searches().filter((s) => s.query?.startsWith("espresso"))).toHaveLength(1);
    const first = results.first();
    await poll(() => first.textContent()).toContain("Espresso blend 01");
    expect(await first.textContent()).toContain("18.00 USD");
    expect(await first.locator("img").getAttribute("src")).toBe("https://cdn.shopify.test/espresso-1.jpg");

    await page.getByRole("button", { name: "More results" }).click();
    await poll(() => results.count()).toBe(12);
    const grinder = page.locator('[data-product-result="gid://shopify/Product/800"]');
    expect(await grinder.textContent()).toContain("129.00–149.00 USD");
    expect(await grinder.textContent()).toContain("2 variants");
    await grinder.getByRole("button", { name: "Add Espresso grinder – Steel" }).click();

    const chosen = page.locator('[data-selected-variant="8802"]');
    await poll(() => chosen.count()).toBe(1);
    expect(await chosen.textContent()).toContain("Espresso grinder");
    expect(await chosen.textContent()).toContain("Steel · 149.00 USD");
    expect(await chosen.locator("img").getAttribute("src")).toBe("https://cdn.shopify.test/grinder-steel.jpg");
    // Already chosen: its button says so and cannot add it twice.
    expect(
      await grinder
        .getByRole("button", {
          name: "Espresso grinder – Steel is already chosen",
        })
        .isDisabled(),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await poll(async () => {
      const doc = await loadCtaDocument(tdb.db, store, ctaId);
      return doc?.variants[0].steps[0].sections[0].columns[0].elements[0].action_groups[0].data[
        "selected-product-variant-ids"
      ];
    }).toEqual(["8802"]);
    const data = (await loadCtaDocument(tdb.db, store, ctaId))!.variants[0].steps[0].sections[0].columns[0].elements[0]
      .action_groups[0].data;
    expect(data["selected-products-summary"]).toEqual([
      {
        id: "8802",
        productId: "800",
        productTitle: "Espresso grinder",
        variantTitle: "Steel",
        image: "https://cdn.shopify.test/grinder-steel.jpg",
        price: "149.00 USD",
      },
    ]);

    // After a reload the editor still shows the product, not a bare id.
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: /^Edit element 1 / }).click();
    await poll(() => page.locator('[data-selected-variant="8802"]').textContent()).toContain("Espresso grinder");
    expect(errors).toEqual([]);
  });

  it("a revoked token is a clear message in the editor", async () => {
    shopify.revoked = true;
    await page.getByLabel("Search the store's products").fill("grinder");
    const alert = page.locator('[role="alert"]', {
      hasText: "uninstalled or its access revoked",
    });
    await poll(() => alert.count()).toBe(1);
    shopify.revoked = false;
  });

  it("picks the products a product feed shows; the CTA holds their handles", async () => {
    await page.goto(`${server.origin}/owner/websites/${store}/ctas/${feedCtaId}`);
    await hydrated(page);
    await page.getByRole("button", { name: /^Edit element 1 / }).click();
    await page.getByLabel("Search the store's products").fill("grinder");
    const grinder = page.locator('[data-product-result="gid://shopify/Product/800"]');
    await poll(() => grinder.count()).toBe(1);
    await grinder.getByRole("button", { name: "Add Espresso grinder" }).click();
    const shown = page.locator('[data-feed-product="espresso-grinder"]');
    await poll(() => shown.textContent()).toContain("129.00–149.00 USD");
    expect(await shown.locator("img").getAttribute("src")).toBe("https://cdn.shopify.test/grinder.jpg");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await poll(
      async () =>
        (await loadCtaDocument(tdb.db, store, feedCtaId))?.variants[0].steps[0].sections[0].columns[0].elements[0]
          .product_recommendations,
    ).toEqual([
      {
        source: "manual",
        handles: ["espresso-grinder"],
        summary: [
          {
            handle: "espresso-grinder",
            title: "Espresso grinder",
            image: "https://cdn.shopify.test/grinder.jpg",
            price: "129.00–149.00 USD",
          },
        ],
      },
    ]);
  });

  it("picks the collection a product feed shows; the CTA names its handle", async () => {
    await page.goto(`${server.origin}/owner/websites/${store}/ctas/${feedCtaId}`);
    await hydrated(page);
    await page.getByRole("button", { name: /^Edit element 1 / }).click();
    await page.getByLabel("Search the store's collections").fill("espresso mach");
    const result = page.locator('[data-collection-result="gid://shopify/Collection/51"]');
    await poll(() => result.count()).toBe(1);
    expect(await page.locator("[data-collection-result]").count()).toBe(1);
    expect(await result.textContent()).toContain("4 products");
    expect(shopify.searches().at(-1)).toMatchObject({ query: "title:*espresso* title:*mach*" });
    await result.getByRole("button", { name: "Choose Espresso machines" }).click();
    const shown = page.locator('[data-feed-collection="espresso-machines"]');
    await poll(() => shown.textContent()).toContain("Espresso machines");
    expect(await shown.textContent()).toContain("4 products");
    expect(await shown.locator("img").getAttribute("src")).toBe("https://cdn.shopify.test/machines.jpg");
    expect(await result.getByRole("button", { name: "Espresso machines is already chosen" }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const feed = async () =>
      (await loadCtaDocument(tdb.db, store, feedCtaId))?.variants[0].steps[0].sections[0].columns[0].elements[0]
        .product_recommendations;
    await poll(async () => (await feed())?.find((e) => e.source === "collection")).toEqual({
      source: "collection",
      handle: "espresso-machines",
      summary: {
        id: "51",
        title: "Espresso machines",
        image: "https://cdn.shopify.test/machines.jpg",
        productsCount: 4,
      },
    });
    // The hand-picked products stay.
    expect((await feed())?.find((e) => e.source === "manual")).toMatchObject({ handles: ["espresso-grinder"] });

    // Remove drops it.
    await shown.getByRole("button", { name: "Remove Espresso machines" }).click();
    await poll(() => shown.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
