/**
 * Every gallery template, in English and in Swedish, drawn by the built
 * renderer in Chromium on the fixture host page (as the renderer's own
 * browser tests do): it renders without page errors, shows its heading or
 * first text, and axe-core finds no serious or critical violation.
 * Needs a widget build (`npx tsx scripts/build-widget.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/chromium";
import { fixtureConfig } from "../fixtures/render/ctas";
import { mountInPage, openFixture, seriousViolations } from "../fixtures/render/harness";
import type { CtaDocument } from "../../app/lib/schema/cta";
import { CTA_TEMPLATES, TEMPLATE_LANGUAGES, templateDocument } from "../../app/templates";
import { widgetCatalogue } from "../../widget/i18n";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Ids as the database would give them: the renderer keys its state and labels by them. */
function withIds(doc: CtaDocument, ctaId: number): CtaDocument {
  let next = ctaId * 1000;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node != "object") return;
    const o = node as Record<string, unknown>;
    if ("position" in o && !o.id) o.id = ++next;
    for (const [k, v] of Object.entries(o)) if (k !== "options" && k !== "data") visit(v);
  };
  const copy = structuredClone(doc);
  copy.variants.forEach((v, i) => (v.id = ctaId * 100 + i + 1));
  visit(copy.variants);
  return { ...copy, id: ctaId, status: "published", published_at: new Date(0).toISOString() };
}

/** Where a template goes on the fixture page: inline CTAs and landing pages into a page area, the others into the body. */
const AREA: Record<string, string> = { embed: "#area-main", sidebar: "#area-sidebar", bumper: "#area-bumper" };

describe.each(TEMPLATE_LANGUAGES)("the templates in %s", (lang) => {
  it("render with the real renderer, with no serious or critical axe-core violation", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang === "sv" ? "sv-SE" : "en-US" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await openFixture(page);
    const config = { ...fixtureConfig("http://beckon.localhost"), language: lang, texts: { [lang]: widgetCatalogue(lang) } };
    const found: string[] = [];
    let shown = 0;
    for (const [i, template] of CTA_TEMPLATES.entries()) {
      const cta = withIds(templateDocument(template, lang), 500 + i);
      const into = cta.cta_type === "inline" ? AREA[cta.inline_type ?? "embed"] : cta.cta_type === "page" ? "#area-main" : undefined;
      await mountInPage(page, { cta, config, into });
      const host = page.locator(`beckon-cta[data-beckon-cta="${cta.id}"]`);
      // The first text of the first step is on screen: the template really rendered, not an empty frame.
      const first = cta.variants[0].steps[0].sections[0].columns[0].elements[0];
      const expected = first.element_type === "text" ? String(first.options.html).replace(/<[^>]+>/g, "") : null;
      if (expected) {
        await host.getByText(expected, { exact: true }).first().waitFor({ state: "visible", timeout: 10_000 });
        shown++;
      } else {
        await host.locator(".bk-frame").first().waitFor({ state: "visible", timeout: 10_000 });
        shown++;
      }
      for (const v of await seriousViolations(page)) found.push(`${template.id}: ${v.impact} ${v.id} ${v.help} ${v.targets.slice(0, 2).join(" ")}`);
      await page.evaluate(() => {
        const w = window as unknown as { __mounted: { unmount(): void }[] };
        w.__mounted.splice(0).forEach((m) => m.unmount());
        document.querySelectorAll("beckon-cta").forEach((h) => h.remove());
      });
    }
    expect(shown).toBe(CTA_TEMPLATES.length);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
