/**
 * A standalone owner, end to end in Chromium: creates an overlay CTA (boxed)
 * with a form, edits it with the live preview following, publishes it, puts
 * it in a campaign whose condition is "page URL contains kampanj=jul"; a
 * visitor on the Swedish demo page sees it only where the condition holds,
 * submits the form, and the owner finds the lead in the contacts list.
 * axe-core finds no serious or critical violation on the settings, CTA,
 * editor and campaign pages. The preview follows edits even when its frame
 * loaded before the editor hydrated.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { browser, server, svId as sv, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectResponse } from "#test/support/expect-request";
import { recordWidgetSigns, triggeredCtas, widgetReady } from "#test/support/widget-signs";
import { hydrated, seriousViolations, logInAsOwner } from "#test/support/admin-page";

let admin: BrowserContext;
let owner: Page;

const CTA_NAME = "Julerbjudande E2E";
const HEADING = "Julens bästa säljtips";
const LEAD = `jul-${Date.now()}@exempel.se`;

/**
 * Whether the built loader can show overlays (trigger options are compiled
 * into it). Without that, the visitor half of the test cannot run yet.
 */
function loaderShowsOverlays(): boolean {
  try {
    const loader = readFileSync(path.resolve(__dirname, "../../extensions/cta-embed/assets/beckon-loader.js"), "utf8");
    return loader.includes("scroll-percentage") && loader.includes("exit");
  } catch {
    return false;
  }
}
const overlaySupported = loaderShowsOverlays();

withE2eStack();

beforeAll(async () => {
  admin = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  owner = await admin.newPage();
  // Admin pages allow inline scripts by nonce only: whatever the policy blocks is reported here.
  owner.on("console", (m) => /Content Security Policy/i.test(m.text()) && cspViolations.push(m.text()));
  await logInAsOwner(owner, server.origin);
});

afterAll(async () => {
  await admin?.close();
});

const cspViolations: string[] = [];

