/**
 * The admin starts with the merchant's CTAs, end to end in Chromium against
 * the built server: the CTA list is the first thing on the CTAs page (its
 * first row in view at 1366 × 900, the template gallery one click away on
 * its own page), the list's Actions column and the results table stay inside
 * a 1366 px screen, a phone gets the actions on its 390 px screen, a website
 * with no CTA gets an empty state that leads to the gallery, and Results
 * lists no archived copy unless asked to, in the standalone and the
 * Shopify-embedded admin, in English and Swedish.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContextOptions, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { DEMO_OWNER, hydrated, logInAsOwner } from "#test/support/admin-page";
import { addWebsiteOwner } from "#test/support/owner-session";
import { clientId, token, websiteMock } from "#test/support/row-factories";
import { postPublic } from "#test/support/http";
import { createOfflineSession, embeddedAdminHeaders } from "#test/api/shopify-harness";
import { archiveCta, duplicateCta } from "#app/models/cta.server";

const SHOP = "beckon-demo.myshopify.com";
const APP = { apiKey: "test-api-key", apiSecret: "test-api-secret" };
const NEWCOMER = { email: "newcomer@beckon.test", password: "a newcomer's long password", name: "Newcomer" };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let newcomerSite: number;
/** The seeded footer newsletter, and an archived copy of it that has figures. */
let live: { id: number; name: string };
let archivedCopy: number;

withE2eStack({
  env: {
    SHOPIFY_API_KEY: APP.apiKey,
    SHOPIFY_API_SECRET: APP.apiSecret,
    SHOPIFY_APP_URL: "http://127.0.0.1",
    SCOPES: "read_products,write_app_proxy",
    BECKON_SHOPIFY_ADMIN_URL: "http://127.0.0.1:1",
  },
  beforeServer: async () => {
    newcomerSite = (await websiteMock(tdb.db)).id;
    await addWebsiteOwner(tdb.db, newcomerSite, NEWCOMER);
    await createOfflineSession(tdb.db, SHOP, { state: "", scope: "read_products", accessToken: "shpat_test" });
    const seeded = await tdb.db.cta.findFirstOrThrow({
      where: { websiteId: sv, name: { startsWith: "Nyhetsbrev – sidfot" } },
    });
    live = { id: seeded.id, name: seeded.name };
    const copy = await duplicateCta(tdb.db, sv, seeded.id);
    // Named as the original, as the copies of a template or a duplicate renamed back are.
    await tdb.db.cta.update({ where: { id: copy.id! }, data: { name: seeded.name } });
    archivedCopy = (await archiveCta(tdb.db, sv, copy.id!)).id;
  },
});

beforeAll(async () => {
  // The archived copy was seen before it was archived: three views of one visitor.
  const visitor = token();
  await tdb.db.person.create({ data: { websiteId: sv, visitorToken: visitor, extra: {}, data: {} } });
  const variant = await tdb.db.ctaVariant.findFirstOrThrow({ where: { ctaId: archivedCopy } });
  const events = [1, 2, 3].map(() => ({
    id: clientId(),
    event_type: "View",
    visitor_token: visitor,
    cta_id: archivedCopy,
    variant_id: variant.id,
  }));
  const res = await postPublic(server.origin, `/api/websites/${sv}/events/create`, { events });
  expect(res.status).toBeLessThan(300);
});

type Lang = "en" | "sv";
const inLanguage = (lang: Lang, viewport: BrowserContextOptions["viewport"]): BrowserContextOptions => ({
  viewport,
  locale: lang === "sv" ? "sv-SE" : "en-GB",
  extraHTTPHeaders: { "Accept-Language": lang === "sv" ? "sv-SE,sv;q=0.9" : "en-GB,en;q=0.9" },
});

/** A signed-in owner's page in `lang` at `viewport`. */
async function ownerPage(
  lang: Lang,
  viewport: BrowserContextOptions["viewport"],
  owner: { email: string; password: string } = DEMO_OWNER,
) {
  const context = await browser.newContext(inLanguage(lang, viewport));
  const page = await context.newPage();
  await logInAsOwner(page, server.origin, owner);
  return page;
}

/**
 * A page of the store's embedded admin: every request carries an App Bridge
 * session token, as the admin's iframe does; App Bridge's own script (Shopify's
 * CDN) is not reachable here and is left out.
 */
async function embeddedPage(lang: Lang, viewport: BrowserContextOptions["viewport"]) {
  const options = inLanguage(lang, viewport);
  const context = await browser.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, ...embeddedAdminHeaders(SHOP, APP) },
  });
  await context.route(/^https:\/\/cdn\.shopify\.com\//, (route) => route.abort());
  return context.newPage();
}

