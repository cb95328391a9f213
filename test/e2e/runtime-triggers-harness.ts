/**
 * The harness shared by the runtime-triggers-*.test.ts files and
 * runtime-turns.test.ts: a website with published CTAs, each shown on its
 * /t/{page} only (one per trigger for the triggers files), the real
 * server, and Chromium opening host pages on a fake third-party origin
 * (http://shop.test, served by page.route) that embed the generic snippet.
 */
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { createWebsite } from "#app/models/website.server";
import { createBroadcast } from "#app/models/broadcast.server";
import { publishCta, saveCtaDocument } from "#app/models/cta.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "#test/support/factories";
import type { CtaDocumentInput } from "#contract/schema/cta";
import { genericSnippet } from "#widget/snippet";
import { launchThirdPartyChromium } from "#test/fixtures/render/harness";

export const HOST = "http://shop.test";
export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Live bindings: set by withCtaSite()'s beforeAll, read by the tests as plain names.
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

/** A CTA of the site: its name (the key in ids), the page /t/{page} it alone is shown on, and its settings. */
export type SiteCta = [name: string, page: string, over: Partial<CtaDocumentInput>];

/**
 * Registers the file's database, server and browser, started before its
 * tests and closed after them: a website named `siteName` with each CTA
 * published, shown on its page only (one broadcast per page).
 */
export function withCtaSite(siteName: string, ctas: SiteCta[]) {
  beforeAll(async () => {
    tdb = await createTestDatabase();
    websiteId = (await createWebsite(tdb.db, websiteSettingsMock({ name: siteName }))).id;
    const broadcasts: Record<string, number> = {};
    for (const [name, page, over] of ctas) {
      broadcasts[page] ??= (
        await createBroadcast(tdb.db, websiteId, {
          name: `Only /t/${page}`,
          conditions: [{ condition_type: "url", url: `/t/${page}`, data: { match: "contains" } }],
        })
      ).id;
      const doc = await saveCtaDocument(
        tdb.db,
        websiteId,
        ctaWithElements([textElementMock({ options: { html: `<p>CTA ${name}</p>` } })], {
          name: `CTA ${name}`,
          broadcast_id: broadcasts[page],
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

/** The trigger site: one CTA per trigger, each on /t/{trigger}. */
export function withTriggerSite() {
  withCtaSite(
    "Runtime triggers",
    Object.entries(TRIGGERS).map(([name, over]): SiteCta => [name, name, over]),
  );
}

/** A host page: records the client events in window.__events, then the snippet. */
function hostPage(body: string, bodyClass = ""): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title></head>
<body class="${bodyClass}">
<script>window.__events=[];["cfReady","cfTrigger","cfView","cfClose"].forEach(function(n){document.addEventListener(n,function(e){window.__events.push([n,e.detail])})});</script>
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
/**
 * Whether the CTA's own trigger has fired on the page (cfTrigger, docs/embedding.md). Read after ready (an immediate
 * trigger has fired by then) or after the page event a trigger waits for, a CTA not triggered was decided against.
 */
export const triggered = async (page: Page, name: string) =>
  (await eventNames(page)).includes(`cfTrigger:${ids[name]}`);
/**
 * Resolves once the loader has decided whether to start on the page: the site script has set window.__beckonConfig
 * and, in the same run, queued the loader's start (loader.ts: a zero-delay timer). A zero-delay timer queued after
 * that one runs after it (timers of equal delay run in the order they were set): an ordering, not a wait for time.
 */
export async function loaderDecided(page: Page): Promise<void> {
  await page.waitForFunction(() => "__beckonConfig" in window, undefined, { timeout: 15_000 });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
/** The client events so far, as "name:cta id". */
export const eventNames = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __events: [string, { cta_id?: number }][] }).__events.map(
      (e) => `${e[0]}:${e[1].cta_id ?? ""}`,
    ),
  );
