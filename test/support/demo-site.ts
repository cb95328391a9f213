/**
 * Helpers for end-to-end tests that walk the Swedish demo site (/demo/sv)
 * with its seeded CTAs: which CTAs there are, when the widget is ready, and
 * showing the CTAs that would otherwise wait for their trigger.
 */
import { expect } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { TestDatabase } from "./test-database";
import { expectResponse } from "./expect-request";

export interface SeededCta {
  id: number;
  ctaType: string;
}

/** A website's CTAs, oldest first. */
export function ctasOf(db: TestDatabase["db"], websiteId: number): Promise<SeededCta[]> {
  return db.cta.findMany({ where: { websiteId }, select: { id: true, ctaType: true }, orderBy: { id: "asc" } });
}

/** Makes every page of the context set window.__ready when the widget says cfReady, so a test can wait for it. */
export async function flagWidgetReady(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __ready: boolean };
    w.__ready = false;
    document.addEventListener("cfReady", () => (w.__ready = true));
  });
}

/** Waits for the cfReady that flagWidgetReady() records. */
export async function widgetReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready, undefined, {
    timeout: 15_000,
  });
}

/** Waits until every CTA placeholder on the page holds a rendered CTA; an empty one is a CTA nobody can see. */
export async function waitForPlacedCtas(page: Page, url: string): Promise<void> {
  const empty = () =>
    page.$$eval(".beckon-cta[data-cta-id], [data-beckon-area]", (els) =>
      els
        .filter((el) => !el.querySelector("beckon-cta")?.shadowRoot?.querySelector(".bk-root"))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
  await expect.poll(empty, { timeout: 10_000, message: `empty CTA placeholders on ${url}` }).toEqual([]);
}

/** Bars and popups show on their own triggers and targeting: triggers each of them now and waits until it is drawn. */
export async function showTriggeredCtas(page: Page, ctas: SeededCta[]): Promise<void> {
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

/**
 * Subscribes to the newsletter in the footer of the Swedish demo site (the
 * page must be open), ticking its required marketing consent; returns the
 * footer's CTA once the server has answered 201.
 */
export async function subscribeInFooter(page: Page, email: string) {
  const footer = page.locator('[data-beckon-area="footer"] [data-beckon-cta]');
  const input = footer.locator("input[type=email]");
  await input.waitFor({ state: "visible", timeout: 15_000 });
  await input.fill(email);
  await footer.locator('input[name="marketing_consent"]').check();
  const submitted = expectResponse(page, { method: "POST", path: "/contacts/create" });
  await footer.locator("button[type=submit]").click();
  expect((await submitted).status()).toBe(201);
  return footer;
}
