/**
 * CTAs take turns (issue 25 item 3), in Chromium: one modal at a time (the
 * others wait for it to close, on desktop and on a phone), bars stacked
 * without overlap or a blank band, a slide-in hook above a bottom bar, and
 * no View for a CTA that never showed. Host pages on a fake third-party
 * origin embed the generic snippet pointing at the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/server";
import { createWebsite } from "../../app/models/website.server";
import { createBroadcast } from "../../app/models/broadcast.server";
import { publishCta, saveCtaDocument } from "../../app/models/cta.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "../support/factories";
import type { CtaDocumentInput } from "../../contract/schema/cta";
import { genericSnippet } from "../../widget/snippet";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

const HOST = "http://shop.test";

let tdb: TestDatabase;
let server: TestServer;
let browser: Browser;
let websiteId: number;
const ids: Record<string, number> = {};

const overlay = (o: Record<string, unknown>): Partial<CtaDocumentInput> => ({
  cta_type: "overlay",
  overlay_type: "boxed",
  options: o,
});
const bar = (position: "top" | "bottom", o: Record<string, unknown> = {}): Partial<CtaDocumentInput> => ({
  cta_type: "bar",
  overlay_type: null,
  bar_position: position,
  options: { trigger: "immediate", ...o },
});
/** CTAs by name, each on the page /t/{page} only (its broadcast). */
const CTAS: [name: string, page: string, over: Partial<CtaDocumentInput>][] = [
  ["exitA", "exit", overlay({ trigger: "exit" })],
  ["exitB", "exit", overlay({ trigger: "exit", priority: 5 })],
  ["topA", "bars", bar("top")],
  ["topB", "bars", bar("top")],
  ["bottom", "hook", bar("bottom")],
  ["hook", "hook", { cta_type: "hook", overlay_type: null, hook_type: "vertical", options: { trigger: "immediate" } }],
  ["m1", "mobile", overlay({ trigger: "immediate" })],
  ["m2", "mobile", overlay({ trigger: "immediate" })],
  ["m3", "mobile", { cta_type: "overlay", overlay_type: "splash", options: { trigger: "immediate" } }],
  ["hiddenBar", "hidden", { ...bar("top"), options: { trigger: "immediate", css: ".bk-bar{display:none}" } }],
  ["clicked", "hidden", { cta_type: "hook", overlay_type: null, hook_type: "vertical", options: { trigger: "click" } }],
];

beforeAll(async () => {
  tdb = await createTestDatabase();
  websiteId = (await createWebsite(tdb.db, websiteSettingsMock({ name: "Turns" }))).id;
  const broadcasts: Record<string, number> = {};
  for (const [name, page, over] of CTAS) {
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

/** Chromium letting pages of the fake public origin reach the server on 127.0.0.1 (as runtime-triggers-harness.ts does). */
function launchThirdPartyChromium(): Promise<Browser> {
  const features = "LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights";
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--disable-features=${features}`],
    headless: true,
  });
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tdb?.drop();
});

/** The host page: a heading at the top of the content, a link that opens the click-only CTA, then the snippet. */
const hostPage =
  () => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title><style>body{margin:0}main{height:2000px}</style></head>
<body><main><h1 id="top" style="margin:0">Shop</h1><a href="#" class="cta-${ids.clicked}-trigger">Öppna</a></main>
${genericSnippet({ origin: server.origin, websiteId })}
</body></html>`;

interface Opened {
  page: Page;
  errors: string[];
  /** The events the widget sent, in order: [event_type, cta_id]. */
  sent: [string, number][];
}

async function open(path: string, o: { mobile?: boolean } = {}): Promise<Opened & { context: BrowserContext }> {
  const context = await browser.newContext(
    o.mobile
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  const sent: [string, number][] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!r.url().endsWith("/events/create")) return;
    for (const e of (JSON.parse(r.postData() || "{}").events || []) as { event_type: string; cta_id: number }[])
      sent.push([e.event_type, e.cta_id]);
  });
  await page.route(`${HOST}/**`, (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: hostPage() }),
  );
  await page.goto(HOST + path);
  return { page, errors, sent, context };
}

const cta = (page: Page, name: string) => page.locator(`beckon-cta[data-beckon-cta="${ids[name]}"]`);
/** The modal dialogs on screen now, by CTA name. */
const openModals = (page: Page) =>
  page.evaluate(
    (byId) =>
      Array.from(document.querySelectorAll("beckon-cta"))
        .filter((h) => h.shadowRoot?.querySelector('[aria-modal="true"]')?.getClientRects().length)
        .map((h) => byId[h.getAttribute("data-beckon-cta")!]),
    Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k])),
  );
