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
import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { browser, server, svId as websiteId, tdb, withE2eStack } from "#test/support/e2e-stack";
import {
  ctasOf,
  flagWidgetReady,
  showTriggeredCtas,
  waitForPlacedCtas,
  widgetReady,
  type SeededCta,
} from "#test/support/demo-site";
import { languageCheck, ownerStrings, submitForms, visibleTextsByCta } from "#test/support/widget-texts";
import { buildPublicConfig } from "#app/models/public-config.server";
import { loadCtaDocument } from "#app/models/cta.server";
import { CTA_PAGES } from "#demo/sv/server/pages";
import { POSTS } from "#demo/sv/server/content";
import type { WidgetTexts } from "#contract/i18n";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";

let ctas: SeededCta[];

withE2eStack({
  demo: true,
  // No cached site script: the language this test writes shows on the next page.
  env: { BECKON_SCRIPT_CACHE_MS: "0" },
  setupTimeout: 120_000,
  beforeServer: async () => {
    ctas = await ctasOf(tdb.db, websiteId);
  },
});

/** The pages of the demo where the seeded CTAs are (the demo's menu and footer reach each). */
const PAGES = [
  "/demo/sv",
  "/demo/sv/blogg",
  ...POSTS.map((p) => `/demo/sv/blogg/${p.slug}`),
  ...CTA_PAGES.map((p) => `/demo/sv/${p.slug}`),
];

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
    await widgetReady(page);
    await waitForPlacedCtas(page, path);
    if (path === "/demo/sv") {
      await showTriggeredCtas(page, ctas);
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
  await flagWidgetReady(context);
  return context;
}

/** A visitor in `locale` sees every seeded CTA shown, in `language` only, with no page error. */
async function expectEveryCtaSpeaks(locale: string, language: WidgetTexts, other: WidgetTexts): Promise<void> {
  const context = await newContext(locale);
  const r = await visitDemo(context, language, other);
  await context.close();
  expect({ leaks: r.leaks, strangers: r.strangers, neverShown: r.neverShown, errors: r.errors }).toEqual({
    leaks: {},
    strangers: {},
    neverShown: [],
    errors: [],
  });
  // The check saw the texts it is about: both kinds of validation errors and the frame's labels.
  expect(r.seen.has(language.required)).toBe(true);
  expect(r.seen.has(language.email)).toBe(true);
  expect(r.seen.has(language.close)).toBe(true);
}

describe("the demo site's CTAs in the website's language", () => {
  it("a Swedish visitor sees only Swedish in every seeded CTA, errors included", { timeout: 300_000 }, async () => {
    await expectEveryCtaSpeaks("sv-SE", sv, en);
  });

  it("with the website's language set to English, the same CTAs speak English", { timeout: 300_000 }, async () => {
    await tdb.db.website.update({ where: { id: websiteId }, data: { language: "en" } });
    try {
      await expectEveryCtaSpeaks("en-US", en, sv);
    } finally {
      await tdb.db.website.update({ where: { id: websiteId }, data: { language: "sv" } });
    }
  });
});
