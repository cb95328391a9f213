/**
 * The widget's own signs on a page, for end-to-end tests that must tell "not
 * shown" from "not shown yet" without waiting a while and hoping:
 * - cfReady: the visitor is ready and the page's targeting evaluated; the
 *   immediate triggers fire in the same task, so by the test's next look
 *   every CTA that starts at once is on its way;
 * - cfTrigger (docs/embedding.md): a CTA's own trigger fired, before it
 *   shows. A CTA missing from them after its trigger's page event was
 *   decided against.
 */
import type { Page } from "playwright-core";

type Signs = { __beckonReady?: boolean; __beckonTriggered?: number[] };

/**
 * Records the signs from the page's start: call before it loads; every later load of the page records afresh.
 * Calling it again for the same page adds nothing.
 */
export async function recordWidgetSigns(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Signs;
    if (w.__beckonTriggered) return;
    w.__beckonReady = false;
    w.__beckonTriggered = [];
    document.addEventListener("cfReady", () => (w.__beckonReady = true));
    document.addEventListener("cfTrigger", (e) =>
      w.__beckonTriggered!.push((e as CustomEvent<{ cta_id: number }>).detail.cta_id),
    );
  });
}

/** Resolves once the widget fired cfReady on the page. */
export const widgetReady = (page: Page, timeout = 15_000) =>
  page.waitForFunction(() => (window as unknown as Signs).__beckonReady, undefined, { timeout });

/** The CTAs whose own trigger has fired on the page so far, in order. */
export const triggeredCtas = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as Signs).__beckonTriggered ?? []);
