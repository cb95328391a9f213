/**
 * The widget runtime end to end in Chromium: host pages on a fake
 * third-party origin (http://shop.test, served by page.route) embed the
 * generic snippet pointing at the real server. Each trigger fires, the
 * viewed cookie suppresses a second show, bots are skipped, the test panel
 * opens, and a single-page site is re-evaluated on pushState.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/server";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { createWebsite } from "../../app/models/website.server";
import { createBroadcast } from "../../app/models/broadcast.server";
import { publishCta, saveCtaDocument } from "../../app/models/cta.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "../fixtures/factories";
import type { CtaDocumentInput } from "../../app/lib/schema/cta";
import { genericSnippet } from "../../widget/snippet";

const HOST = "http://shop.test";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let websiteId: number;
/** CTA ids by trigger name; each CTA's broadcast runs on /t/{name} only. */
const ids: Record<string, number> = {};

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

/**
 * Chromium as launchChromium() does, but letting pages of the fake public
 * origin reach the server on 127.0.0.1 (Local Network Access would block
 * them: in production the server is public too).
 */
export function launchThirdPartyChromium(): Promise<Browser> {
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

async function open(
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

const shown = (page: Page, name: string) => page.locator(`beckon-cta[data-beckon-cta="${ids[name]}"]`);
const ready = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { __events: [string][] }).__events.some((e) => e[0] === "cfReady"),
    undefined,
    { timeout: 15_000 },
  );
const eventNames = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __events: [string, { cta_id?: number }][] }).__events.map(
      (e) => `${e[0]}:${e[1].cta_id ?? ""}`,
    ),
  );

