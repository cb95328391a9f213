/**
 * The theme's own cart stays true after a CTA adds to it, in Chromium on the
 * local storefront (same origin as the Ajax API, as on a real store; the real
 * server serves the widget):
 * - a Dawn theme (the demo store's shell, demo/store.html: header with
 *   #cart-icon-bubble, Dawn's <cart-drawer> with its renderContents and open
 *   logic; the storefront's Section Rendering API renders the cart-drawer and
 *   cart-icon-bubble sections): an add from a product-feed CTA brings the
 *   sections back with cart/add.js, the drawer opens with the new line and the
 *   bubble shows the count, without leaving the page;
 * - a theme that speaks Shopify's standard storefront actions and events: no
 *   fetch or XMLHttpRequest patch is installed, the theme's own add fires a
 *   CTA's add-to-cart trigger through shopify:cart:lines-update, and the
 *   feed's add goes through the theme's Shopify.actions.updateCart and opens
 *   its cart with openCart;
 * - a theme with a cart link and nothing that refreshes it: the page reloads
 *   after the add (tracked first) and shows the new count;
 * - Dawn again, for a conversion's add_to_cart action (a button that adds
 *   and thanks in place): the drawer opens with the line, the bubble counts
 *   it, and the thank-you stays (no reload).
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { expectRequest, expectResponse } from "#test/support/expect-request";
import { eventually } from "#test/support/eventually";
import { cartJs, launchStorefrontChromium, openShopPage, shop, withStorefront } from "#test/support/storefront-page";
import { createWebsite } from "#app/models/website.server";
import { createBroadcast } from "#app/models/broadcast.server";
import { publishCta, saveCtaDocument } from "#app/models/cta.server";
import { ctaWithElements, textElementMock, websiteSettingsMock } from "#test/support/factories";
import { genericSnippet } from "#widget/snippet";
import { demoStorePage } from "#demo/store/server/demo-products";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { cartLoaded } from "#test/support/demo-store-page";

const KETTLE = DEMO_STORE_PRODUCTS.find((p) => p.handle === "gooseneck-kettle")!;
const POUR_OVER = DEMO_STORE_PRODUCTS.find((p) => p.handle === "ceramic-pour-over")!;

let websiteId: number;
let feedId: number;
let triggerId: number;
let actionCtaId: number;

const snippet = () => genericSnippet({ origin: server.origin, websiteId });
const main = `<h1>Coffee gear</h1><div data-beckon-area="products"></div>`;

/** The cart of a request's cart cookie (the storefront's own), for pages that render its count. */
function itemCount(cookie: string | undefined): number {
  const token = /(?:^|;\s*)cart=([^;]+)/.exec(cookie ?? "")?.[1];
  const cart = token ? shop.state.book.get(token) : undefined;
  return cart ? shop.state.book.cartJson(cart).item_count : 0;
}

/**
 * A theme that implements Shopify's standard storefront actions and events, as
 * Horizon does: a stand-in for Shopify's actions runtime (a module script, so
 * ready at DOMContentLoaded) whose updateCart and openCart the theme configures;
 * the theme's own product form dispatches shopify:cart:lines-update with a
 * promise that settles with the cart; updateCart emits the same event.
 */