describe("the owner builds a campaign", () => {
  let ctaId: number;
  const errors: string[] = [];

  it("creates an overlay CTA with a form and edits it, with the preview following unsaved edits", async () => {
    owner.on("pageerror", (e) => errors.push(e.message));
    await owner.goto(`${server.origin}/owner/websites/${sv}/ctas/new`);
    await hydrated(owner);
    await owner.getByLabel("Name", { exact: true }).fill(CTA_NAME);
    await owner.getByLabel("Type", { exact: true }).selectOption("overlay");
    await owner.getByLabel("Overlay type", { exact: true }).selectOption("boxed");
    await owner.getByLabel("Start from").selectOption("form");
    await Promise.all([owner.waitForURL(/\/ctas\/\d+$/), owner.getByRole("button", { name: "Create CTA" }).click()]);
    ctaId = Number(/\/ctas\/(\d+)$/.exec(owner.url())![1]);
    await hydrated(owner);

    // The preview shows the new draft, form included.
    const preview = owner.frameLocator('iframe[title^="Preview of"]');
    await expect.poll(() => preview.locator("beckon-cta input[type=email]").count(), { timeout: 15_000 }).toBe(1);

    // Edit the heading: the preview follows before anything is saved.
    await owner.getByRole("button", { name: /^Edit element 1 / }).click();
    // The raw HTML sits behind Advanced (the rich-text editor is the usual way).
    await owner.getByRole("button", { name: "Advanced HTML and options of Element 1" }).click();
    await owner.getByLabel(/^Text \(HTML/).fill(`<h2>${HEADING}</h2>`);
    await expect.poll(() => preview.locator("beckon-cta h2").first().textContent(), { timeout: 10_000 }).toBe(HEADING);
    expect(await owner.getByText("Unsaved changes", { exact: true }).count()).toBe(1);
    // The preview redrew the popup, which takes focus on a visitor's page: the owner's typing stays in the editor.
    expect(await owner.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    await owner.keyboard.type("<p>Gott nytt år</p>");
    expect(await owner.getByLabel(/^Text \(HTML/).inputValue()).toBe(`<h2>${HEADING}</h2><p>Gott nytt år</p>`);
    await expect
      .poll(() => preview.locator("beckon-cta p", { hasText: "Gott nytt år" }).count(), { timeout: 10_000 })
      .toBe(1);

    // Shows after one second.
    await owner.getByLabel("Delay", { exact: true }).fill("1");

    // A split that does not add up is stopped before it is sent.
    await owner.getByLabel("Variant A share of visitors").fill("90");
    await owner.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => owner.getByRole("alert").filter({ hasText: "must add up to 100 (now 90)" }).count())
      .toBeGreaterThan(0);
    await owner.getByLabel("Variant A share of visitors").fill("100");

    await owner.getByRole("button", { name: "Publish", exact: true }).click();
    await expect
      .poll(() => owner.getByText("Published: visitors see this version").count(), { timeout: 10_000 })
      .toBe(1);
    const row = await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } });
    expect(row).toMatchObject({ name: CTA_NAME, ctaType: "overlay", overlayType: "boxed", status: "published" });
    expect(row.publishedAt).not.toBeNull();
    expect(row.options).toMatchObject({ trigger: "delayed", delay: 1 });
    expect(errors).toEqual([]);
    // Hydration and the preview's boot script ran under the nonce-only policy.
    expect(cspViolations).toEqual([]);
  });

  it("puts it in a campaign with a URL condition, summarised in words", async () => {
    await owner.goto(`${server.origin}/owner/websites/${sv}/broadcasts/new`);
    await hydrated(owner);
    await owner.getByLabel("Campaign name").fill("Julkampanj");
    await owner.getByRole("button", { name: "Add condition" }).click();
    await owner.getByLabel("Campaign conditions, condition 1: type").selectOption("url");
    await owner.getByLabel("Campaign conditions, condition 1: match").selectOption("contains");
    await owner.getByLabel("Campaign conditions, condition 1: Address or path").fill("kampanj=jul");
    await owner.getByLabel(`${CTA_NAME} (overlay, published)`).check();
    await expect
      .poll(() =>
        owner
          .getByText(`Shown to visitors whose page URL contains kampanj=jul, at any time. They see "${CTA_NAME}".`)
          .count(),
      )
      .toBe(1);
    await Promise.all([
      owner.waitForURL(/\/broadcasts\/\d+\?saved=1$/),
      owner.getByRole("button", { name: "Save campaign" }).click(),
    ]);
    await expect.poll(() => owner.getByText("Campaign created.").count()).toBe(1);
    const broadcast = await tdb.db.broadcast.findFirstOrThrow({
      where: { websiteId: sv, name: "Julkampanj" },
      include: { conditions: true },
    });
    expect(broadcast.conditions.map((c) => [c.conditionType, c.url])).toEqual([["url", "kampanj=jul"]]);
    expect((await tdb.db.cta.findUniqueOrThrow({ where: { id: ctaId } })).broadcastId).toBe(broadcast.id);
  });

  it.skipIf(!overlaySupported)(
    "shows on the demo page only where the condition holds; the visitor submits and the owner finds the lead",
    async () => {
      const visitor = await browser.newContext({ locale: "sv-SE" });
      const page = await visitor.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (e) => pageErrors.push(e.message));
      const mine = page.locator(`beckon-cta[data-beckon-cta="${ctaId}"]`);

      // Not on a page without kampanj=jul: three seconds on the page's clock, and its one-second trigger has not fired.
      await recordWidgetSigns(page);
      await page.clock.install();
      await page.goto(`${server.origin}/demo/sv`);
      await widgetReady(page);
      await page.clock.runFor(3000);
      expect(await triggeredCtas(page)).not.toContain(ctaId);
      expect(await mine.count()).toBe(0);

      await page.goto(`${server.origin}/demo/sv?kampanj=jul`);
      const email = mine.locator("input[type=email]");
      await email.waitFor({ state: "visible", timeout: 15_000 });
      await expect.poll(() => mine.locator("h2").first().textContent()).toBe(HEADING);
      await email.fill(LEAD);
      const submitted = expectResponse(page, { method: "POST", path: "/contacts/create" });
      await mine.locator("button[type=submit]").click();
      expect((await submitted).status()).toBe(201);
      // Built from scratch in an English admin for a Swedish site: its thank-you is in the site's language.
      await expect.poll(() => mine.getByRole("status").first().innerText(), { timeout: 10_000 }).toMatch(/Tack!/);
      expect(pageErrors).toEqual([]);
      await visitor.close();

      await owner.goto(`${server.origin}/owner/websites/${sv}/contacts`);
      await expect.poll(() => owner.locator("body").innerText()).toContain(LEAD);
      const person = await tdb.db.person.findFirstOrThrow({ where: { websiteId: sv, email: LEAD } });
      expect(person.personType).toBe("Contact");
    },
  );
});

