/**
 * The template gallery, end to end in Chromium against the built server:
 * "New CTA" on the CTA list opens it, on at least 30 templates whose thumbnails are drawn by the
 * real renderer only once they scroll into view, filterable by goal and
 * format, axe-clean and readable on a phone. A first-time owner of the
 * Swedish site builds an exit popup from a template and publishes it in a
 * handful of clicks, without typing JSON; a visitor of the Swedish demo page
 * sees it (in Swedish) when leaving the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { hydrated, seriousViolations, logInAsOwner } from "#test/support/admin-page";
import { CTA_TEMPLATES } from "#app/templates";

let admin: BrowserContext;
let owner: Page;

withE2eStack();

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  owner = await admin.newPage();
  await logInAsOwner(owner, server.origin);
});

afterAll(async () => {
  await admin?.close();
});

/** The restyled exit popup's button colour. */
const GREEN = "#0b6e4f";

const useButtons = (page: Page) => page.getByRole("button", { name: /^Use template: / });
const thumbnails = (page: Page) => page.locator("[data-template-thumbnail]");
const framesLoaded = (page: Page) => page.locator("[data-template-thumbnail] iframe").count();

describe("the template gallery", () => {
  it("offers every template in Swedish with real, lazily rendered thumbnails, filtered by goal and format", async () => {
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(owner);
    expect(await useButtons(owner).count()).toBe(CTA_TEMPLATES.length);
    expect(CTA_TEMPLATES.length).toBeGreaterThanOrEqual(30);
    // The Swedish site gets Swedish templates.
    expect(await owner.getByRole("button", { name: "Use template: Exitpopup: gratis guide" }).count()).toBe(1);

    // Only the cards near the viewport have a frame; the first one draws its popup with the real renderer.
    await expect.poll(() => framesLoaded(owner), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await framesLoaded(owner)).toBeLessThan(CTA_TEMPLATES.length);
    const first = owner.frameLocator(`[data-template-thumbnail="${CTA_TEMPLATES[0].id}"] iframe`);
    await expect
      .poll(() => first.locator("beckon-cta h2").first().textContent(), { timeout: 30_000 })
      .toBe("En bra idé i veckan, direkt i inkorgen");
    // Scrolling to the last card draws it too.
    const last = CTA_TEMPLATES[CTA_TEMPLATES.length - 1];
    await thumbnails(owner).last().scrollIntoViewIfNeeded();
    await owner
      .locator(`[data-template-thumbnail="${last.id}"] iframe`)
      .waitFor({ state: "attached", timeout: 10_000 });
    await expect
      .poll(() => owner.frameLocator(`[data-template-thumbnail="${last.id}"] iframe`).locator("beckon-cta").count(), {
        timeout: 30_000,
      })
      .toBe(1);

    // Goal tabs and the format filter narrow the cards.
    await owner.getByRole("tab", { name: "Qualify" }).click();
    await expect
      .poll(() => useButtons(owner).count(), { timeout: 15_000 })
      .toBe(CTA_TEMPLATES.filter((x) => x.goal === "qualify").length);
    await owner.getByRole("tab", { name: "All goals" }).click();
    await owner.getByLabel("Format", { exact: true }).selectOption("cartbar");
    await expect
      .poll(() => useButtons(owner).count(), { timeout: 15_000 })
      .toBe(CTA_TEMPLATES.filter((x) => x.kind === "cartbar").length);
    await owner.getByLabel("Format", { exact: true }).selectOption("all");
  }, 180_000);

  it("is axe-clean on a desktop and on a phone, where it fits the width", async () => {
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(owner);
    expect(await seriousViolations(owner)).toEqual([]);
    const phone = await browser.newPage({
      viewport: { width: 390, height: 844 },
      storageState: await admin.storageState(),
    });
    await phone.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(phone);
    expect(await seriousViolations(phone)).toEqual([]);
    // One column of cards, nothing wider than the screen.
    const card = await thumbnails(phone).first().boundingBox();
    expect(card!.width).toBeGreaterThan(250);
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  }, 180_000);
});

