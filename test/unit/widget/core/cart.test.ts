// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { fetchCartValue, readShop } from "#widget/core/cart";
import { watchCartAdds } from "#widget/core/extras/cart-adds";
import { fakeFetch } from "./helpers";

/** Shopify's standard storefront actions; `configured`: the theme replaced the defaults. */
const actions = (configured: boolean) => {
  const action = () =>
    Object.assign(
      vi.fn(async () => ({})),
      { isDefault: () => !configured, configure: vi.fn() },
    );
  return { updateCart: action(), openCart: action(), getCart: vi.fn() };
};

/** A page of its own: a document (loading or loaded), fetch answering 200 (422 for URLs with "fail") and an XMLHttpRequest class. */
function page(o: { readyState?: DocumentReadyState; Shopify?: unknown } = {}) {
  const doc = Object.assign(new EventTarget(), { readyState: o.readyState ?? "complete" });
  class Xhr extends EventTarget {
    status = 200;
    open(..._args: unknown[]) {}
  }
  const fetch = vi.fn(
    async (u: string | Request) =>
      new Response("{}", { status: String(typeof u == "string" ? u : u.url).includes("fail") ? 422 : 200 }),
  );
  const win = Object.assign(new EventTarget(), {
    document: doc,
    fetch,
    XMLHttpRequest: Xhr,
    Shopify: o.Shopify,
  }) as unknown as Window & { fetch: typeof fetch; Shopify?: unknown };
  return { win, doc, fetch, Xhr, open: Xhr.prototype.open };
}

/** shopify:cart:lines-update as Shopify's event classes dispatch it: the payload on the event. */
function linesUpdate(target: EventTarget, payload: { action: string; promise?: Promise<unknown> }) {
  target.dispatchEvent(
    Object.assign(new Event("shopify:cart:lines-update", { bubbles: true }), {
      context: "product",
      lines: [{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }],
      ...payload,
    }),
  );
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("store cart", () => {
  it("reads the Shopify app embed's JSON, and nothing off Shopify", () => {
    document.body.innerHTML = `<script type="application/json" id="beckon-shop-context">{"v":1,"shop":"demo.myshopify.com","root_url":"/sv","cart":{"total_price":52000},"country":"SE","design_mode":false}</script>`;
    expect(readShop(document)).toMatchObject({ root_url: "/sv", cart: { total_price: 52000 }, country: "SE" });
    document.body.innerHTML = `<script type="application/json" id="beckon-shop-context">{broken</script>`;
    expect(readShop(document)).toBeNull();
    document.body.innerHTML = "";
    expect(readShop(document)).toBeNull();
  });

  it("fetches cart.js under the store root and divides cents by 100", async () => {
    const f = fakeFetch(() => ({ status: 200, body: { total_price: 12345, items: [] } }));
    await expect(fetchCartValue(f, "/sv")).resolves.toBe(123.45);
    expect(f.calls[0].url).toBe("/sv/cart.js");
    await expect(fetchCartValue(fakeFetch(() => ({ status: 500 })))).rejects.toMatchObject({ status: 500 });
  });
});

describe("the page's adds to cart (extras: cart-adds.ts)", () => {
  it("without the standard actions: sees adds through fetch and XMLHttpRequest without changing them", async () => {
    const { win, fetch: original, Xhr, open } = page();
    const subscribe = watchCartAdds(win);
    expect(win.fetch).not.toBe(original);
    expect(Xhr.prototype.open).not.toBe(open);
    const seen = vi.fn();
    const off = subscribe(seen);
    const res = await win.fetch("/cart/add.js", { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(original).toHaveBeenCalledWith("/cart/add.js", { method: "POST", body: "{}" });
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
    await win.fetch(new Request("https://shop.test/cart/add?fail=1") as never);
    await win.fetch("/cart/update.js");
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
    const xhr = new Xhr();
    xhr.open("POST", "/cart/add.js");
    xhr.dispatchEvent(new Event("load"));
    expect(seen).toHaveBeenCalledTimes(2);
    off();
    await win.fetch("/cart/add.js");
    await tick();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it("a theme with configured storefront actions: nothing is patched; its standard add events count once their promise settles without userErrors", async () => {
    const { win, doc, fetch: original, Xhr, open } = page({ Shopify: { actions: actions(true) } });
    const seen = vi.fn();
    watchCartAdds(win)(seen);
    expect(win.fetch).toBe(original);
    expect(Xhr.prototype.open).toBe(open);
    let settle!: (v: unknown) => void;
    linesUpdate(doc, { action: "add", promise: new Promise((r) => (settle = r)) });
    await tick();
    // The event fires when the add starts: the cart is read only once it is done.
    expect(seen).not.toHaveBeenCalled();
    settle({ cart: { totalQuantity: 1 }, userErrors: [] });
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
    linesUpdate(doc, {
      action: "add",
      promise: Promise.resolve({ cart: null, userErrors: [{ message: "Sold out" }] }),
    });
    linesUpdate(doc, { action: "add", promise: Promise.reject(new Error("offline")) });
    linesUpdate(doc, { action: "remove", promise: Promise.resolve({ cart: {} }) });
    linesUpdate(doc, { action: "update" });
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
    // Without a promise the add counts at once; a CustomEvent carrying the payload in detail too.
    linesUpdate(doc, { action: "add" });
    doc.dispatchEvent(
      new CustomEvent("shopify:cart:lines-update", {
        detail: { action: "add", promise: Promise.resolve({ cart: {} }) },
      }),
    );
    await tick();
    expect(seen).toHaveBeenCalledTimes(3);
    // The theme's own request to cart/add goes out untouched and is not counted a second time.
    await win.fetch("/cart/add.js", { method: "POST" });
    await tick();
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it("decides after DOMContentLoaded, when Shopify's actions and the theme's configuration of them are in place", async () => {
    const configuredLater = page({ readyState: "loading" });
    watchCartAdds(configuredLater.win);
    expect(configuredLater.win.fetch).toBe(configuredLater.fetch);
    configuredLater.win.Shopify = { actions: actions(true) };
    configuredLater.win.dispatchEvent(new Event("DOMContentLoaded"));
    configuredLater.win.dispatchEvent(new Event("load"));
    expect(configuredLater.win.fetch).toBe(configuredLater.fetch);

    // Shopify's default actions alone (a theme that does not speak the standard, like Dawn): the requests are watched.
    const defaults = page({ readyState: "loading" });
    const seen = vi.fn();
    watchCartAdds(defaults.win)(seen);
    defaults.win.Shopify = { actions: actions(false) };
    defaults.win.dispatchEvent(new Event("DOMContentLoaded"));
    expect(defaults.win.fetch).not.toBe(defaults.fetch);
    await defaults.win.fetch("/cart/add.js", { method: "POST" });
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("a theme that dispatches the standard events without configuring the actions: its adds count once, not once per event and request", async () => {
    const { win, doc } = page();
    const seen = vi.fn();
    watchCartAdds(win)(seen);
    linesUpdate(doc, { action: "add", promise: Promise.resolve({ cart: {} }) });
    await win.fetch("/cart/add.js", { method: "POST" });
    await tick();
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
