/**
 * An add with `show` keeps the theme's own cart true (widget/store/theme-cart.ts)
 * against the local storefront, on a page of happy-dom: Dawn's cart element
 * gets its sections bundled with cart/add.js and renders them; a theme with
 * configured storefront actions gets the add through Shopify.actions.updateCart
 * and opens its cart with openCart; anything else hears cart:refresh, and a
 * page that shows a cart nobody refreshed is to be reloaded.
 */
import { Window } from "happy-dom";
import { describe, expect, it, vi } from "vitest";
import { createAjaxCart } from "#widget/store/ajax-cart";
import { themeActions } from "#widget/store/theme-cart";
import { cookieFetch, type CookieFetch } from "#test/storefront/client-fetch";
import type { RunningStorefront } from "#test/storefront/server";
import { serveFixtureStore } from "./storefront-harness";

let shop: RunningStorefront;
serveFixtureStore({}, (running) => (shop = running));

type PageWindow = Window & { Shopify?: unknown; publish?: unknown };

/** A theme page at /products/house-blend with the given body; its cart cookie is the adapter's. */
function themePage(body: string): { win: PageWindow; doc: Document } {
  const win = new Window({ url: shop.origin + "/products/house-blend" }) as unknown as PageWindow;
  const doc = win.document as unknown as Document;
  doc.body.innerHTML = body;
  return { win, doc };
}

const adapter = (win: PageWindow, f: CookieFetch = cookieFetch()) =>
  createAjaxCart({
    root: shop.origin + "/",
    fetch: f,
    currency: "USD",
    notice: false,
    win: win as unknown as globalThis.Window,
  });

const adds = () => shop.state.cartWrites.filter((w) => w.op === "add");

