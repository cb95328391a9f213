/**
 * The runtime on the seeded Swedish demo site (SPEC 1): the timed webinar
 * bar on its delay, the blog bar on scroll, the exit popup on exit intent
 * and kept away by its viewed cookie after a close, and the owner's test
 * panel. CTAs are found by their seeded names.
 */
import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { panelEn, panelSv, type PanelTexts } from "#contract/i18n/panel";
import { browser, server, svId, tdb, withE2eStack } from "#test/support/e2e-stack";
import { recordWidgetSigns, triggeredCtas, widgetReady } from "#test/support/widget-signs";

const cta: Record<string, number> = {};

withE2eStack({
  beforeServer: async () => {
    for (const [key, name] of [
      ["topBar", "Webbinariebar – topp"],
      ["blogBar", "Webbinariebar – bloggen"],
      ["exit", "Exitpopup – E-bok Säljteknik"],
    ]) {
      cta[key] = (await tdb.db.cta.findFirstOrThrow({ where: { websiteId: svId, name } })).id;
    }
  },
});

const shown = (page: Page, key: string) => page.locator(`beckon-cta[data-beckon-cta="${cta[key]}"]`);

async function open(page: Page, path: string) {
  await recordWidgetSigns(page);
  await page.goto(server.origin + path);
  await widgetReady(page);
}

async function exitIntent(page: Page) {
  await page.mouse.move(400, 300);
  await page.mouse.move(400, 5, { steps: 4 });
  await page.mouse.move(400, -30, { steps: 2 });
}

