/**
 * Beckon speaks the visitor's language (DESIGN "Words are data"): every
 * seeded CTA of the Swedish site and of the demo store, with the config and
 * definition the server builds from the seeded database, drawn by the built
 * renderer in Chromium. Each form is submitted empty so its validation errors
 * show; then every visible text and accessible label in the shadow root must
 * be the owner's own words or a text of the website's catalogue, and no text
 * of the other language's catalogue may appear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "#test/support/chromium";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { seedIfEmpty } from "#prisma/seed";
import { buildPublicConfig } from "#app/models/public-config.server";
import { loadCtaDocument } from "#app/models/cta.server";
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import type { WidgetTexts } from "#contract/i18n";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";
import { mountInPage, openFixture } from "#test/fixtures/render/harness";
import { languageCheck, ownerStrings, submitEmpty, visibleTexts } from "#test/support/widget-texts";

let browser: Browser;
let tdb: TestDatabase;
const sites: Record<"sv" | "store", { config: PublicWebsiteConfig; ctas: CtaDocument[] }> = {} as never;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  for (const [key, where] of [
    ["sv", { currency: "SEK" }],
    ["store", { shopDomain: { not: null } }],
  ] as const) {
    const w = await tdb.db.website.findFirstOrThrow({ where });
    const config = (await buildPublicConfig(tdb.db, w.id, "http://beckon.localhost"))!;
    const rows = await tdb.db.cta.findMany({
      where: { websiteId: w.id },
      orderBy: { id: "asc" },
      select: { id: true },
    });
    const ctas = (await Promise.all(rows.map((r) => loadCtaDocument(tdb.db, w.id, r.id)))).filter(
      (c): c is CtaDocument => !!c,
    );
    sites[key] = { config, ctas };
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await tdb?.drop();
});

/**
 * Opens each CTA of a site, shows its errors and returns, per CTA, the texts
 * that are neither the owner's nor the expected catalogue's, and those that
 * are the other catalogue's.
 */
async function check(site: "sv" | "store", mine: WidgetTexts, other: WidgetTexts) {
  const { config, ctas } = sites[site];
  const owner = ownerStrings([
    config.privacy_message,
    config.privacy_link_text,
    config.marketing_consent,
    config.sms_consent,
    config.terms_link_text,
    config.brand,
  ]);
  const sort = languageCheck(mine, other);
  const strangers: Record<string, string[]> = {};
  const leaks: Record<string, string[]> = {};
  const seen = new Set<string>();
  for (const cta of ctas) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openFixture(page);
    const placed = cta.cta_type === "inline" || cta.cta_type === "page";
    await mountInPage(page, { cta, config, into: placed ? "#area-main" : undefined });
    await submitEmpty(page);
    const texts = await visibleTexts(page);
    texts.forEach((t) => seen.add(t));
    const r = sort(texts, [...owner, ...ownerStrings(cta)]);
    if (r.strangers.length) strangers[cta.name] = r.strangers;
    if (r.leaks.length) leaks[cta.name] = r.leaks;
    await context.close();
  }
  return { strangers, leaks, seen, count: ctas.length };
}

describe("Beckon's own texts in the website's language", () => {
  it("a Swedish visitor sees only Swedish in every seeded CTA of the Swedish site, errors included", async () => {
    expect(sites.sv.config.language).toBe("sv");
    expect(Object.keys(sites.sv.config.texts)).toEqual(["sv"]);
    const r = await check("sv", sv, en);
    expect(r.count).toBeGreaterThanOrEqual(10);
    expect(r.leaks).toEqual({});
    expect(r.strangers).toEqual({});
    // The check saw the texts it is about: errors of empty forms and the frame's labels.
    expect(r.seen.has(sv.required) || r.seen.has(sv.email)).toBe(true);
    expect([...r.seen].some((s) => s === sv.close || s === sv.poweredBy)).toBe(true);
  }, 300_000);

  it("a visitor of the English demo store sees only English", async () => {
    expect(sites.store.config.language).toBe("en");
    const r = await check("store", en, sv);
    expect(r.count).toBeGreaterThanOrEqual(2);
    expect(r.leaks).toEqual({});
    expect(r.strangers).toEqual({});
    expect(r.seen.has(en.required) || r.seen.has(en.email)).toBe(true);
  }, 300_000);
});
