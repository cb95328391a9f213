/**
 * The widget runtime end to end in Chromium, on host pages of a fake
 * third-party origin that embed the generic snippet pointing at the real
 * server: each trigger fires (delay, scroll, exit intent, click, add to
 * cart, teaser, a direct call).
 */
import { describe, expect, it } from "vitest";
import {
  browser,
  eventNames,
  HOST,
  ids,
  open,
  ready,
  shown,
  triggered,
  withTriggerSite,
} from "./runtime-triggers-harness";
import { expectRequest } from "#test/support/expect-request";

withTriggerSite();

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
    expect(await triggered(page, "scroll")).toBe(false);
    expect(await shown(page, "scroll").count()).toBe(0);
    await page.mouse.move(500, 400);
    await page.mouse.wheel(0, 1000);
    // A quarter of the way down, seen by the scroll handlers: the page's scroll events come before its frame callbacks,
    // which is where waitForFunction looks.
    await page.waitForFunction(() => window.scrollY >= 900, undefined, { timeout: 5_000 });
    expect(await triggered(page, "scroll")).toBe(false);
    expect(await shown(page, "scroll").count()).toBe(0);
    await page.mouse.wheel(0, 1000);
    await shown(page, "scroll").waitFor({ state: "attached", timeout: 5_000 });
    await context.close();
  });

  it("exit intent: the mouse leaving through the top", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/t/exit", "<main style='height:600px'>Innehåll</main>");
    await ready(page);
    // A move inside the page, answered once the page has handled it: no exit intent.
    await page.mouse.move(300, 300);
    expect(await triggered(page, "exit")).toBe(false);
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
    expect(await triggered(page, "exit")).toBe(false);
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
    expect(await triggered(page, "click")).toBe(false);
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
    // The trigger is bound once the extras chunk has wrapped the page's fetch (extras/cart-adds.ts).
    await page.waitForFunction(() => !/\[native code\]/.test(window.fetch.toString()), undefined, { timeout: 10_000 });
    expect(await triggered(page, "addtocart")).toBe(false);
    expect(await shown(page, "addtocart").count()).toBe(0);
    const cartRead = expectRequest(page, { origin: HOST, path: "/cart.js" });
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