describe("the theme's cart after an add with show", () => {
  it("Dawn: the drawer's sections come with cart/add.js and the drawer renders them (then Dawn's cart-update publication)", async () => {
    const { win, doc } = themePage(
      `<a id="cart-icon-bubble" href="/cart"></a><cart-drawer class="drawer is-empty"><div id="CartDrawer"></div></cart-drawer><button id="cta">Add</button>`,
    );
    const drawer = doc.querySelector("cart-drawer")! as HTMLElement & Record<string, unknown>;
    const rendered: Record<string, any>[] = [];
    Object.assign(drawer, {
      getSectionsToRender: () => [{ id: "cart-drawer", selector: "#CartDrawer" }, { id: "cart-icon-bubble" }],
      renderContents: (state: Record<string, any>) => rendered.push(state),
      setActiveElement: vi.fn(),
    });
    const published: [string, any][] = [];
    win.publish = (name: string, data: unknown) => published.push([name, data]);
    (doc.getElementById("cta") as HTMLButtonElement).focus();
    const requests: { url: string; body: any }[] = [];
    const jar = cookieFetch();
    const spy = Object.assign(
      (url: string | URL | Request, init?: RequestInit) => (
        requests.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null }),
        jar(url, init)
      ),
      { jar: jar.jar },
    ) as CookieFetch;

    const r = await adapter(win, spy).addLines([{ variantId: "70011", quantity: 2 }], { show: true });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.reload).toBeUndefined();
    expect(requests.find((q) => q.url.endsWith("/cart/add.js"))?.body).toEqual({
      items: [{ id: 70011, quantity: 2 }],
      sections: "cart-drawer,cart-icon-bubble",
      sections_url: "/products/house-blend",
    });
    expect(drawer.setActiveElement).toHaveBeenCalledWith(doc.getElementById("cta"));
    // Dawn's "parsed state": the added line (its key: cart-notification renders by it) with the sections.
    expect(rendered).toHaveLength(1);
    expect(rendered[0]).toMatchObject({
      id: 70011,
      variant_id: 70011,
      quantity: 2,
      key: expect.stringMatching(/^70011:/),
    });
    expect(rendered[0].sections["cart-drawer"]).toContain('data-variant-id="70011"');
    expect(rendered[0].sections["cart-icon-bubble"]).toContain('<span aria-hidden="true">2</span>');
    expect(drawer.classList.contains("is-empty")).toBe(false);
    expect(published).toEqual([
      [
        "cart-update",
        { source: "beckon", productVariantId: "70011", cartData: expect.objectContaining({ item_count: 2 }) },
      ],
    ]);
  });

  it("Dawn's cart-notification comes first, as Dawn's product form picks it; a section it cannot render falls back to cart:refresh", async () => {
    const { win, doc } = themePage(
      `<a href="/cart">Cart</a><cart-notification></cart-notification><cart-drawer></cart-drawer>`,
    );
    const notification = doc.querySelector("cart-notification")! as HTMLElement & Record<string, unknown>;
    const drawer = doc.querySelector("cart-drawer")! as HTMLElement & Record<string, unknown>;
    Object.assign(drawer, { getSectionsToRender: () => [{ id: "cart-drawer" }], renderContents: vi.fn() });
    Object.assign(notification, {
      getSectionsToRender: () => [{ id: "cart-notification-product" }, { id: "cart-icon-bubble" }],
      renderContents: vi.fn(() => {
        throw new TypeError("Cannot read properties of null (reading 'innerHTML')");
      }),
    });
    const refreshes: CustomEvent[] = [];
    doc.addEventListener("cart:refresh", (e) => refreshes.push(e as CustomEvent));
    const r = await adapter(win).addLines([{ variantId: "70011", quantity: 1 }], { show: true });
    expect(notification.renderContents).toHaveBeenCalledWith(
      expect.objectContaining({
        sections: { "cart-notification-product": null, "cart-icon-bubble": expect.any(String) },
      }),
    );
    expect(drawer.renderContents).not.toHaveBeenCalled();
    expect(refreshes).toHaveLength(1);
    expect(r.ok && r.value.reload).toBe(true);
  });

  it("storefront actions configured by the theme: the add is Shopify.actions.updateCart's, then openCart; no cart/add.js of ours", async () => {
    const { win } = themePage(`<a href="/cart">Cart</a>`);
    const jar = cookieFetch();
    const calls: unknown[] = [];
    // The theme's configured actions: add through the Ajax API (as Horizon's product form does) and answer userErrors.
    const updateCart = Object.assign(
      async (payload: { lines: { merchandiseId: string; quantity: number; sellingPlanId?: string }[] }) => {
        calls.push(["updateCart", payload]);
        const items = payload.lines.map((l) => ({
          id: Number(l.merchandiseId.split("/").pop()),
          quantity: l.quantity,
          ...(l.sellingPlanId ? { selling_plan: Number(l.sellingPlanId.split("/").pop()) } : {}),
        }));
        const res = await jar(shop.origin + "/cart/add.js", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ items }),
        });
        const body = await res.json();
        return res.ok
          ? { cart: { id: "c" }, userErrors: [] }
          : { cart: null, userErrors: [{ message: body.description }] };
      },
      { isDefault: () => false },
    );
    const openCart = Object.assign(async () => void calls.push(["openCart"]), { isDefault: () => false });
    win.Shopify = { actions: { updateCart, openCart, getCart: vi.fn() } };
    const cart = adapter(win, jar);

    const r = await cart.addLines([{ variantId: "70011", quantity: 1, sellingPlanId: "8001" }], { show: true });
    if (!r.ok) throw new Error(r.error.message);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([
      [
        "updateCart",
        {
          lines: [
            {
              merchandiseId: "gid://shopify/ProductVariant/70011",
              quantity: 1,
              sellingPlanId: "gid://shopify/SellingPlan/8001",
            },
          ],
        },
      ],
      ["openCart"],
    ]);
    expect(r.value.added.map((l) => [l.variantId, l.quantity, l.sellingPlanId])).toEqual([["70011", 1, "8001"]]);
    expect(r.value.cart.count).toBe(1);
    expect(r.value.reload).toBeUndefined();
    // The refused add is the cart's userErrors, as a failed Result.
    const refused = await cart.addLines([{ variantId: "70032", quantity: 1 }], { show: true });
    expect(refused).toMatchObject({ ok: false, error: { status: 422, message: expect.stringMatching(/sold out/i) } });
    // Without show (the follow-up leaves the page) the add is the adapter's own.
    calls.length = 0;
    await cart.addLines([{ variantId: "70051", quantity: 1 }]);
    expect(calls).toEqual([]);
    expect(adds().at(-1)?.body).toEqual([{ id: 70051, quantity: 1 }]);
  });

  it("storefront actions: updateCart's userError code, or a stock warning (the line was not added), fails the add with that code", async () => {
    const { win } = themePage("");
    const answers = [
      { cart: null, userErrors: [{ message: "Must be a multiple of 2", code: "INVALID_INCREMENT" }], warnings: [] },
      { cart: { id: "c" }, userErrors: [], warnings: [{ message: "Sold out", code: "MERCHANDISE_OUT_OF_STOCK" }] },
      { cart: { id: "c" }, userErrors: [], warnings: [{ message: "Code unknown", code: "DISCOUNT_NOT_FOUND" }] },
    ];
    const updateCart = Object.assign(async () => answers.shift(), { isDefault: () => false });
    win.Shopify = { actions: { updateCart } };
    const cart = adapter(win);
    const add = () => cart.addLines([{ variantId: "70011", quantity: 1 }], { show: true });
    await expect(add()).resolves.toMatchObject({ ok: false, error: { status: 422, code: "INVALID_INCREMENT" } });
    await expect(add()).resolves.toMatchObject({
      ok: false,
      error: { message: "Sold out", code: "MERCHANDISE_OUT_OF_STOCK" },
    });
    // A warning of no add (a discount's) is not a refusal.
    await expect(add()).resolves.toMatchObject({ ok: true });
  });

  it("Shopify's default actions alone are not the theme's: its updateCart would reload an unknown theme, so the add stays ours", () => {
    const defaults = {
      updateCart: Object.assign(vi.fn(), { isDefault: () => true }),
      openCart: Object.assign(vi.fn(), { isDefault: () => true }),
    };
    const { win } = themePage("");
    win.Shopify = { actions: defaults };
    expect(themeActions(win as unknown as globalThis.Window)).toBeNull();
    win.Shopify = { actions: { ...defaults, openCart: Object.assign(vi.fn(), { isDefault: () => false }) } };
    expect(themeActions(win as unknown as globalThis.Window)).not.toBeNull();
    win.Shopify = { actions: { updateCart: vi.fn() } };
    expect(themeActions(win as unknown as globalThis.Window)).toBeNull();
  });

  it("any other theme hears a cancelable cart:refresh with the cart; a page showing a cart that nobody refreshed is to be reloaded", async () => {
    const shows = themePage(`<header><a href="/cart" class="cart-link">Cart (0)</a></header>`);
    const seen: any[] = [];
    shows.doc.addEventListener("cart:refresh", (e) =>
      seen.push({ detail: (e as CustomEvent).detail, cancelable: e.cancelable, target: e.target }),
    );
    const r = await adapter(shows.win).addLines([{ variantId: "70011", quantity: 1 }], { show: true });
    expect(r.ok && r.value.reload).toBe(true);
    expect(seen).toEqual([
      {
        detail: { cart: expect.objectContaining({ item_count: 1 }), source: "beckon" },
        cancelable: true,
        target: shows.doc.documentElement,
      },
    ]);
    expect(adds().at(-1)?.body).toEqual([{ id: 70011, quantity: 1 }]);

    // A theme script that refreshed its cart says so.
    const handled = themePage(`<a href="/cart">Cart</a>`);
    handled.doc.addEventListener("cart:refresh", (e) => e.preventDefault());
    const h = await adapter(handled.win).addLines([{ variantId: "70011", quantity: 1 }], { show: true });
    expect(h.ok && h.value.reload).toBeUndefined();

    // A page without a cart on it has nothing stale.
    const bare = themePage(`<h1>Landing page</h1>`);
    const b = await adapter(bare.win).addLines([{ variantId: "70011", quantity: 1 }], { show: true });
    expect(b.ok && b.value.reload).toBeUndefined();

    // Without show nothing of the page is touched.
    const quiet = themePage(`<a href="/cart">Cart</a>`);
    const heard = vi.fn();
    quiet.doc.addEventListener("cart:refresh", heard);
    const q = await adapter(quiet.win).addLines([{ variantId: "70011", quantity: 1 }]);
    expect(q.ok && q.value.reload).toBeUndefined();
    expect(heard).not.toHaveBeenCalled();
  });
});

