/**
 * The demo on a phone: every main page of the Swedish site and the store,
 * with its CTAs shown, fits a 390 px wide screen. Nothing scrolls sideways,
 * and every CTA (a bar's close button included) lies inside the screen. A
 * page wider than the screen widens the layout viewport on a phone, and then
 * a fixed bar is laid out wider than the screen and its close button falls
 * off the edge.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { browser, server, withE2eStack } from "#test/support/e2e-stack";
import { flagWidgetReady } from "#test/support/demo-site";

const PAGES = [
  "/demo/sv",
  "/demo/sv/blogg",
  "/demo/sv/utbildningar",
  "/demo/sv/kontakt",
  "/demo/sv/webbinarium",
  "/demo/sv/e-bok-saljteknik",
  "/demo/sv/avregistrering",
  "/demo/store",
  "/demo/store/cart",
  "/demo/store/collections/all",
  "/demo/store/products/morning-ritual-coffee",
];

let phone: BrowserContext;

withE2eStack({ demo: true });

beforeAll(async () => {
  phone = await browser.newContext({
    locale: "sv-SE",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await flagWidgetReady(phone);
});

afterAll(async () => {
  await phone?.close();
});

describe("the demo on a 390 px phone", () => {
  it.each(PAGES)("%s fits the screen with its CTAs shown", async (path) => {
    const page = await phone.newPage();
    await page.goto(`${server.origin}${path}`);
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready);
    // Placed CTAs load their renderer and mount after cfReady: wait until the widget's requests are done.
    await page.waitForLoadState("networkidle");
    // What the widget shows at once (bars, placed forms) has been drawn and shown: a CTA is drawn hidden, its
    // elements a frame after its frame, and shown a frame later.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLElement>("beckon-cta")].every(
        (h) => !h.shadowRoot || (h.shadowRoot.querySelector(".bk-frame, .bk-root") && !h.hidden),
      ),
    );
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const found: string[] = [];
      if (document.documentElement.scrollWidth > width)
        found.push(`page is ${document.documentElement.scrollWidth} px wide`);
      for (const host of document.querySelectorAll<HTMLElement>("beckon-cta")) {
        for (const el of host.shadowRoot?.querySelectorAll<HTMLElement>(".bk-frame, .bk-close, .bk-powered") ?? []) {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.right > width + 0.5)
            found.push(`CTA ${host.dataset.beckonCta} ${el.className} ends at ${Math.round(box.right)} px`);
        }
      }
      return { width, found };
    });
    expect(overflow.width).toBe(390);
    expect(overflow.found).toEqual([]);
    await page.close();
  });
});
