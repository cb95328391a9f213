/**
 * Shopify's Customer Privacy API in Chromium: on a storefront page whose
 * `Shopify.customerPrivacy` says analytics are not allowed (the shop needs
 * consent and the visitor has not given it), the widget script runs but
 * Beckon sets no cookie and no local storage, creates no visitor and calls
 * nothing on the server; once the banner's `visitorConsentCollected` event
 * allows analytics it starts on the same page. Loaded the way the app embed
 * loads it: the site script alone, no snippet stub.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { publishNewCta } from "#test/support/published-cta";
import { createWebsite } from "#app/models/website.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "#test/support/factories";
import { launchThirdPartyChromium } from "#test/fixtures/render/harness";

const HOST = "https://consent-shop.example";
let websiteId: number;

withE2eStack({
  seed: false,
  launch: launchThirdPartyChromium,
  setupTimeout: 120_000,
  beforeServer: async () => {
    websiteId = (await createWebsite(tdb.db, websiteSettingsMock({ name: "Consent shop" }))).id;
    await publishNewCta(
      tdb.db,
      websiteId,
      ctaWithElements([textElementMock()], { name: "Offer", options: { trigger: "click" } }),
    );
  },
});

/**
 * `privacy`: "loaded" defines customerPrivacy at once; "lazy" only through
 * Shopify.loadFeatures, as a theme without the banner's script has it.
 */
async function open(privacy: "loaded" | "lazy", consent: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const calls: string[] = [];
  page.on("request", (r) => r.url().startsWith(server.origin) && calls.push(new URL(r.url()).pathname));
  const stub = `
    window.__consent = ${consent};
    window.__ready = false;
    window.__readyCount = 0;
    document.addEventListener("cfReady", function () { window.__ready = true; window.__readyCount++; });
    var privacy = {
      analyticsProcessingAllowed: function () { return window.__consent; },
      marketingAllowed: function () { return window.__consent; },
      shouldShowBanner: function () { return !window.__consent; }
    };
    window.Shopify = { shop: "consent-shop.myshopify.com", routes: { root: "/" } };
    ${
      privacy === "loaded"
        ? "window.Shopify.customerPrivacy = privacy;"
        : `window.Shopify.loadFeatures = function (features, done) {
      window.__features = features;
      setTimeout(function () { window.Shopify.customerPrivacy = privacy; done(false); });
    };`
    }
    window.__consentGiven = function () {
      window.__consent = true;
      document.dispatchEvent(new CustomEvent("visitorConsentCollected", { detail: { analyticsAllowed: true, marketingAllowed: true, preferencesAllowed: true, saleOfDataAllowed: true } }));
    };`;
  await page.route(`${HOST}/**`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><html><head><meta charset="utf-8"></head><body><script>${stub}</script><p>Butik</p>
<script async src="${server.origin}/api/websites/${websiteId}.js"></script></body></html>`,
    }),
  );
  await page.goto(`${HOST}/products/kaffe`);
  // The site script has run (it sets the config, then runs the loader) and the page has settled.
  await page.waitForFunction(() => "__beckonConfig" in window);
  await page.waitForLoadState("networkidle");
  return { page, calls, context };
}

const traces = (page: Page) =>
  page.evaluate(async () => ({
    cookies: document.cookie,
    storage: Object.keys(localStorage).concat(Object.keys(sessionStorage)),
    installed: !!(window as unknown as { beckon?: { installed?: boolean } }).beckon?.installed,
  }));

describe("the Customer Privacy API gate", () => {
  it("without consent: no cookie, no storage, no visitor, no call; starts once visitorConsentCollected allows analytics", async () => {
    const { page, calls } = await open("loaded", false);
    expect(await traces(page)).toEqual({ cookies: "", storage: [], installed: false });
    expect(calls).toEqual([`/api/websites/${websiteId}.js`]);
    expect(await tdb.db.person.count({ where: { websiteId } })).toBe(0);

    // A choice that still refuses analytics starts nothing either.
    await page.evaluate(() =>
      document.dispatchEvent(
        new CustomEvent("visitorConsentCollected", { detail: { analyticsAllowed: false, marketingAllowed: false } }),
      ),
    );
    expect((await traces(page)).installed).toBe(false);

    await page.evaluate(() => (window as unknown as { __consentGiven(): void }).__consentGiven());
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
      timeout: 15_000,
    });
    const after = await traces(page);
    expect(after.installed).toBe(true);
    expect(after.cookies).toContain(`cf_${websiteId}_id=`);
    await expect.poll(() => tdb.db.person.count({ where: { websiteId } }), { timeout: 10_000 }).toBe(1);
    expect(calls).toContain(`/api/websites/${websiteId}/visitors`);

    // The banner may fire again (a changed choice): the widget is not started twice.
    await page.evaluate(() => (window as unknown as { __consentGiven(): void }).__consentGiven());
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __readyCount: number }).__readyCount)).toBe(1);
  });

  it("loads the API through Shopify.loadFeatures when the theme has not, and waits for consent the same way", async () => {
    const before = await tdb.db.person.count({ where: { websiteId } });
    const { page, calls } = await open("lazy", false);
    expect(await page.evaluate(() => (window as unknown as { __features: unknown }).__features)).toEqual([
      { name: "consent-tracking-api", version: "0.1" },
    ]);
    expect(await traces(page)).toEqual({ cookies: "", storage: [], installed: false });
    expect(calls).toEqual([`/api/websites/${websiteId}.js`]);
    await page.evaluate(() => (window as unknown as { __consentGiven(): void }).__consentGiven());
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
      timeout: 15_000,
    });
    await expect.poll(() => tdb.db.person.count({ where: { websiteId } }), { timeout: 10_000 }).toBe(before + 1);
  });

  it("starts at once where analytics are allowed (consent given, or not required in the visitor's region)", async () => {
    const { page } = await open("loaded", true);
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
      timeout: 15_000,
    });
    expect((await traces(page)).cookies).toContain(`cf_${websiteId}_id=`);
  });
});