describe("a first-time owner on the Swedish site", () => {
  it("builds an exit popup from a template, restyles and publishes it in at most 8 clicks from the CTA list; a visitor of /demo/sv sees it on leaving", async () => {
    let clicks = 0;
    const click = async (l: Locator) => {
      clicks++;
      await l.click();
    };
    const before = await tdb.db.cta.count({ where: { websiteId: sv } });
    // From the CTA list, where an owner starts: "New CTA" opens the gallery.
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas`);
    await hydrated(owner);
    await Promise.all([owner.waitForURL(/\/ctas\/new$/), click(owner.getByRole("link", { name: "New CTA" }))]);
    await hydrated(owner);
    await click(owner.getByRole("button", { name: "Use template: Exitpopup: gratis guide" }));
    // The template asks only for a name, prefilled with its own.
    const name = owner.getByLabel("Name of the new CTA");
    expect(await name.inputValue()).toBe("Exitpopup: gratis guide");
    await Promise.all([owner.waitForURL(/\/ctas\/\d+$/), click(owner.getByRole("button", { name: "Create draft" }))]);
    const ctaId = Number(/\/ctas\/(\d+)$/.exec(owner.url())![1]);
    expect(await tdb.db.cta.count({ where: { websiteId: sv } })).toBe(before + 1);
    expect(await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } })).toMatchObject({
      name: "Exitpopup: gratis guide",
      status: "draft",
      ctaType: "overlay",
    });
    await hydrated(owner);
    // Restyled in the site's green through the typed colour fields, no JSON.
    await click(owner.getByRole("button", { name: "Style of Exitpopup: gratis guide" }));
    await owner.getByLabel("Button colour", { exact: true }).fill(GREEN);
    await owner.getByLabel("Button text colour", { exact: true }).fill("#ffffff");
    await click(owner.getByRole("button", { name: "Publish", exact: true }));
    await expect
      .poll(() => owner.getByText("Published: visitors see this version").count(), { timeout: 30_000 })
      .toBe(1);
    // New CTA, Use template, Create draft, Style, Publish: under the eight clicks a first CTA may take.
    expect(clicks).toBe(5);
    const row = await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } });
    expect(row).toMatchObject({ status: "published", broadcastId: null });
    expect(row.options).toMatchObject({ trigger: "exit", "button-color": GREEN, "button-text-color": "#ffffff" });

    // A visitor on the Swedish demo page moves the mouse out through the top of the window.
    const visitor = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 800 } });
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.addInitScript(() => {
      (window as unknown as { __ready: boolean }).__ready = false;
      document.addEventListener("cfReady", () => ((window as unknown as { __ready: boolean }).__ready = true));
    });
    await page.goto(`${server.origin}/demo/sv`);
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
      timeout: 20_000,
    });
    const mine = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);
    expect(await mine.count()).toBe(0);
    await page.mouse.move(300, 300);
    await page.mouse.move(300, 10, { steps: 5 });
    await page.mouse.move(300, -20, { steps: 2 });
    // The site's own exit popup may open first on the same intent: popups queue, so closing it lets ours through.
    const popup = page.locator('beckon-cta[data-beckon-type="overlay"]').first();
    await popup.waitFor({ state: "attached", timeout: 30_000 });
    if ((await mine.count()) === 0)
      await popup
        .getByRole("button", { name: /stäng|close/i })
        .first()
        .click();
    await mine.getByRole("heading", { name: "Vänta! Ta med dig vår gratis guide" }).waitFor({ timeout: 30_000 });
    expect(await mine.locator("input[type=email]").count()).toBe(1);
    // The visitor sees the restyled button.
    const background = await mine
      .locator(".bk-button")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(11, 110, 79)");
    expect(errors).toEqual([]);
    await visitor.close();
  }, 240_000);
});
