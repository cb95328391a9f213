/**
 * The harness shared by the host-site-*.test.ts files: the Swedish host site
 * (/demo/sv, built here) on the real server and a seeded database, Chromium,
 * and helpers that open its pages with Beckon's widget script stubbed (so
 * only the host site's scripts act), optionally on Playwright's paused page
 * clock, and that scroll and read the layout.
 */
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { launchChromium } from "#test/support/chromium";
import { seedIfEmpty } from "#prisma/seed";
import { buildDemo } from "#scripts/build-demo";

// Live bindings: set by withHostSite()'s beforeAll, read by the tests as plain names.
export let tdb: TestDatabase;
export let server: TestServer;
let browser: Browser;
export let svId: number;
const contexts: BrowserContext[] = [];

export const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Registers the file's demo build, database (seeded), server and browser: before its tests, closed after them. */
export function withHostSite() {
  beforeAll(async () => {
    await buildDemo({ quiet: true });
    tdb = await createTestDatabase();
    await seedIfEmpty(tdb.db);
    svId = (await tdb.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
    server = await startTestServer({ databaseUrl: tdb.url });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
    await server?.stop();
    await tdb?.drop();
  });
}

export interface Opened {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors in the page. */
  errors: string[];
  /** Requests for Beckon's site-specific script. */
  widgetRequests: string[];
}

export interface OpenOptions {
  width?: number;
  height?: number;
  userAgent?: string;
  role?: string;
  /** Install the page clock before the page loads, paused: timers fire only on runFor. */
  clock?: boolean;
}

/** Opens a page of the host site in a new context (Swedish, 1280 x 800 unless told), once the site says it is ready. */
export async function open(path: string, o: OpenOptions = {}): Promise<Opened> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    userAgent: o.userAgent,
    locale: "sv-SE",
  });
  contexts.push(context);
  if (o.role) await context.addCookies([{ name: "sv_demo_user", value: o.role, url: server.origin }]);
  const widgetRequests: string[] = [];
  await context.route(/\/api\/websites\/\d+\.js(\?|$)/, (route) => {
    widgetRequests.push(route.request().url());
    return route.fulfill({
      contentType: "application/javascript",
      body: "/* Beckon stubbed in the host-site tests */",
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (o.clock) {
    // install() alone lets time flow; pausing first means no timer fires until the test says so.
    const start = new Date("2026-11-02T09:00:00+01:00").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
  }
  await page.goto(`${server.origin}${path}`);
  await page.waitForSelector("html.sv-ready", { state: "attached" });
  return { page, context, errors, widgetRequests };
}

/** Waits n animation frames (not for pages with the clock installed). */
export const frames = (page: Page, n = 3) =>
  page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let i = 0;
        const tick = () => (++i >= count ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

/** Scrolls to y, waits until the page is there and its scroll handlers have run. */
export async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction(
    (top) => Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - innerHeight)) < 1,
    y,
  );
  await frames(page, 3);
}

/** The top of an element on the page, in document coordinates. */
export const pageTop = (page: Page, selector: string) =>
  page.$eval(selector, (el) => el.getBoundingClientRect().top + window.scrollY);
/** Whether an element has a class. */
export const hasClass = (page: Page, selector: string, cls: string) =>
  page.$eval(selector, (el, c) => el.classList.contains(c), cls);
