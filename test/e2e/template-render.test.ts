/**
 * Every gallery template, in English and in Swedish, drawn by the built
 * renderer in Chromium on the fixture host page (as the renderer's own
 * browser tests do): it renders without page errors, shows its heading or
 * first text, and axe-core finds no serious or critical violation.
 * Needs a widget build (`npx tsx scripts/build-widget.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "#test/support/chromium";
import { fixtureConfig } from "#test/fixtures/render/ctas";
import path from "node:path";
import type { Page } from "playwright-core";
import { mountInPage, openFixture } from "#test/fixtures/render/harness";
import type { CtaDocument } from "#contract/schema/cta";
import { CTA_TEMPLATES, TEMPLATE_LANGUAGES, templateDocument } from "#app/templates";
import { widgetCatalogue } from "#contract/i18n";

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

/** Serious and critical axe-core violations inside the CTA (its shadow root included); axe is injected once per page. */
async function ctaViolations(page: Page, ctaId: number): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ path: path.resolve(__dirname, "../../node_modules/axe-core/axe.min.js") });
  return page.evaluate(async (id) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run({ include: [[`beckon-cta[data-beckon-cta="${id}"]`]] }, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.impact} ${v.id} ${v.help} ${v.nodes
            .slice(0, 2)
            .map((n) => JSON.stringify(n.target))
            .join(" ")}`,
      );
  }, ctaId);
}

/** Where a template goes on the fixture page: inline CTAs and landing pages into a page area, the others into the body. */
const AREA: Record<string, string> = { embed: "#area-main", sidebar: "#area-sidebar", bumper: "#area-bumper" };

describe.each(TEMPLATE_LANGUAGES)("the templates in %s", (lang) => {
  it("render with the real renderer, with no serious or critical axe-core violation", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: lang === "sv" ? "sv-SE" : "en-US",
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await openFixture(page);
    const config = {
      ...fixtureConfig("http://beckon.localhost"),
      language: lang,
      texts: { [lang]: widgetCatalogue(lang) },
    };
    const found: string[] = [];
    let shown = 0;
    for (const [i, template] of CTA_TEMPLATES.entries()) {
      const cta = withIds(templateDocument(template, lang), 500 + i);
      const into =
        cta.cta_type === "inline"
          ? AREA[cta.inline_type ?? "embed"]
          : cta.cta_type === "page"
            ? "#area-main"
            : undefined;
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
      // Contrast is measured on the settled CTA, not halfway through its entrance transition.
      await page.evaluate((id) => {
        const root = document.querySelector(`beckon-cta[data-beckon-cta="${id}"]`)?.shadowRoot;
        // The fade and slide-in are CSS animations inside the CTA's shadow root; the document's list leaves them out.
        const running = [...document.getAnimations(), ...(root?.getAnimations() ?? [])].filter(
          (a) => a.effect?.getComputedTiming().endTime !== Infinity,
        );
        return Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      }, cta.id!);
      for (const v of await ctaViolations(page, cta.id!)) found.push(`${template.id}: ${v}`);
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
