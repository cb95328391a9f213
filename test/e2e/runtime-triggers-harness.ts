/**
 * The harness shared by the runtime-triggers-*.test.ts files: a website with
 * one published CTA per trigger (each shown on /t/{name} only), the real
 * server, and Chromium opening host pages on a fake third-party origin
 * (http://shop.test, served by page.route) that embed the generic snippet.
 */
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/server";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { createWebsite } from "../../app/models/website.server";
import { createBroadcast } from "../../app/models/broadcast.server";
import { publishCta, saveCtaDocument } from "../../app/models/cta.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "../support/factories";
import type { CtaDocumentInput } from "../../contract/schema/cta";
import { genericSnippet } from "../../widget/snippet";

export const HOST = "http://shop.test";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Live bindings: set by withTriggerSite()'s beforeAll, read by the tests as plain names.
export let tdb: TestDatabase;
export let server: TestServer;
export let browser: Browser;
export let websiteId: number;
/** CTA ids by trigger name; each CTA's broadcast runs on /t/{name} only. */
export const ids: Record<string, number> = {};

const TRIGGERS: Record<string, Partial<CtaDocumentInput>> = {
  delayed: { options: { trigger: "delayed", delay: 1, "hide-days": 1 } },
  scroll: {
    cta_type: "bar",
    overlay_type: null,
    bar_position: "bottom",
    options: { trigger: "scroll", "scroll-percentage": 50 },
  },
  exit: { options: { trigger: "exit", "hide-days": 7 } },
  click: { options: { trigger: "click" } },
  addtocart: { options: { trigger: "add-to-cart", "cart-value-comparison": "greater", "cart-value": 50 } },
  teaser: { cta_type: "two-tap", overlay_type: null, options: { "teaser-trigger": "immediate" } },
  api: { options: { trigger: "click" } },
  frequency: { options: { trigger: "immediate", "hide-days": 1 } },
  spa: { options: { trigger: "immediate" } },
};

/** Registers the file's database, server and browser: started before its tests, closed after them. */
export function withTriggerSite() {
  beforeAll(async () => {
    tdb = await createTestDatabase();
    websiteId = (await createWebsite(tdb.db, websiteSettingsMock({ name: "Runtime triggers" }))).id;
    for (const [name, over] of Object.entries(TRIGGERS)) {
      const b = await createBroadcast(tdb.db, websiteId, {
        name: `Only /t/${name}`,
        conditions: [{ condition_type: "url", url: `/t/${name}`, data: { match: "contains" } }],
      });
      const doc = await saveCtaDocument(
        tdb.db,
        websiteId,
        ctaWithElements([textElementMock({ options: { html: `<p>CTA ${name}</p>` } })], {
          name: `CTA ${name}`,
          broadcast_id: b.id,
          ...over,
        }),
      );
      await publishCta(tdb.db, websiteId, doc.id!);
      ids[name] = doc.id!;
    }
    server = await startTestServer({ databaseUrl: tdb.url });
    browser = await launchThirdPartyChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await tdb?.drop();
  });
}

/**
 * Chromium as launchChromium() does, but letting pages of the fake public
 * origin reach the server on 127.0.0.1 (Local Network Access would block
 * them: in production the server is public too).
 */
function launchThirdPartyChromium(): Promise<Browser> {
  const features = "LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights";
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--disable-features=${features}`],
    headless: true,
  });
}

/** A host page: records the client events in window.__events, then the snippet. */
function hostPage(body: string, bodyClass = ""): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head>
<body class="${bodyClass}">
<script>window.__events=[];["cfReady","cfView","cfClose"].forEach(function(n){document.addEventListener(n,function(e){window.__events.push([n,e.detail])})});</script>
${body}
${genericSnippet({ origin: server.origin, websiteId })}
</body></html>`;
}

/** Opens a host page of http://shop.test in the context, collecting its uncaught errors. */
export async function open(
  context: BrowserContext,
  path: string,
  body = "",
  bodyClass = "",
): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  if (process.env.BECKON_E2E_DEBUG) {
    page.on("console", (m) => console.log("[page]", m.type(), m.text()));
    page.on("requestfailed", (r) => console.log("[failed]", r.url(), r.failure()?.errorText));
    page.on("response", (r) => console.log("[response]", r.status(), r.url()));
  }
  await page.route(`${HOST}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/cart.js")
      return route.fulfill({ json: { token: "c1", total_price: 6000, item_count: 1, items: [] } });
    if (url.pathname === "/cart/add.js") return route.fulfill({ json: { id: 1, quantity: 1 } });
    return route.fulfill({ contentType: "text/html; charset=utf-8", body: hostPage(body, bodyClass) });
  });
  await page.goto(HOST + path);
  return { page, errors };
}

/** The host element of the CTA of a trigger. */
export const shown = (page: Page, name: string) => page.locator(`beckon-cta[data-beckon-cta="${ids[name]}"]`);
/** Waits for the widget's cfReady event. */
export const ready = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __events: [string][] }).__events.some((e) => e[0] === "cfReady"),
    undefined,
    { timeout: 15_000 },
  );
/** The client events so far, as "name:cta id". */
export const eventNames = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __events: [string, { cta_id?: number }][] }).__events.map(
      (e) => `${e[0]}:${e[1].cta_id ?? ""}`,
    ),
  );