it("front page: the timed webinar bar after 2 s, the exit popup on exit intent, then kept away by its cookie", async () => {
  const context = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await open(page, "/demo/sv");
  const readyAt = Date.now();
  await shown(page, "topBar").waitFor({ state: "attached", timeout: 10_000 });
  expect(Date.now() - readyAt).toBeGreaterThanOrEqual(1500);
  // The blog bar's broadcast needs the blog.
  expect(await shown(page, "blogBar").count()).toBe(0);
  expect(await shown(page, "exit").count()).toBe(0);

  await exitIntent(page);
  await shown(page, "exit").waitFor({ state: "attached", timeout: 5_000 });
  await page.evaluate(
    (id) => (window as unknown as { beckon: { close(id: number): void } }).beckon.close(id),
    cta.exit,
  );
  await expect.poll(() => shown(page, "exit").count()).toBe(0);
  expect(await triggeredCtas(page)).toContain(cta.exit);
  const cookie = (await context.cookies()).find((c) => c.name === `cf_${svId}_cta_${cta.exit}_viewed`);
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 86_400_000); // hide-days 7

  await open(page, "/demo/sv");
  await exitIntent(page);
  // The exit intent has been handled (the mouse moves are answered once the page has had them): no trigger fired.
  expect(await triggeredCtas(page)).not.toContain(cta.exit);
  expect(await shown(page, "exit").count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it("phone: the webinar top bar is compact on a 390x844 screen, powered-by inline", async () => {
  const context = await browser.newContext({ locale: "sv-SE", viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await open(page, "/demo/sv");
  await shown(page, "topBar").waitFor({ state: "attached", timeout: 10_000 });
  const bar = shown(page, "topBar").locator(".bk-bar");
  await bar.waitFor({ state: "visible", timeout: 5_000 });
  const box = (await bar.boundingBox())!;
  // Was 204 px (a quarter of the screen); a compact bar keeps to about 90 px.
  expect(box.height).toBeLessThanOrEqual(90);
  // Nothing of the bar is cut off inside it: its content fits its height.
  expect(await bar.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await context.close();
});

it("“Drivs av Beckon” opens Beckon's page in Swedish for a Swedish browser, with a switch to English", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await open(page, "/demo/sv");
  const link = shown(page, "topBar").locator("a.bk-powered");
  await link.waitFor({ state: "visible", timeout: 10_000 });
  expect(await link.textContent()).toBe("Drivs av Beckon");
  const [product] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await product.waitForLoadState("domcontentloaded");
  expect(new URL(product.url()).pathname).toBe("/sticky-bars");
  expect(await product.getAttribute("html", "lang")).toBe("sv");
  expect(await product.locator("h1").textContent()).toBe("Fasta listar för budskap som syns hela tiden");
  await product.getByRole("link", { name: "English" }).click();
  await product.waitForURL(/lang=en/);
  expect(await product.getAttribute("html", "lang")).toBe("en");
  expect(await product.locator("h1").textContent()).toBe("Sticky bars for announcements that stay in view");
  // The other products keep the chosen language.
  await product.getByRole("link", { name: "Popups" }).click();
  expect(await product.locator("h1").textContent()).toBe("Popups that ask at the right moment");
  await context.close();
});

it("blog: the bottom bar once the reader scrolled 40 %", async () => {
  const context = await browser.newContext({ locale: "sv-SE", viewport: { width: 1280, height: 600 } });
  const page = await context.newPage();
  await open(page, "/demo/sv/blogg");
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  if (scrollable > 100) {
    // Ready: the page's targeting has been evaluated and its scroll trigger armed, not fired.
    expect(await triggeredCtas(page)).not.toContain(cta.blogBar);
    expect(await shown(page, "blogBar").count()).toBe(0);
  }
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  await shown(page, "blogBar").waitFor({ state: "attached", timeout: 5_000 });
  await context.close();
});

/** Every string the panel shows as its own: headings, labels, buttons, links and each line of a CTA's reasons. */
const panelStrings = (panel: Locator) =>
  panel.evaluate((el) =>
    [...el.shadowRoot!.querySelectorAll("strong, summary, dt, button, a, li, p, [role=dialog]")].map((node) =>
      node.matches("[role=dialog]") ? node.getAttribute("aria-label")! : node.textContent!.trim(),
    ),
  );

/** A pattern per catalogue text: its placeholders stand for any value. */
const patternsOf = (texts: PanelTexts) =>
  Object.values(texts).map(
    (text) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".+")}$`),
  );

for (const [locale, texts, want] of [
  [
    "sv-SE",
    panelSv,
    [
      "Kampanjer (17 CTA:er)",
      "Exitpopup – E-bok Säljteknik (popup): skulle visas",
      "Webbinariebar – bloggen (fast list): skulle inte visas",
      "Utskick (4)",
    ],
  ],
  [
    "en-US",
    panelEn,
    [
      "Campaigns (17 CTAs)",
      "Exitpopup – E-bok Säljteknik (popup): would show",
      "Webbinariebar – bloggen (sticky bar): would not show",
      "Broadcasts (4)",
    ],
  ],
] as const)
  it(`the owner's test panel explains every seeded CTA in the owner's browser language (${locale})`, async () => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${server.origin}/demo/sv?cf_${svId}_admin=true`);
    const panel = page.locator("beckon-panel");
    await panel.waitFor({ state: "attached", timeout: 15_000 });
    await expect.poll(() => panel.evaluate((el) => el.shadowRoot?.textContent ?? "")).toContain(want[0]);
    const text = await panel.evaluate((el) => el.shadowRoot!.textContent!);
    for (const line of want) expect(text).toContain(line);
    // Every string of the panel's own is a text of the owner's catalogue, filled with the page's values.
    // A condition's line is a mark, the joining word, then the condition's kind and the owner's values.
    const patterns = patternsOf(texts);
    const kinds = Object.entries(texts).flatMap(([key, value]) => (key.startsWith("cond.") ? [value] : []));
    const joins = `(?:(?:${texts.and}|${texts.or}) )?`;
    const conditionLine = new RegExp(`^[✓✗] ${joins}(?:${kinds.join("|")})(?: |$)`);
    const strings = (await panelStrings(panel)).filter((s) => s && s !== "×");
    expect(strings.length).toBeGreaterThan(60);
    expect(strings.filter((s) => !patterns.some((p) => p.test(s)) && !conditionLine.test(s))).toEqual([]);
    await context.close();
  });

it("a first visit: the snippet creates the one visitor from cookieStore's answer, and the loader adopts it", async () => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === `/api/websites/${svId}/visitors`)
      posts.push(r.postData() ?? "");
  });
  // Counts the snippet's cookieStore reads (Chromium has cookieStore on http://127.0.0.1, a secure context).
  await page.addInitScript(() => {
    const w = window as unknown as { __cookieStoreReads: number; cookieStore: { getAll(): Promise<unknown> } };
    w.__cookieStoreReads = 0;
    const proto = Object.getPrototypeOf(w.cookieStore) as { getAll(): Promise<unknown> };
    const getAll = proto.getAll;
    proto.getAll = function (this: unknown) {
      w.__cookieStoreReads++;
      return getAll.call(this);
    };
  });
  const before = await tdb.db.person.count({ where: { websiteId: svId } });
  await open(page, "/demo/sv");
  expect(
    await page.evaluate(() => (window as unknown as { __cookieStoreReads: number }).__cookieStoreReads),
  ).toBeGreaterThanOrEqual(1);
  const token = (await context.cookies()).find((c) => c.name === `cf_${svId}_id`)?.value;
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]).visitor.visitor_token).toBe(token);
  expect(await tdb.db.person.count({ where: { websiteId: svId } })).toBe(before + 1);
  expect(await tdb.db.person.count({ where: { websiteId: svId, visitorToken: token } })).toBe(1);
  await context.close();
});