describe("triggers", () => {
  it("delayed: shows after its delay, not before", async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, "/t/delayed");
    await ready(page);
    const readyAt = Date.now();
    await shown(page, "delayed").waitFor({ state: "attached", timeout: 10_000 });
    expect(Date.now() - readyAt).toBeGreaterThanOrEqual(800);
    expect(await eventNames(page)).toContain(`cfView:${ids.delayed}`);
    // Only its own broadcast's CTA runs on this page.
    expect(await page.locator("beckon-cta").count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("scroll: shows once the visitor scrolled half the page", async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const { page } = await open(context, "/t/scroll", '<div style="height:4000px">Lång sida</div>');
    await ready(page);
    await page.waitForTimeout(500);
    expect(await shown(page, "scroll").count()).toBe(0);
    await page.mouse.move(500, 400);
    await page.mouse.wheel(0, 1000);
    await page.waitForTimeout(300);
    expect(await shown(page, "scroll").count()).toBe(0);
    await page.mouse.wheel(0, 1000);
    await shown(page, "scroll").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });

  it("exit intent: the mouse leaving through the top", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/t/exit", "<main style='height:600px'>Innehåll</main>");
    await ready(page);
    await page.mouse.move(300, 300);
    await page.waitForTimeout(300);
    expect(await shown(page, "exit").count()).toBe(0);
    await page.mouse.move(300, 10, { steps: 5 });
    // Out through the top: Chromium reports a mouseout without a related target near y = 0.
    await page.mouse.move(300, -20, { steps: 2 });
    await shown(page, "exit").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });

  it("exit intent: its definition and the renderer come ahead, so it opens even when the network is gone by then", async () => {
    const context = await browser.newContext();
    // Every widget file and CTA definition the page asks for, settled once its body has arrived.
    const arrived: Promise<unknown>[] = [];
    context.on("request", (r) => {
      if (/\/widget\/beckon-|\/api\/cta\//.test(r.url())) arrived.push(r.response().then((res) => res?.finished()));
    });
    const definitionFetched = context.waitForEvent("requestfinished", {
      predicate: (r) => r.url().includes(`/api/cta/${ids.exit}.json`),
      timeout: 15_000,
    });
    const { page, errors } = await open(context, "/t/exit", "<main style='height:600px'>Innehåll</main>");
    await ready(page);
    await definitionFetched;
    await Promise.all(arrived);
    expect(await shown(page, "exit").count()).toBe(0);
    await context.setOffline(true);
    await page.mouse.move(300, 300);
    await page.mouse.move(300, 10, { steps: 5 });
    await page.mouse.move(300, -20, { steps: 2 });
    await shown(page, "exit").getByText("CTA exit").waitFor({ timeout: 5_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("exit intent on a phone: the back button", async () => {
    const context = await browser.newContext({ isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });
    const { page } = await open(context, "/t/exit");
    await ready(page);
    await page.waitForTimeout(300);
    expect(await shown(page, "exit").count()).toBe(0);
    await page.goBack();
    await shown(page, "exit").waitFor({ state: "attached", timeout: 5_000 });
    // The visitor is still on the page; a second back leaves.
    expect(page.url()).toBe(`${HOST}/t/exit`);
    await context.close();
  });

  it("click: an element with the class cta-{id}-trigger opens it", async () => {
    const context = await browser.newContext();
    const { page } = await open(
      context,
      "/t/click",
      `<p><a href="#ebok" id="open" class="knapp cta-${ids.click}-trigger"><span>Hämta e-boken</span></a></p>`,
    );
    await ready(page);
    await page.waitForTimeout(300);
    expect(await shown(page, "click").count()).toBe(0);
    await page.click("#open");
    await shown(page, "click").waitFor({ state: "attached", timeout: 5_000 });
    // The link's own navigation was prevented.
    expect(new URL(page.url()).hash).toBe("");
    await context.close();
  });

  it("add to cart: after an Ajax add, when the cart value passes the check", async () => {
    const context = await browser.newContext();
    const { page } = await open(
      context,
      "/t/addtocart/products/kaffe",
      `<button id="add">Lägg i varukorgen</button>
<script>document.getElementById("add").addEventListener("click",function(){fetch("/cart/add.js",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({id:1,quantity:1})})})</script>`,
    );
    await ready(page);
    await page.waitForTimeout(500);
    expect(await shown(page, "addtocart").count()).toBe(0);
    const cartRead = page.waitForRequest((r) => r.url() === `${HOST}/cart.js`);
    await page.click("#add");
    await cartRead;
    await shown(page, "addtocart").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });

  it("two-tap teaser: shows on its teaser trigger", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/t/teaser");
    await shown(page, "teaser").waitFor({ state: "attached", timeout: 10_000 });
    await context.close();
  });

  it("direct trigger: window.beckon.trigger, called before the loader arrived (queued and replayed)", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/t/api", `<script>window.beckon={q:[["trigger",[${ids.api}]]]};</script>`);
    await shown(page, "api").waitFor({ state: "attached", timeout: 10_000 });
    await page.evaluate(
      (id) => (window as unknown as { beckon: { close(id: number): void } }).beckon.close(id),
      ids.api,
    );
    await page.evaluate(
      (id) => (window as unknown as { beckon: { trigger(id: number): void } }).beckon.trigger(id),
      ids.api,
    );
    await shown(page, "api").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });
});

describe("display rules", () => {
  it("the viewed cookie suppresses a second show after a close", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/t/frequency");
    await shown(page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    await page.evaluate(
      (id) => (window as unknown as { beckon: { close(id: number): void } }).beckon.close(id),
      ids.frequency,
    );
    await expect.poll(() => shown(page, "frequency").count()).toBe(0);
    expect(await eventNames(page)).toContain(`cfClose:${ids.frequency}`);
    const cookie = (await context.cookies(HOST)).find((c) => c.name === `cf_${websiteId}_cta_${ids.frequency}_viewed`);
    expect(cookie).toBeDefined();
    // hide-days 1: about a day from now.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(86_000_000);

    await page.reload();
    await ready(page);
    await page.waitForTimeout(1500);
    expect(await shown(page, "frequency").count()).toBe(0);
    // A new browser (no cookie) sees it again.
    const fresh = await browser.newContext();
    const other = await open(fresh, "/t/frequency");
    await shown(other.page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    await fresh.close();
    await context.close();
  });

  it("a single-page site's address change through the History API re-evaluates targeting", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/start");
    await ready(page);
    await page.waitForTimeout(500);
    expect(await page.locator("beckon-cta").count()).toBe(0);
    await page.evaluate(() => history.pushState({}, "", "/t/spa"));
    await shown(page, "spa").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });

  it("a first visit's visitor is created once, by the snippet while the widget script downloads; the next page creates none", async () => {
    const context = await browser.newContext();
    const requests: { url: string; method: string; body: string | null; at: number }[] = [];
    let n = 0;
    context.on("request", (r) => requests.push({ url: r.url(), method: r.method(), body: r.postData(), at: n++ }));
    const { page, errors } = await open(context, "/t/frequency");
    await shown(page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    const created = requests.filter((r) => r.url.endsWith(`/api/websites/${websiteId}/visitors`));
    expect(created).toHaveLength(1);
    // Posted by the snippet beside the widget script's request, before the loader ran (it requests the renderer).
    const scriptAt = requests.find((r) => r.url.endsWith(`/api/websites/${websiteId}.js`))!.at;
    expect(Math.abs(created[0].at - scriptAt)).toBe(1);
    expect(created[0].at).toBeLessThan(requests.find((r) => r.url.includes("/widget/beckon-renderer"))!.at);
    const token = JSON.parse(created[0].body!).visitor.visitor_token;
    const cookie = (await context.cookies(HOST)).find((c) => c.name === `cf_${websiteId}_id`)!;
    expect(cookie.value).toBe(token);
    // The widget adopted it: its View event names the same visitor.
    await expect
      .poll(() => requests.filter((r) => r.url.endsWith("/events/create")).length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    expect(requests.find((r) => r.url.endsWith("/events/create"))!.body).toContain(`"visitor_token":"${token}"`);
    const person = await tdb.db.person.findFirst({ where: { websiteId, visitorToken: token } });
    expect(person).not.toBeNull();

    const next = await open(context, "/t/delayed");
    await ready(next.page);
    expect(requests.filter((r) => r.url.includes("/visitors"))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("bots are skipped unless the body is marked as a widget page", async () => {
    const context = await browser.newContext({ userAgent: BOT_UA });
    const requests: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    const { page } = await open(context, "/t/frequency");
    await page.waitForTimeout(1500);
    expect(
      await page.evaluate(() => (window as unknown as { beckon?: { installed?: boolean } }).beckon?.installed ?? false),
    ).toBe(false);
    expect(requests.some((u) => u.includes("/visitors"))).toBe(false);
    expect(await page.locator("beckon-cta").count()).toBe(0);

    const marked = await open(context, "/t/frequency", "", "beckon-widget-page");
    await shown(marked.page, "frequency").waitFor({ state: "attached", timeout: 10_000 });
    expect(
      await marked.page.evaluate(() => (window as unknown as { beckon: { installed: boolean } }).beckon.installed),
    ).toBe(true);
    await context.close();
  });

  it("cf_{websiteId}_admin=true opens the owner test panel and tracks nothing", async () => {
    const context = await browser.newContext();
    const posts: string[] = [];
    context.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    const { page, errors } = await open(context, `/t/delayed?cf_${websiteId}_admin=true`);
    const panel = page.locator("beckon-panel");
    await panel.waitFor({ state: "attached", timeout: 15_000 });
    await expect.poll(() => panel.evaluate((el) => el.shadowRoot?.textContent ?? "")).toContain("Beckon test panel");
    const text = await panel.evaluate((el) => el.shadowRoot!.textContent!);
    for (const part of [
      "Profile",
      "Session",
      "Integrations data",
      "Campaigns",
      "Broadcasts",
      "Site-wide conditions",
      `CTA delayed (overlay): would show`,
      "Only /t/delayed",
    ]) {
      expect(text).toContain(part);
    }
    // Admin mode shows a CTA at once, without waiting for its trigger.
    await shown(page, "delayed").waitFor({ state: "attached", timeout: 5_000 });
    await page.waitForTimeout(500);
    expect(posts.filter((u) => u.includes("/events/create"))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("debug mode: the owner's panel lists and warns once about a form field with no name (SPEC 8)", async () => {
    // The loader's cached copy of the CTA carries a form whose second field lost its name (an old or imported definition).
    const { cta } = (await (await fetch(`${server.origin}/api/cta/${ids.delayed}.json`)).json()) as {
      cta: Record<string, any>;
    };
    const column = cta.variants[0].steps[0].sections[0].columns[0];
    column.elements.push({
      id: 999,
      position: 9,
      element_type: "form",
      options: {},
      fields: [
        {
          id: 1,
          slug: "email",
          field_type: "text",
          position: 0,
          required: false,
          multi_select: false,
          url_params: false,
          options: { type: "email" },
          field_options: [],
        },
        {
          id: 2,
          slug: "",
          field_type: "text",
          position: 1,
          required: false,
          multi_select: false,
          url_params: false,
          options: { label: "Company" },
          field_options: [],
        },
      ],
      action_groups: [],
      actions: [],
    });
    const context = await browser.newContext();
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      [`cf_${websiteId}_cta_${ids.delayed}`, JSON.stringify({ at: Date.now(), cta })],
    );
    const warnings: string[] = [];
    context.on("console", (m) => m.type() === "warning" && m.text().includes("no name") && warnings.push(m.text()));
    const { page, errors } = await open(context, `/t/delayed?cf_${websiteId}_admin=true`);
    const panel = page.locator("beckon-panel");
    await panel.waitFor({ state: "attached", timeout: 15_000 });
    const listed = () =>
      panel.evaluate(
        (el, id) => el.shadowRoot?.querySelector(`[data-cta="${id}"] [data-unnamed]`)?.textContent ?? "",
        ids.delayed,
      );
    await expect.poll(listed).toContain("“Company” (element 999) has no name");
    expect(warnings).toEqual([
      `[beckon] CTA ${ids.delayed}: Form field “Company” (element 999) has no name, so its answer is not saved.`,
    ]);
    // A visitor's page (no admin flag, no logged-in cookie) loads no panel and warns nothing.
    const visitor = await browser.newContext();
    const quiet: string[] = [];
    visitor.on("console", (m) => m.text().includes("no name") && quiet.push(m.text()));
    const seen = await open(visitor, "/t/delayed");
    await ready(seen.page);
    await shown(seen.page, "delayed").waitFor({ state: "attached", timeout: 10_000 });
    expect(await seen.page.locator("beckon-panel").count()).toBe(0);
    expect(quiet).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await visitor.close();
  });
});
