/**
 * For the files that run the widget on the local storefront
 * (test/storefront/server.ts): the storefront started and stopped around
 * their tests, the browser they launch, its pages opened with their errors
 * collected, and the cart as the shop reports it.
 */
import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { startStorefront, type LocalStorefrontOptions, type RunningStorefront } from "#test/storefront/server";

// Live binding: set by withStorefront()'s beforeAll, read by the tests as a plain name.
export let shop: RunningStorefront;

/**
 * Registers the file's storefront: started in a beforeAll of its own, after
 * the file's earlier set-up (so `options` may read what that made), and
 * stopped after its tests.
 */
export function withStorefront(options: () => LocalStorefrontOptions): void {
  beforeAll(async () => {
    shop = await startStorefront(options());
  });
  afterAll(async () => {
    await shop?.stop();
  });
}

/**
 * Chromium with Local Network Access checks off, so the storefront's pages
 * on one 127.0.0.1 port may call the Beckon server on another without a
 * permission prompt nobody can answer.
 */
export function launchStorefrontChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--disable-features=LocalNetworkAccessChecks"],
    headless: true,
  });
}

/** Opens `url` in a new page of `context`, its uncaught errors collected (and its console printed with BECKON_E2E_DEBUG set). */
export async function openWatchedPage(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (process.env.BECKON_E2E_DEBUG) page.on("console", (m) => console.log("[page]", m.type(), m.text()));
  await page.goto(url);
  return { page, errors };
}

/** Opens the storefront's page at `pathname`, as openWatchedPage() does. */
export const openShopPage = (context: BrowserContext, pathname: string) =>
  openWatchedPage(context, shop.origin + pathname);

/** The shop's cart as its own /cart.js answers the page (the session's cookie picks the cart). */
export const cartJs = (page: Page) => page.evaluate(() => fetch("/cart.js").then((r) => r.json()));
