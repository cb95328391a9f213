/**
 * Helpers for end-to-end tests of admin pages: logging in as the demo
 * owner, opening the CTA editor, waiting for hydration and for dnd-kit's
 * announcements, and listing axe-core's serious and critical findings.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { SALJAKADEMIN_OWNER } from "#prisma/seed-data/demo-owners";
import { saveCtaDocument } from "#app/models/cta.server";
import { findTemplate, templateDocument } from "#app/templates";
import type { TestDatabase } from "./test-database";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeResult = { violations: { id: string; impact: string; help: string; nodes: { target: unknown }[] }[] };

/** Serious and critical axe-core violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the admin's CSP (inline scripts by nonce only) would block a <script> tag.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} ${v.targets.join(" ")}`);
}

/** Waits until React has hydrated the page (its props sit on the DOM nodes), so clicks reach React. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("main button");
    return !!button && Object.keys(button).some((k) => k.startsWith("__reactProps"));
  });
}

/** The seeded Swedish site's owner (prisma/seed-data). */
export const DEMO_OWNER = { email: SALJAKADEMIN_OWNER.email, password: SALJAKADEMIN_OWNER.password } as const;

/** Logs in through the standalone admin's login form and waits until the login page is left. */
export async function logInAsOwner(
  page: Page,
  origin: string,
  owner: { email: string; password: string } = DEMO_OWNER,
): Promise<void> {
  await page.goto(`${origin}/owner/login`);
  await page.fill('input[name="email"]', owner.email);
  await page.fill('input[name="password"]', owner.password);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/owner/login")),
    page.click('button[type="submit"]'),
  ]);
}

/** A desktop browser context with a page signed in as an owner (the Swedish site's by default); the page's uncaught errors go to `errors`. */
export async function signedInOwner(
  browser: Browser,
  origin: string,
  errors: string[],
  owner: { email: string; password: string } = DEMO_OWNER,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await logInAsOwner(page, origin, owner);
  return { context, page };
}

/** Saves a draft CTA made from one of the gallery's templates in Swedish, for the editor to open; resolves to its id. */
export async function saveTemplateDraft(
  db: TestDatabase["db"],
  websiteId: number,
  template: { id: string; name: string },
): Promise<number> {
  const doc = templateDocument(findTemplate(template.id)!, "sv");
  return (await saveCtaDocument(db, websiteId, { ...doc, name: template.name, status: "draft" })).id!;
}

/** A new page of `context`, signed in as the demo owner, on the hydrated editor of one CTA; its uncaught errors go to `errors`. */
export async function openEditorAsOwner(
  context: BrowserContext,
  origin: string,
  editor: { websiteId: number; ctaId: number; errors: string[] },
): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => editor.errors.push(e.message));
  await logInAsOwner(page, origin);
  await page.goto(`${origin}/owner/websites/${editor.websiteId}/ctas/${editor.ctaId}`);
  await hydrated(page);
  return page;
}

/** A Swedish owner on a phone: the admin picks its language from Accept-Language, the builder its phone layout. */
export const SWEDISH_PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  locale: "sv-SE",
  extraHTTPHeaders: { "Accept-Language": "sv-SE,sv;q=0.9" },
};

/**
 * Resolves once some dnd-kit live region (what a screen reader reads out)
 * says `text`, and two frames later: dnd-kit measures where things can go in
 * the frames after a pick-up, and an arrow key before that moves nothing.
 */
export async function announced(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[id^="DndLiveRegion"]', { hasText: text }).first().waitFor({ state: "attached" });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