const actionsPage = (
  count: number,
) => `<!doctype html><html><head><meta charset="utf-8"><title>Standard theme</title></head><body>
<header><a href="/cart" id="theme-cart">Cart (<span id="theme-count">${count}</span>)</a></header>
<div id="theme-drawer" hidden><p>Your cart</p><ul id="theme-lines"></ul></div>
<main>${main}<button id="theme-add" data-variant-id="${POUR_OVER.variants[0].id}">Add to cart</button></main>
<script>window.Shopify={shop:"beckon-demo.myshopify.com",routes:{root:"/"},currency:{active:"USD"}};window.__calls=[];</script>
<script type="module">
  // Shopify's actions runtime (stand-in): every action has a default handler until the theme configures one.
  const action = (fallback) => {
    let handler = null;
    const run = (...args) => (handler ? handler(fallback, ...args) : fallback(...args));
    return Object.assign(run, { configure: (o) => ((handler = o.handler), true), isDefault: () => !handler });
  };
  Shopify.actions = {
    getCart: async () => ({ cart: await (await fetch("/cart.js")).json() }),
    updateCart: action(async () => location.reload()),
    openCart: action(async () => (location.href = "/cart")),
  };
</script>
<script type="module">
  // The theme: its cart UI, its own adds announced with the standard event, its configuration of the actions.
  const drawer = document.getElementById("theme-drawer");
  async function render() {
    const cart = await (await fetch("/cart.js")).json();
    document.getElementById("theme-count").textContent = String(cart.item_count);
    document.getElementById("theme-lines").innerHTML = cart.items.map((i) => '<li class="theme-line" data-variant-id="' + i.variant_id + '">' + i.title + " × " + i.quantity + "</li>").join("");
    return cart;
  }
  function addLines(lines, context) {
    let settle;
    const promise = new Promise((resolve) => (settle = resolve));
    drawer.dispatchEvent(Object.assign(new Event("shopify:cart:lines-update", { bubbles: true }), { action: "add", context, lines, promise }));
    const items = lines.map((l) => ({ id: Number(String(l.merchandiseId).split("/").pop()), quantity: l.quantity }));
    return fetch("/cart/add.js", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ items }) })
      .then(async (res) => {
        const body = await res.json();
        const result = res.ok ? { cart: { id: "c", totalQuantity: (await render()).item_count }, userErrors: [] } : { cart: null, userErrors: [{ message: body.description }] };
        settle(result);
        return result;
      });
  }
  document.getElementById("theme-add").addEventListener("click", (e) =>
    addLines([{ merchandiseId: "gid://shopify/ProductVariant/" + e.currentTarget.dataset.variantId, quantity: 1 }], "product"),
  );
  Shopify.actions.updateCart.configure({
    handler: (_default, payload, options) => (window.__calls.push(["updateCart", payload]), addLines(payload.lines, (options && options.event && options.event.context) || "standard-action")),
  });
  Shopify.actions.openCart.configure({ handler: async () => (window.__calls.push(["openCart"]), (drawer.hidden = false)) });
</script>
${snippet()}
</body></html>`;

/** A theme whose header counts the cart (rendered with the page) and that has no ajax cart of its own. */
const plainPage = (
  count: number,
) => `<!doctype html><html><head><meta charset="utf-8"><title>Plain theme</title></head><body>
<header><a href="/cart" id="plain-cart">Cart (<span id="plain-count">${count}</span>)</a></header>
<main>${main}</main>
<script>window.Shopify={shop:"beckon-demo.myshopify.com",routes:{root:"/"},currency:{active:"USD"}};window.__page=Math.random();</script>
${snippet()}
</body></html>`;

withE2eStack({
  seed: false,
  launch: launchStorefrontChromium,
  setupTimeout: 120_000,
  beforeServer: async () => {
    websiteId = (
      await createWebsite(
        tdb.db,
        websiteSettingsMock({
          name: "Theme cart",
          domain: "https://beckon-demo.myshopify.com",
          business_type: "ecommerce",
        }),
      )
    ).id;
    const feed = await saveCtaDocument(
      tdb.db,
      websiteId,
      ctaWithElements(
        [
          {
            element_type: "products" as const,
            options: { "products-button-action-after-add-to-cart": "cart" },
            product_recommendations: [{ source: "manual", handles: [KETTLE.handle] }],
          },
        ],
        {
          name: "Product feed",
          cta_type: "inline",
          inline_type: "embed",
          overlay_type: null,
          options: { area: "products" },
        } as never,
      ),
    );
    await publishCta(tdb.db, websiteId, feed.id!);
    feedId = feed.id!;
    // A popup on the standard theme's page that shows once the cart holds anything after an add.
    const only = await createBroadcast(tdb.db, websiteId, {
      name: "Standard theme only",
      conditions: [{ condition_type: "url", url: "/standard", data: { match: "contains" } }],
    });
    const trigger = await saveCtaDocument(
      tdb.db,
      websiteId,
      ctaWithElements([textElementMock({ options: { html: "<p>Free shipping over $50</p>" } })], {
        name: "After an add",
        broadcast_id: only.id,
        options: { trigger: "add-to-cart", "cart-value-comparison": "greater", "cart-value": 1 },
      }),
    );
    await publishCta(tdb.db, websiteId, trigger.id!);
    triggerId = trigger.id!;
    // A button whose conversion adds the dripper and thanks in place, in its own area of the /dawn-action page.
    const adder = await saveCtaDocument(
      tdb.db,
      websiteId,
      ctaWithElements(
        [
          {
            element_type: "button" as const,
            options: { "button-text": "Add the dripper" },
            actions: [
              { action_type: "add_to_cart", data: { variant_id: String(POUR_OVER.variants[0].id), quantity: 1 } },
            ],
            action_groups: [{ data: { "confirmation-type": "message", confirmation: "The dripper is in your cart." } }],
          },
        ],
        {
          name: "Add by action",
          cta_type: "inline",
          inline_type: "embed",
          overlay_type: null,
          options: { area: "promo" },
        } as never,
      ),
    );
    await publishCta(tdb.db, websiteId, adder.id!);
    actionCtaId = adder.id!;
  },
});

