/**
 * The Swedish demo site speaks its visitor's language (DESIGN "Words are
 * data"), on its own pages with the real widget: every seeded CTA is shown
 * where the site places it (bars and popups triggered on the front page,
 * inline CTAs on the blog posts and the footer, landing pages and the opt-out
 * form on their pages), its forms are submitted empty and then with a wrong
 * e-mail address so the validation errors show, and every visible text and
 * accessible label must be the owner's own words or a text of the expected
 * widget catalogue, never a text of the other catalogue. First as the seed
 * has it (Swedish), then with the website's language set to English.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { launchChromium } from "#test/support/chromium";
import { languageCheck, ownerStrings, submitForms, visibleTextsByCta } from "#test/support/widget-texts";
import { seedIfEmpty } from "#prisma/seed";
import { buildDemo } from "#scripts/build-demo";
import { buildPublicConfig } from "#app/models/public-config.server";
import { loadCtaDocument } from "#app/models/cta.server";
import { CTA_PAGES } from "#demo/sv/server/pages";
import { POSTS } from "#demo/sv/server/content";
import type { WidgetTexts } from "#contract/i18n";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let websiteId: number;
let ctas: { id: number; ctaType: string }[];

beforeAll(async () => {
  await buildDemo({ quiet: true });
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  websiteId = (await tdb.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  ctas = await tdb.db.cta.findMany({
    where: { websiteId },
    select: { id: true, ctaType: true },
    orderBy: { id: "asc" },
  });
  // No cached site script: the language this test writes shows on the next page.
  server = await startTestServer({ databaseUrl: tdb.url, env: { BECKON_SCRIPT_CACHE_MS: "0" } });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

/** The pages of the demo where the seeded CTAs are (the demo's menu and footer reach each). */
const PAGES = [
  "/demo/sv",
  "/demo/sv/blogg",
  ...POSTS.map((p) => `/demo/sv/blogg/${p.slug}`),
  ...CTA_PAGES.map((p) => `/demo/sv/${p.slug}`),
];

/** Waits until every CTA placeholder on the page holds a rendered CTA. */
async function waitForPlacedCtas(page: Page, url: string): Promise<void> {
  const empty = () =>
    page.$$eval(".beckon-cta[data-cta-id], [data-beckon-area]", (els) =>
      els
        .filter((el) => !el.querySelector("beckon-cta")?.shadowRoot?.querySelector(".bk-root"))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
  await expect.poll(empty, { timeout: 10_000, message: `empty CTA placeholders on ${url}` }).toEqual([]);
}

/**
 * Opens every page, shows every CTA with its errors and sorts its texts:
 * per CTA id, the texts that are neither the owner's nor `mine`'s, and those
 * that are `other`'s.
 */
async function visitDemo(context: BrowserContext, mine: WidgetTexts, other: WidgetTexts) {
  const config = (await buildPublicConfig(tdb.db, websiteId, server.origin))!;
  const site = ownerStrings([
    config.privacy_message,
    config.privacy_link_text,
    config.marketing_consent,
    config.sms_consent,
    config.terms_link_text,
    config.brand,
  ]);
  const owner = new Map<string, string[]>();
  for (const c of ctas)
    owner.set(String(c.id), [...site, ...ownerStrings(await loadCtaDocument(tdb.db, websiteId, c.id))]);
  const sort = languageCheck(mine, other);
  const strangers: Record<string, string[]> = {};
  const leaks: Record<string, string[]> = {};
  const seen = new Set<string>();
  const shown = new Set<string>();
  const errors: string[] = [];
  for (const path of PAGES) {
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(`${path}: ${e.message}`));
    const res = await page.goto(server.origin + path);
    expect(res?.status(), path).toBe(200);
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
      timeout: 15_000,
    });
    await waitForPlacedCtas(page, path);
    if (path === "/demo/sv") {
      // Bars and popups show on their own triggers and targeting; show each now.
      for (const { id } of ctas.filter((c) => c.ctaType !== "inline" && c.ctaType !== "page")) {
        await page.evaluate(
          (ctaId) => (window as unknown as { beckon: { trigger(id: number): unknown } }).beckon.trigger(ctaId),
          id,
        );
        await page
          .locator(`beckon-cta[data-beckon-cta="${id}"] .bk-root`)
          .first()
          .waitFor({ state: "attached", timeout: 10_000 });
      }
    }
    // The CTAs as they open, with the errors of empty forms, then with those of a wrong address.
    const rounds = [await visibleTextsByCta(page)];
    await submitForms(page);
    rounds.push(await visibleTextsByCta(page));
    await submitForms(page, "inte-en-adress");
    rounds.push(await visibleTextsByCta(page));
    for (const round of rounds)
      for (const [id, texts] of Object.entries(round)) {
        expect(owner.has(id), `a CTA of the site on ${path}: ${id}`).toBe(true);
        shown.add(id);
        texts.forEach((t) => seen.add(t));
        const r = sort(texts, owner.get(id)!);
        for (const t of r.strangers) if (!strangers[id]?.includes(t)) (strangers[id] ??= []).push(t);
        for (const t of r.leaks) if (!leaks[id]?.includes(t)) (leaks[id] ??= []).push(t);
      }
    await page.close();
  }
  return { strangers, leaks, seen, neverShown: ctas.map((c) => String(c.id)).filter((id) => !shown.has(id)), errors };
}

async function newContext(locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __ready: boolean };
    w.__ready = false;
    document.addEventListener("cfReady", () => (w.__ready = true));
  });
  return context;
}

describe("the demo site's CTAs in the website's language", () => {
  it("a Swedish visitor sees only Swedish in every seeded CTA, errors included", { timeout: 300_000 }, async () => {
    const context = await newContext("sv-SE");
    const r = await visitDemo(context, sv, en);
    await context.close();
    expect({ leaks: r.leaks, strangers: r.strangers, neverShown: r.neverShown, errors: r.errors }).toEqual({
      leaks: {},
      strangers: {},
      neverShown: [],
      errors: [],
    });
    // The check saw the texts it is about: both kinds of validation errors and the frame's labels.
    expect(r.seen.has(sv.required)).toBe(true);
    expect(r.seen.has(sv.email)).toBe(true);
    expect(r.seen.has(sv.close)).toBe(true);
  });

  it("with the website's language set to English, the same CTAs speak English", { timeout: 300_000 }, async () => {
    await tdb.db.website.update({ where: { id: websiteId }, data: { language: "en" } });
    try {
      const context = await newContext("en-US");
      const r = await visitDemo(context, en, sv);
      await context.close();
      expect({ leaks: r.leaks, strangers: r.strangers, neverShown: r.neverShown, errors: r.errors }).toEqual({
        leaks: {},
        strangers: {},
        neverShown: [],
        errors: [],
      });
      expect(r.seen.has(en.required)).toBe(true);
      expect(r.seen.has(en.email)).toBe(true);
      expect(r.seen.has(en.close)).toBe(true);
    } finally {
      await tdb.db.website.update({ where: { id: websiteId }, data: { language: "sv" } });
    }
  });
});