describe("the theme's cart after a discount code", () => {
  it("hears of the discount (Dawn's cart-update, cart:refresh), so a drawer rendered by the add shows the total after it", async () => {
    const { win, doc } = themePage(`<a id="cart-icon-bubble" href="/cart"></a>`);
    const published: [string, any][] = [];
    win.publish = (name: string, data: unknown) => published.push([name, data]);
    const refreshed: any[] = [];
    doc.addEventListener("cart:refresh", (e) => refreshed.push((e as CustomEvent).detail));
    const cart = adapter(win);
    const added = await cart.addLines([{ variantId: "70011", quantity: 2 }]);
    expect(added.ok).toBe(true);
    // An add without show is the caller's to show: nothing is published for it.
    expect(published).toEqual([]);

    const r = await cart.applyDiscount("SAVE10");
    expect(r.ok).toBe(true);
    // The cart the theme is told of is cart.js after the code: the discounted total, not the one from before it.
    const after = { total_price: 2700, original_total_price: 3000, total_discount: 300 };
    expect(published).toEqual([["cart-update", { source: "beckon", cartData: expect.objectContaining(after) }]]);
    expect(refreshed).toEqual([{ source: "beckon", cart: expect.objectContaining(after) }]);

    // A code the store refuses changed no cart: the theme is not told of one.
    published.length = 0;
    const refused = await adapter(
      win,
      Object.assign(async () => new Response("", { status: 404 }), { jar: new Map() }) as CookieFetch,
    ).applyDiscount("NOPE");
    expect(refused.ok).toBe(false);
    expect(published).toEqual([]);
  });
});