withStorefront(() => ({
  routes: (req, res, url) => {
    const html = (body: string) => (
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }),
      res.end(body),
      true
    );
    if (url.pathname === "/dawn")
      return html(demoStorePage({ title: "Dawn", bodyClass: "template-index", main, snippet: snippet(), root: "/" }));
    if (url.pathname === "/dawn-action")
      return html(
        demoStorePage({
          title: "Dawn",
          bodyClass: "template-index",
          main: `<h1>Brewing</h1><div data-beckon-area="promo"></div>`,
          snippet: snippet(),
          root: "/",
        }),
      );
    if (url.pathname === "/standard") return html(actionsPage(itemCount(req.headers.cookie)));
    if (url.pathname === "/plain") return html(plainPage(itemCount(req.headers.cookie)));
    return false;
  },
}));

const feedButton = (page: Page) => page.locator(`beckon-cta[data-beckon-cta="${feedId}"] .bk-product-button`);

describe("the theme's cart after a CTA's add", () => {
  it("Dawn: the add brings the drawer's sections back, the drawer opens with the new line and the bubble counts it", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/dawn");
    await cartLoaded(page);
    const bubble = page.locator("#cart-icon-bubble .cart-count-bubble span[aria-hidden]");
    expect(await bubble.count()).toBe(0);
    expect(await page.locator("cart-drawer").getAttribute("class")).toBe("drawer is-empty");
    await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));

    const button = feedButton(page);
    await button.waitFor({ state: "visible", timeout: 20_000 });
    const adding = expectRequest(page, { origin: shop.origin, path: "/cart/add.js" });
    await button.click();
    // Bundled section rendering, as Dawn's product form asks for it.
    expect((await adding).postDataJSON()).toEqual({
      items: [{ id: KETTLE.variants[0].id, quantity: 1 }],
      sections: "cart-drawer,cart-icon-bubble",
      sections_url: "/dawn",
    });

    const drawer = page.locator("cart-drawer.active");
    await drawer.waitFor({ state: "visible", timeout: 10_000 });
    const lines = drawer.locator("#CartDrawer .cart-item");
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().getAttribute("data-variant-id")).toBe(String(KETTLE.variants[0].id));
    expect(await lines.first().textContent()).toContain("× 1");
    expect(await bubble.textContent()).toBe("1");
    expect(await page.locator("cart-drawer").getAttribute("class")).not.toContain("is-empty");
    // Same page (no reload, no navigation); the feed's button goes on to "View Cart".
    expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/dawn");
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe("View Cart");
    expect((await cartJs(page)).item_count).toBe(1);

    // The drawer is Dawn's: the overlay closes it, the header's cart icon opens it again.
    await page.locator("#CartDrawer-Overlay").click({ position: { x: 10, y: 10 } });
    await drawer.waitFor({ state: "detached" });
    await page.locator("#cart-icon-bubble").click();
    await drawer.waitFor({ state: "visible" });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("Dawn, a conversion's add_to_cart action: the drawer opens with the line, the bubble counts it, the thank-you stays", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/dawn-action");
    await cartLoaded(page);
    await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));
    const cta = page.locator(`beckon-cta[data-beckon-cta="${actionCtaId}"]`);
    const button = cta.getByRole("button", { name: "Add the dripper" });
    await button.waitFor({ state: "visible", timeout: 20_000 });
    const adding = expectRequest(page, { origin: shop.origin, path: "/cart/add.js" });
    await button.click();
    expect((await adding).postDataJSON()).toMatchObject({
      items: [{ id: POUR_OVER.variants[0].id, quantity: 1 }],
      sections: "cart-drawer,cart-icon-bubble",
    });
    const drawer = page.locator("cart-drawer.active");
    await drawer.waitFor({ state: "visible", timeout: 10_000 });
    await expect.poll(() => drawer.locator("#CartDrawer .cart-item").count()).toBe(1);
    expect(await page.locator("#cart-icon-bubble .cart-count-bubble span[aria-hidden]").textContent()).toBe("1");
    await cta.getByText("The dripper is in your cart.").waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it("standard storefront events and actions: nothing patched; the theme's own add fires the add-to-cart trigger; the feed adds through updateCart and opens the cart", async () => {
    const native = (page: Page) =>
      page.evaluate(() => [
        Function.prototype.toString.call(window.fetch),
        Function.prototype.toString.call(XMLHttpRequest.prototype.open),
      ]);

    const context = await browser.newContext();
    const extras = (page: Page) => expectResponse(page, { path: "/beckon-extras.js", timeout: 20_000 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const loaded = extras(page);
    await page.goto(shop.origin + "/standard");
    // The add-to-cart trigger loads the extras chunk, which listens for the standard events only.
    await loaded;
    await feedButton(page).waitFor({ state: "visible", timeout: 20_000 });
    expect(await native(page)).toEqual(["function fetch() { [native code] }", "function open() { [native code] }"]);
    const popup = page.locator(`beckon-cta[data-beckon-cta="${triggerId}"]`);
    expect(await popup.count()).toBe(0);

    // The theme's own product form adds: shopify:cart:lines-update (context "product"), then cart.js for the value.
    const cartRead = expectRequest(page, {
      origin: shop.origin,
      path: "/cart.js",
      where: (request) => request.frame() === page.mainFrame(),
    });
    await page.click("#theme-add");
    await cartRead;
    await popup.waitFor({ state: "attached", timeout: 10_000 });
    expect(await page.locator("#theme-count").textContent()).toBe("1");
    expect(await native(page)).toEqual(["function fetch() { [native code] }", "function open() { [native code] }"]);
    expect(errors).toEqual([]);
    await context.close();

    // The feed's add on the same theme: the theme's updateCart does it (and renders its cart), its openCart shows it.
    const second = await browser.newContext();
    const { page: p2, errors: errors2 } = await openShopPage(second, "/standard");
    const button = feedButton(p2);
    await button.waitFor({ state: "visible", timeout: 20_000 });
    const ownAdds: string[] = [];
    p2.on("request", (r) => r.url().endsWith("/cart/add.js") && ownAdds.push(r.postData() ?? ""));
    await button.click();
    await p2.locator("#theme-drawer:not([hidden]) .theme-line").waitFor({ timeout: 10_000 });
    expect(await p2.evaluate(() => (window as unknown as { __calls: unknown[] }).__calls)).toEqual([
      [
        "updateCart",
        { lines: [{ merchandiseId: `gid://shopify/ProductVariant/${KETTLE.variants[0].id}`, quantity: 1 }] },
      ],
      ["openCart"],
    ]);
    // The only cart/add.js is the theme's (from its updateCart), without our sections.
    expect(ownAdds.map((b) => JSON.parse(b))).toEqual([{ items: [{ id: KETTLE.variants[0].id, quantity: 1 }] }]);
    expect(await p2.locator("#theme-count").textContent()).toBe("1");
    await expect.poll(() => button.textContent(), { timeout: 5000 }).toBe("View Cart");
    // updateCart's standard event is an add like any other: the add-to-cart trigger hears it too.
    await p2.locator(`beckon-cta[data-beckon-cta="${triggerId}"]`).waitFor({ state: "attached", timeout: 10_000 });
    expect(errors2).toEqual([]);
    await second.close();
  }, 90_000);

  it("a theme with nothing known to refresh its cart: the page reloads after the add, which is tracked, and shows the new count", async () => {
    const context = await browser.newContext();
    const { page, errors } = await openShopPage(context, "/plain");
    expect(await page.locator("#plain-count").textContent()).toBe("0");
    const first = await page.evaluate(() => (window as unknown as { __page: number }).__page);
    const refreshes: boolean[] = [];
    await page.exposeFunction("__refresh", (cancelable: boolean) => void refreshes.push(cancelable));
    await page.evaluate(() =>
      document.addEventListener("cart:refresh", (e) =>
        (window as unknown as { __refresh(c: boolean): void }).__refresh(e.cancelable),
      ),
    );

    const button = feedButton(page);
    await button.waitFor({ state: "visible", timeout: 20_000 });
    const reloaded = page.waitForEvent("framenavigated", { timeout: 15_000 });
    await button.click();
    await reloaded;
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe("/plain");
    expect(await page.evaluate(() => (window as unknown as { __page: number }).__page)).not.toBe(first);
    expect(await page.locator("#plain-count").textContent()).toBe("1");
    // The theme was told first (nobody took the event), and the add was tracked before the page went.
    expect(refreshes).toEqual([true]);
    const addsToCart = () => tdb.db.trackedEvent.findMany({ where: { websiteId, eventType: "Add To Cart" } });
    const rows = await eventually(
      async () => {
        const found = await addsToCart();
        return found.some((r) => r.ctaId === feedId && r.url?.endsWith("/plain")) && found;
      },
      { timeoutMs: 10_000, pollMs: 200 },
    ).catch(addsToCart);
    expect(rows.filter((r) => r.url?.endsWith("/plain")).map((r) => r.ctaId)).toEqual([feedId]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