describe("accessibility", () => {
  it("axe-core finds no serious or critical violation on the admin pages", async () => {
    const cta = await tdb.db.cta.findFirstOrThrow({
      where: { websiteId: sv, ctaType: "overlay" },
      orderBy: { id: "asc" },
    });
    const broadcast = await tdb.db.broadcast.findFirstOrThrow({ where: { websiteId: sv } });
    const found: string[] = [];
    for (const p of [
      `/owner/websites/${sv}/settings`,
      `/owner/websites/${sv}/ctas`,
      `/owner/websites/${sv}/ctas/new`,
      `/owner/websites/${sv}/ctas/${cta.id}`,
      `/owner/websites/${sv}/broadcasts`,
      `/owner/websites/${sv}/broadcasts/${broadcast.id}`,
      `/owner/websites/${sv}/broadcasts/new`,
    ]) {
      await owner.goto(`${server.origin}${p}`);
      await hydrated(owner);
      if (/\/ctas\/\d+$/.test(p)) {
        // Open an element, a field and the action groups so their controls are checked too.
        await owner.getByRole("button", { name: /^Edit element 3 / }).click();
        await owner.getByRole("button", { name: /^Edit Field 1 / }).click();
      }
      for (const v of await seriousViolations(owner)) found.push(`${p}: ${v}`);
    }
    expect(found).toEqual([]);
    // Seven pages, one of them the template gallery with its live thumbnails: axe needs more than the default minute on a busy machine.
  }, 180_000);
});

describe("the editor's preview", () => {
  it("follows edits even when the frame said it was ready before the editor hydrated", async () => {
    const cta = await tdb.db.cta.findFirstOrThrow({
      where: { websiteId: sv, ctaType: "overlay" },
      orderBy: { id: "asc" },
    });
    const page = await admin.newPage();
    // Hold the admin's scripts until the preview frame (in the server's HTML) has shown the CTA, so its
    // "ready" message is posted while nothing listens: the order a slow machine can produce.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.origin}/owner/websites/${sv}/ctas/${cta.id}`, { waitUntil: "commit" });
    const preview = page.frameLocator('iframe[title^="Preview of"]');
    await preview.locator("beckon-cta input[type=email]").waitFor({ timeout: 15_000 });
    release();
    await hydrated(page);

    await page.getByRole("button", { name: /^Edit element 1 / }).click();
    await page.getByRole("button", { name: "Advanced HTML and options of Element 1" }).click();
    await page.getByLabel(/^Text \(HTML/).fill("<h2>Förhandsvisningen hänger med</h2>");
    await expect
      .poll(() => preview.locator("beckon-cta h2").first().textContent(), { timeout: 10_000 })
      .toBe("Förhandsvisningen hänger med");
    await page.close();
  });
});