const close = (page: Page, name: string) => cta(page, name).locator(".bk-close").click();
const box = async (page: Page, name: string, selector: string) =>
  (await cta(page, name).locator(selector).boundingBox())!;

describe("one modal at a time", () => {
  it("two exit popups: only one opens (the higher priority), the other once it is closed", async () => {
    const { page, errors, context } = await open("/t/exit");
    // Both definitions and the renderer are fetched ahead (1.5 s after ready): wait for them, then leave through the top.
    await page.waitForResponse((r) => r.url().includes(`/api/cta/${ids.exitA}`), { timeout: 15_000 });
    await page.mouse.move(300, 300);
    await page.mouse.move(300, 10, { steps: 5 });
    await page.mouse.move(300, -20, { steps: 2 });
    await cta(page, "exitB").locator(".bk-boxed").waitFor({ state: "visible" });
    expect(await openModals(page)).toEqual(["exitB"]);
    expect(await cta(page, "exitA").count()).toBe(0);
    await close(page, "exitB");
    await cta(page, "exitA").locator(".bk-boxed").waitFor({ state: "visible" });
    expect(await openModals(page)).toEqual(["exitA"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone, several matching popups open one after another, each counting its View only when shown", async () => {
    const { page, errors, sent, context } = await open("/t/mobile", { mobile: true });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      // On screen, not only in the page: a CTA is drawn hidden and shown frames later.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll("beckon-cta")).some(
          (h) => h.shadowRoot?.querySelector('[aria-modal="true"]')?.getClientRects().length,
        ),
      );
      const now = await openModals(page);
      expect(now).toHaveLength(1);
      expect(seen).not.toContain(now[0]);
      seen.push(now[0]);
      await close(page, now[0]);
      await cta(page, now[0]).waitFor({ state: "detached" });
    }
    expect(seen.sort()).toEqual(["m1", "m2", "m3"]);
    await expect.poll(() => sent.filter((e) => e[0] === "View").length, { timeout: 10_000 }).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("bars and slide-ins", () => {
  it("two top bars stack without overlap and leave no band, also once one closes", async () => {
    const { page, errors, context } = await open("/t/bars");
    await cta(page, "topA").locator(".bk-bar").waitFor({ state: "visible", timeout: 15_000 });
    await cta(page, "topB").locator(".bk-bar").waitFor({ state: "visible", timeout: 15_000 });
    // Laid out once both have measured themselves.
    await expect
      .poll(async () => {
        const [a, b, h1] = [
          await box(page, "topA", ".bk-bar"),
          await box(page, "topB", ".bk-bar"),
          (await page.locator("#top").boundingBox())!,
        ];
        const [first, second] = a.y < b.y ? [a, b] : [b, a];
        // Within a pixel: bar heights are fractional, the spacers' rounded.
        return [first.y, second.y - (first.y + first.height), h1.y - (a.height + b.height)].map((d) => Math.abs(d) < 1);
      })
      .toEqual([true, true, true]);
    await close(page, "topA");
    await cta(page, "topA").waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const [b, h1] = [await box(page, "topB", ".bk-bar"), (await page.locator("#top").boundingBox())!];
        return [b.y, h1.y - b.height].map((d) => Math.abs(d) < 1);
      })
      .toEqual([true, true]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a slide-in hook sits above a bottom bar", async () => {
    const { page, errors, context } = await open("/t/hook");
    await cta(page, "bottom").locator(".bk-bar").waitFor({ state: "visible", timeout: 15_000 });
    await cta(page, "hook").locator(".bk-hook").waitFor({ state: "visible", timeout: 15_000 });
    await expect
      .poll(async () => {
        const [b, h] = [await box(page, "bottom", ".bk-bar"), await box(page, "hook", ".bk-hook")];
        return h.y + h.height <= b.y + 0.5 && Math.round(b.y + b.height) === 800;
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("views", () => {
  it("a bar hidden by its CSS sends no View; one that shows does", async () => {
    const { page, errors, sent, context } = await open("/t/hidden");
    await cta(page, "hiddenBar").locator(".bk-bar").waitFor({ state: "attached", timeout: 15_000 });
    expect(await cta(page, "hiddenBar").locator(".bk-bar").isVisible()).toBe(false);
    // Shown after the hidden bar was mounted: its View goes out after any the bar had.
    await page.click(`.cta-${ids.clicked}-trigger`);
    await cta(page, "clicked").locator(".bk-hook").waitFor({ state: "visible" });
    await expect.poll(() => sent.some((e) => e[0] === "View" && e[1] === ids.clicked), { timeout: 10_000 }).toBe(true);
    expect(sent.filter((e) => e[0] === "View")).toEqual([["View", ids.clicked]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
