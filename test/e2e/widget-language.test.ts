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
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { seedIfEmpty } from "../../prisma/seed";
import { buildPublicConfig } from "../../app/models/public-config.server";
import { loadCtaDocument } from "../../app/models/cta.server";
import type { CtaDocument } from "../../app/lib/schema/cta";
import type { PublicWebsiteConfig } from "../../app/lib/schema/public-config";
import type { WidgetTexts } from "../../widget/i18n";
import { en } from "../../widget/i18n/en";
import { sv } from "../../widget/i18n/sv";
import { mountInPage, openFixture } from "../fixtures/render/harness";

let browser: Browser;
let tdb: TestDatabase;
const sites: Record<"sv" | "store", { config: PublicWebsiteConfig; ctas: CtaDocument[] }> = {} as never;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  for (const [key, where] of [["sv", { currency: "SEK" }], ["store", { shopDomain: { not: null } }]] as const) {
    const w = await tdb.db.website.findFirstOrThrow({ where });
    const config = (await buildPublicConfig(tdb.db, w.id, "http://beckon.localhost"))!;
    const rows = await tdb.db.cta.findMany({ where: { websiteId: w.id }, orderBy: { id: "asc" }, select: { id: true } });
    const ctas = (await Promise.all(rows.map((r) => loadCtaDocument(tdb.db, w.id, r.id)))).filter((c): c is CtaDocument => !!c);
    sites[key] = { config, ctas };
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await tdb?.drop();
});

const norm = (s: string) => s.replace(/\s+/g, " ").trim();
const decode = (s: string) => s.replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** Every string in a value, HTML tags stripped: what the owner wrote (and ids, which do no harm). */
function ownerStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v == "string") out.push(norm(decode(v.replace(/<[^>]*>/g, " "))));
  else if (Array.isArray(v)) v.forEach((x) => ownerStrings(x, out));
  else if (v && typeof v == "object") Object.values(v).forEach((x) => ownerStrings(x, out));
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A catalogue text as a pattern: placeholders match anything. */
const patternOf = (text: string) => new RegExp("^" + text.split(/\{\w+\}/).map(escape).join(".+?") + "$");
/** Literal pieces of catalogue texts, longest first (what is left between placeholders). */
const piecesOf = (c: WidgetTexts) =>
  Object.values(c)
    .flatMap((t) => t.split(/\{\w+\}/))
    .map((p) => p.trim())
    .filter((p) => /\p{L}/u.test(p))
    .sort((a, b) => b.length - a.length);

/** The visible texts and accessible labels inside every CTA's shadow root. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const host of Array.from(document.querySelectorAll("beckon-cta"))) {
      const root = host.shadowRoot;
      if (!root) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!parent || parent.closest("style,script,template")) continue;
        if (!parent.checkVisibility({ checkVisibilityCSS: true } as never) && !parent.closest(".bk-sr")) continue;
        out.push(n.textContent ?? "");
      }
      for (const el of Array.from(root.querySelectorAll("*"))) {
        for (const a of ["aria-label", "placeholder", "title", "alt", "aria-valuetext"]) {
          const v = el.getAttribute(a);
          if (v) out.push(v);
        }
      }
    }
    return out.map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => /\p{L}/u.test(s));
  });
}

/** Submits every form of the CTA empty, so its validation messages show. */
async function submitEmpty(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const host of Array.from(document.querySelectorAll("beckon-cta"))) {
      for (const form of Array.from(host.shadowRoot?.querySelectorAll("form") ?? [])) form.requestSubmit();
    }
  });
  // The submit code is a chunk of its own, fetched on the first submit.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(200);
}

/**
 * Opens each CTA of a site, shows its errors and returns, per CTA, the texts
 * that are neither the owner's nor the expected catalogue's, and those that
 * are the other catalogue's.
 */
async function check(site: "sv" | "store", mine: WidgetTexts, other: WidgetTexts) {
  const { config, ctas } = sites[site];
  const owner = ownerStrings([config.privacy_message, config.privacy_link_text, config.marketing_consent, config.sms_consent, config.terms_link_text, config.brand]);
  const patterns = Object.values(mine).map(patternOf);
  const pieces = piecesOf(mine);
  // The other language's texts that differ from ours (Video and Variant are both languages' words).
  const foreign = (Object.keys(other) as (keyof WidgetTexts)[]).filter((k) => other[k] !== mine[k]).map((k) => ({ key: k, re: patternOf(other[k]) }));
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
    const corpus = " " + [...owner, ...ownerStrings(cta)].join(" \u0000 ") + " ";
    for (const text of await visibleTexts(page)) {
      seen.add(text);
      const isOwner = corpus.includes(text);
      if (!isOwner && foreign.some((f) => f.re.test(text))) (leaks[cta.name] ??= []).push(text);
      if (isOwner || patterns.some((p) => p.test(text))) continue;
      // A composed label ("Tid kvar: 1 dagar, 2 timmar"): what is left after our texts must be the owner's words.
      let rest = text;
      for (const p of pieces) rest = rest.split(p).join(" ");
      const words = rest.match(/\p{L}{2,}/gu) ?? [];
      if (words.some((w) => !corpus.includes(w))) (strangers[cta.name] ??= []).push(text);
    }
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
