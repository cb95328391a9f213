/**
 * A lead's own code on the demo store, in Chromium: the store's CTA hands
 * each new lead a unique code that Beckon made ahead of time through a
 * Shopify Admin stand-in (which throttles the first call, as Shopify does
 * when the cost bucket is empty); the visitor clicks Apply, and the store's
 * cart, which asks the same shop's Admin about a code it does not know (as
 * one Shopify shop knows its codes), shows the discount and the total after
 * it. A second visitor gets another code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newWatchedPage, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import { createOfflineSession } from "#test/api/shopify-harness";
import {
  ctaDocumentMock,
  emailFieldMock,
  formElementMock,
  stepInputMock,
  sectionMock,
  columnMock,
} from "#test/support/factories";
import { saveCtaDocument } from "#app/models/cta.server";
import { topUpShopifyCodes } from "#app/models/discount-codes/shopify-stock.server";
import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { cartLoaded, dollars } from "#test/support/demo-store-page";

const TOKEN = "shpat_demo_store_unique_codes";
const admin = new FakeShopifyAdmin(TOKEN, []);
const env: Record<string, string> = {};
const coffee = DEMO_STORE_PRODUCTS.find((p) => p.handle === "morning-ritual-coffee")!;
const bag = coffee.variants[0];
let ctaId: number;

beforeAll(async () => {
  await admin.start();
  Object.assign(env, {
    BECKON_SHOPIFY_ADMIN_URL: admin.url,
    BECKON_DEMO_STORE_ADMIN_TOKEN: TOKEN,
    BECKON_PROVIDER_TIMEOUT_MS: "5000",
  });
});

afterAll(async () => {
  await admin.server.stop();
});

/** Step 1 asks for the e-mail and goes on to step 2, which shows the lead's code. */
function welcomeCodeCta() {
  const onlyColumn = (elements: ReturnType<typeof formElementMock>[]) =>
    [sectionMock({ columns: [columnMock({ elements })] })] as never;
  const form = formElementMock({ options: { "button-text": "Get my code" }, fields: [emailFieldMock()], actions: [] });
  form.action_groups = [{ position: 0, status: true, data: { "confirmation-type": "step", "redirect-step": 1 } }];
  const ask = stepInputMock({ position: 0, sections: onlyColumn([form]), action_groups: [] });
  const give = stepInputMock({
    position: 1,
    options: { name: "Step 2" },
    sections: onlyColumn([{ element_type: "discount_code", position: 0, options: {}, fields: [] }]),
    action_groups: [],
  });
  const doc = ctaDocumentMock({
    name: "Welcome code",
    status: "draft",
    options: { trigger: "immediate" },
    unique_codes: { source: "shopify", kind: "percentage", value: 15 },
  });
  doc.variants = [{ variation: "A", percentage: 100, options: {}, steps: [ask, give] }];
  return doc;
}

withE2eStack({
  env,
  beforeServer: async () => {
    const store = await tdb.db.website.findFirstOrThrow({ where: { shopDomain: DEMO_SHOP_DOMAIN } });
    // Only this CTA on the store, so no seeded popup takes the screen first.
    await tdb.db.cta.updateMany({ where: { websiteId: store.id }, data: { status: "archived" } });
    await tdb.db.session.deleteMany({ where: { shop: DEMO_SHOP_DOMAIN } });
    await createOfflineSession(
      tdb.db,
      DEMO_SHOP_DOMAIN,
      { state: "s", scope: "read_products,write_discounts", accessToken: TOKEN },
      { legacy: true },
    );
    const doc = await saveCtaDocument(tdb.db, store.id, welcomeCodeCta());
    ctaId = doc.id!;
    // Shopify throttles the first call; the client waits as the answer says and tries again.
    admin.throttleNext = 1;
    const made = await topUpShopifyCodes(tdb.db, ctaId, {
      env: { BECKON_SHOPIFY_ADMIN_URL: admin.url },
      bulk: { sleep: async () => undefined },
    });
    expect(made).toMatchObject({ state: "added" });
    await saveCtaDocument(tdb.db, store.id, { ...doc, status: "published" });
  },
});

/** A visitor with a bag of coffee in the cart opens the product page, where the CTA shows at once. */
async function visitorWithCart(): Promise<Page> {
  const { page } = await newWatchedPage({ viewport: { width: 1366, height: 900 } });
  const added = await page.context().request.post(`${server.origin}/demo/store/cart/add.js`, {
    data: { id: bag.id, quantity: 2 },
  });
  expect(added.status()).toBe(200);
  await page.goto(`${server.origin}/demo/store/products/${coffee.handle}`);
  await cartLoaded(page);
  return page;
}

/** Signs up in the CTA and returns the code its second step shows. */
async function signUp(page: Page, email: string): Promise<string> {
  const cta = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);
  await cta.getByLabel(/e-mail/i).fill(email);
  await cta.getByRole("button", { name: "Get my code" }).click();
  const code = cta.locator(".bk-code-value");
  await code.waitFor({ timeout: 20_000 });
  return (await code.textContent())!;
}

describe("a unique Shopify code on the demo store", () => {
  it(
    "is made in the shop, handed to the new lead, and applied to the cart with one click",
    { timeout: 90_000 },
    async () => {
      const page = await visitorWithCart();
      const code = await signUp(page, "unique.lead@example.com");
      // One of the codes Beckon made in the shop's one discount for this CTA, and stored on the lead.
      const [discount] = admin.discounts.discounts;
      expect(discount.codes).toContain(code);
      expect(discount.input).toMatchObject({ customerGets: { value: { percentage: 0.15 } }, usageLimit: 1 });
      const row = await tdb.db.discountCode.findFirstOrThrow({ where: { code } });
      expect(row).toMatchObject({ ctaId, status: "issued" });

      const cta = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);
      await cta.locator(".bk-code-apply").click();
      await cta
        .getByRole("status")
        .filter({ hasText: /applied/i })
        .waitFor();
      const subtotal = bag.price * 2;
      const off = Math.round(subtotal * 0.15);

      // The cart page shows the code's line and the total after it.
      await page.goto(`${server.origin}/demo/store/cart`);
      await cartLoaded(page);
      const footer = page.locator("#shopify-section-main-cart-footer");
      expect(await footer.locator(".totals__total-value").textContent()).toBe(dollars(subtotal - off));
      expect(await footer.locator(".discounts__discount").textContent()).toContain(`${code} (-${dollars(off)})`);
      await page.context().close();
    },
  );

  it("gives the next lead another code", { timeout: 90_000 }, async () => {
    const first = await tdb.db.discountCode.findFirstOrThrow({ where: { ctaId, status: "issued" } });
    const page = await visitorWithCart();
    const code = await signUp(page, "second.lead@example.com");
    expect(code).not.toBe(first.code);
    expect(admin.discounts.allCodes()).toContain(code);
    await page.context().close();
  });
});