/** The right edges of the list's Actions heading and of every row's last action button, and whether the table scrolls sideways. */
function actionsReach(page: Page) {
  return page.evaluate(() => {
    // The embedded admin has no <main> of ours (Shopify's admin frames the app).
    const table = document.querySelector("table")!;
    const headings = [...table.querySelectorAll("thead th")];
    const rows = [...table.querySelectorAll("tbody tr")];
    const lastButtons = rows.map((row) => [...row.querySelectorAll("td:last-child button")].at(-1)!);
    let box: Element | null = table.parentElement;
    let scrolls = false;
    while (box && box !== document.body) {
      if (box.scrollWidth > box.clientWidth + 1) scrolls = true;
      box = box.parentElement;
    }
    return {
      heading: headings.at(-1)!.textContent,
      headingRight: headings.at(-1)!.getBoundingClientRect().right,
      buttonsRight: Math.max(...lastButtons.map((b) => b.getBoundingClientRect().right)),
      rows: rows.length,
      scrolls,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

describe("the CTAs page", () => {
  for (const lang of ["en", "sv"] as const) {
    it(`starts with the owner's CTAs, the first row in view at 1366 × 900, the Actions column inside the screen (${lang})`, async () => {
      const page = await ownerPage(lang, DESKTOP);
      await page.goto(`${server.origin}/owner/websites/${sv}/ctas`);
      await hydrated(page);
      // No gallery on the list page: it is one click away.
      expect(await page.locator("[data-template-thumbnail]").count()).toBe(0);
      const firstRow = await page.locator("main table tbody tr").first().boundingBox();
      expect(firstRow!.y).toBeGreaterThan(0);
      expect(firstRow!.y + firstRow!.height).toBeLessThanOrEqual(DESKTOP.height);
      const reach = await actionsReach(page);
      expect(reach.heading).toBe(lang === "sv" ? "Åtgärder" : "Actions");
      expect(reach.rows).toBeGreaterThanOrEqual(17);
      expect(reach.headingRight).toBeLessThanOrEqual(DESKTOP.width);
      expect(reach.buttonsRight).toBeLessThanOrEqual(DESKTOP.width);
      expect(reach.scrolls).toBe(false);
      // "New CTA" sits above the list and opens the gallery.
      const newCta = page.getByRole("link", { name: lang === "sv" ? "Ny CTA" : "New CTA", exact: true });
      expect((await newCta.boundingBox())!.y).toBeLessThan(firstRow!.y);
      await Promise.all([page.waitForURL(/\/ctas\/new$/), newCta.click()]);
      await page.locator("[data-template-thumbnail]").first().waitFor();
      // Building from scratch is still there, beside the gallery.
      expect(
        await page
          .getByRole("form", { name: lang === "sv" ? "Bygg en från grunden" : "Build one from scratch" })
          .count(),
      ).toBe(1);
      await page.context().close();
    }, 120_000);
  }

  it("puts each CTA's actions on a 390 px phone screen, nothing wider than the screen", async () => {
    const page = await ownerPage("sv", PHONE);
    await page.goto(`${server.origin}/owner/websites/${sv}/ctas`);
    await hydrated(page);
    // The phone layout comes with hydration (Polaris measures the screen): one stacked row per CTA.
    await page.waitForFunction(() => !document.querySelector("main thead"));
    const archive = page.getByRole("button", { name: `Arkivera ${live.name}`, exact: true });
    const box = (await archive.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  }, 120_000);

  for (const lang of ["en", "sv"] as const) {
    it(`leads a website with no CTA to the gallery (${lang})`, async () => {
      const page = await ownerPage(lang, DESKTOP, NEWCOMER);
      await page.goto(`${server.origin}/owner/websites/${newcomerSite}/ctas`);
      await page.getByRole("heading", { name: lang === "sv" ? "Din första CTA" : "Your first CTA" }).waitFor();
      const browse = page.getByRole("link", { name: lang === "sv" ? "Bläddra bland mallar" : "Browse templates" });
      await Promise.all([page.waitForURL(/\/ctas\/new$/), browse.click()]);
      await page.locator("[data-template-thumbnail]").first().waitFor();
      await page.context().close();
    }, 120_000);
  }

  it("in the Shopify-embedded admin too: the list first, its actions inside 1366 px, the gallery on its own page", async () => {
    const page = await embeddedPage("en", DESKTOP);
    const res = await page.goto(`${server.origin}/app/ctas`);
    expect(res!.status()).toBe(200);
    await page.locator("table tbody tr").first().waitFor();
    expect(await page.locator("[data-template-thumbnail]").count()).toBe(0);
    const reach = await actionsReach(page);
    expect(reach.buttonsRight).toBeLessThanOrEqual(DESKTOP.width);
    expect(reach.scrolls).toBe(false);
    expect(await page.getByRole("link", { name: "New CTA", exact: true }).getAttribute("href")).toMatch(
      /^\/app\/ctas\/new/,
    );
    const gallery = await page.goto(`${server.origin}/app/ctas/new`);
    expect(gallery!.status()).toBe(200);
    expect(await page.locator("[data-template-thumbnail]").count()).toBeGreaterThanOrEqual(30);
    await page.context().close();
  }, 120_000);
});

describe("Results", () => {
  const rowsNamed = (page: Page, name: string) => page.locator("main table tbody tr", { hasText: name });

  it("lists no archived copy by default, says how many are left out, and counts them when asked", async () => {
    const page = await ownerPage("sv", DESKTOP);
    await page.goto(`${server.origin}/owner/websites/${sv}/results?days=30`);
    await hydrated(page);
    expect(await rowsNamed(page, live.name).count()).toBe(1);
    expect(await page.locator(`main a[href*="cta=${archivedCopy}"]`).count()).toBe(0);
    expect(await page.getByTestId("archived-left-out").textContent()).toContain("1");
    // The table's last column stays inside the screen.
    const last = await page.locator("main table thead th").last().boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(DESKTOP.width);

    await page.getByLabel("Ta med arkiverade CTA:er").check();
    await Promise.all([page.waitForURL(/archived=1/), page.getByRole("button", { name: "Visa resultat" }).click()]);
    await page.locator(`main a[href*="cta=${archivedCopy}"]`).waitFor();
    expect(await rowsNamed(page, live.name).count()).toBe(2);
    expect(await page.getByTestId("archived-left-out").count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
