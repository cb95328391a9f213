// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/** The products and product hero elements (SPEC 4 Product feed, add-to-cart button; SPEC 5; SPEC 9 products shown, badges) on a fake store. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CtaAction } from "#contract/schema/cta";
import {
  CART_RECOMMENDATION_FETCH_DELAY_MS,
  RELATED_CART_EMPTY_DELAY_MS,
  TAB_SWITCH_EMPTY_CHECK_MS,
} from "#widget/store/constants";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { fromAjaxProduct } from "#widget/store/product";
import { swedishElementMock } from "#test/support/factories";
import { cartOf, fakeStore, feed, ok, show } from "./products-harness";
import { flush } from "./mount";

const assign = vi.fn();
beforeEach(() => {
  document.body.innerHTML = "";
  assign.mockReset();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FOUR = ["morning-ritual-coffee", "ceramic-pour-over", "gooseneck-kettle", "paper-filters"];

describe("products", () => {
  it("shows three products by default, three per row, prices in the website's currency", async () => {
    const m = await show(feed(FOUR));
    expect(m.$$(".bk-product").map((p) => p.dataset.productHandle)).toEqual(FOUR.slice(0, 3));
    expect(m.$<HTMLElement>(".bk-products").style.getPropertyValue("--bk-per-row")).toBe("3");
    expect(m.$$(".bk-price").map((p) => p.textContent)).toEqual(["$18.00", "$32.00", "$65.00"]);
    // The store's compare-at price is shown struck through.
    expect(m.$$(".bk-product")[1].querySelector(".bk-compare-price")!.textContent).toBe("$40.00");
  });

  it("list layout: one per row; a missing product is hidden; the empty message when none are left", async () => {
    const m = await show(feed(["nope", "gooseneck-kettle"], { "products-layout": "list", "products-limit": 5 }));
    expect(m.$$(".bk-product")).toHaveLength(1);
    expect(m.$<HTMLElement>(".bk-products").style.getPropertyValue("--bk-per-row")).toBe("1");
    const e = await show(feed(["nope"], { "products-add-all": true }));
    expect(e.$(".bk-products-empty").textContent).toBe("No products found.");
    expect(e.$(".bk-add-all")).toBeNull();
  });

  it("adds to cart: disabled, Add To Cart tracked with product fields, cfAddToCart, then after 500 ms a view-cart button to the cart", async () => {
    const m = await show(feed(["gooseneck-kettle"], { "products-quantity": true }));
    const qty = m.$<HTMLInputElement>(".bk-product-quantity input");
    qty.value = "0";
    qty.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
    expect(qty.value).toBe("1"); // minimum 1
    qty.value = "2";
    qty.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
    const button = m.$<HTMLButtonElement>(".bk-product-button");
    expect(button.textContent).toBe("Add to Cart");
    button.click();
    await flush();
    expect(m.store.added).toEqual([[{ variantId: "46100000000031", quantity: 2, sellingPlanId: null }]]);
    expect(m.runtime.track).toHaveBeenCalledWith(
      "Add To Cart",
      expect.objectContaining({ cta_id: 7, element_id: 81 }),
      expect.objectContaining({
        product_id: "8100000000003",
        product_name: "Gooseneck Kettle",
        product_variant: "46100000000031",
        product_price: 65,
        product_source: "manual",
      }),
    );
    expect(m.runtime.dispatch).toHaveBeenCalledWith(
      "cfAddToCart",
      expect.objectContaining({ product_id: "8100000000003" }),
    );
    expect(m.runtime.dispatch).toHaveBeenCalledWith("cfAddToCartShopify", expect.anything());
    expect(button.disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 550));
    await flush();
    const view = m.$<HTMLButtonElement>(".bk-product-button");
    expect(view.textContent).toBe("View Cart");
    expect(view.disabled).toBe(false);
    view.click();
    await flush();
    // The redirect flow waits 100 ms, then 500 ms (SPEC 9).
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/cart"));
  });

  it("the redirect waits while the store still has a cart write in flight (SPEC 9: up to 5 s, polled every 50 ms)", async () => {
    vi.useFakeTimers();
    let writing = false;
    const m = await show(feed(["gooseneck-kettle"]), fakeStore({ busy: () => writing }));
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await vi.advanceTimersByTimeAsync(500);
    // Another CTA's add is still running when the shopper goes to the cart.
    writing = true;
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await vi.advanceTimersByTimeAsync(3000);
    expect(assign).not.toHaveBeenCalled();
    writing = false;
    await vi.advanceTimersByTimeAsync(50 + 499);
    expect(assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(assign).toHaveBeenCalledWith("/cart");
    m.unmount();
  });

  it("a discount code goes through /discount/{code}?redirect=; checkout follow-up", async () => {
    const actions = [{ action_type: "apply_discount", data: { code: "SAVE10" } }] as unknown as CtaAction[];
    const m = await show(
      feed(["gooseneck-kettle"], { "products-button-action-after-add-to-cart": "checkout" }, { actions }),
    );
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await new Promise((r) => setTimeout(r, 550));
    await flush();
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await flush();
    // The redirect flow waits 100 ms, then 500 ms (SPEC 9).
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/discount/SAVE10?redirect=/checkout"));
  });

  it("a sold-out variant shows SOLD OUT and a disabled Sold Out button", async () => {
    const m = await show(feed(["ceramic-pour-over"]));
    expect(m.$(".bk-badge")).toBeNull();
    const select = m.$<HTMLSelectElement>(".bk-product-variant select");
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["White", "Charcoal"]);
    select.value = "Charcoal";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
    expect(m.$(".bk-badge").textContent).toBe("SOLD OUT");
    const b = m.$<HTMLButtonElement>(".bk-product-button");
    expect(b.textContent).toBe("Sold Out");
    expect(b.disabled).toBe(true);
  });

  it("variant pickers: one select per option; the combination picks the variant; a combination the store lacks is Sold Out", async () => {
    const m = await show(feed(["morning-ritual-coffee"], { "products-add-all": true }));
    const selects = m.$$<HTMLSelectElement>(".bk-product-variant select");
    expect(m.$$(".bk-product-option").map((l) => l.dataset.option)).toEqual(["Size", "Grind"]);
    expect(selects.map((s) => Array.from(s.options).map((o) => o.value))).toEqual([
      ["250 g", "1 kg"],
      ["Whole bean", "Ground"],
    ]);
    expect(selects.map((s) => s.value)).toEqual(["250 g", "Whole bean"]);
    const pick = async (i: number, value: string) => {
      const s = m.$$<HTMLSelectElement>(".bk-product-variant select")[i];
      s.value = value;
      s.dispatchEvent(new Event("change", { bubbles: true }));
      await flush();
    };
    await pick(0, "1 kg");
    expect(m.$(".bk-price").textContent).toBe("$54.00");
    await pick(1, "Ground"); // 1 kg ground does not exist
    expect(m.$(".bk-badge").textContent).toBe("SOLD OUT");
    expect(m.$(".bk-product-button").textContent).toBe("Sold Out");
    expect(m.$<HTMLButtonElement>(".bk-product-button").disabled).toBe(true);
    m.$<HTMLButtonElement>(".bk-add-all").click(); // nothing to add: the combination is not another variant
    await flush();
    expect(m.store.added).toEqual([]);
    await pick(0, "250 g");
    expect(m.$(".bk-badge")).toBeNull();
    const button = m.$<HTMLButtonElement>(".bk-product-button");
    expect(button.disabled).toBe(false);
    button.click();
    await flush();
    expect(m.store.added).toEqual([[{ variantId: "46100000000012", quantity: 1, sellingPlanId: null }]]);
  });

  it("preview (editing) mode: placeholder cards, nothing fetched", async () => {
    const store = fakeStore();
    const product = vi.spyOn(store, "product");
    const m = await show(feed(FOUR, { "products-limit": 2 }), store, "preview");
    expect(m.$$(".bk-product-placeholder")).toHaveLength(2);
    expect(m.$$<HTMLButtonElement>(".bk-product-placeholder button").every((b) => b.disabled)).toBe(true);
    expect(product).not.toHaveBeenCalled();
    const live = await show(feed(FOUR), fakeStore(), "admin");
    expect(live.$$(".bk-product-placeholder")).toHaveLength(0);
    expect(live.$$(".bk-product")).toHaveLength(3);
  });

  it("an empty collection shows its empty message after 3 s, without the add-all button", async () => {
    const m = await show(
      feed([], { "products-add-all": true }, { product_recommendations: [{ source: "collection", handle: "empty" }] }),
    );
    expect(m.$(".bk-products-empty")).toBeNull();
    expect(m.$(".bk-add-all")).toBeNull();
    await new Promise((r) => setTimeout(r, 3050));
    await flush();
    expect(m.$(".bk-products-empty").textContent).toBe("No products found.");
    expect(m.$(".bk-add-all")).toBeNull();
  });

  it("a cart feed: recommendations fetched 500 ms after a cart change, the empty message after 1 s", async () => {
    vi.useFakeTimers();
    const getCart = vi.fn(async () => ok(cartOf([])));
    const m = await show(feed([], {}, { product_recommendations: [{ source: "cart" }] }), fakeStore({ getCart }));
    await vi.advanceTimersByTimeAsync(0);
    expect(getCart).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RELATED_CART_EMPTY_DELAY_MS - 1);
    expect(m.$(".bk-products-empty")).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(m.$(".bk-products-empty").textContent).toBe("No products found.");
    document.dispatchEvent(new CustomEvent("cart:updated", { detail: {} }));
    await vi.advanceTimersByTimeAsync(CART_RECOMMENDATION_FETCH_DELAY_MS - 1);
    expect(getCart).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getCart).toHaveBeenCalledTimes(2);
    expect([RELATED_CART_EMPTY_DELAY_MS, CART_RECOMMENDATION_FETCH_DELAY_MS]).toEqual([1000, 500]);
    m.unmount();
  });

  it("a cart feed checks the cart again 250 ms after the shopper comes back to the tab, and shows the empty message at once", async () => {
    vi.useFakeTimers();
    const kettle = fromAjaxProduct(DEMO_STORE_PRODUCTS.find((p) => p.handle === "gooseneck-kettle") as never, {
      currency: "USD",
      source: "manual",
    });
    const line = {
      id: "l1",
      variantId: "1",
      quantity: 1,
      linePrice: 1800,
      sellingPlanId: null,
      product: { id: "p1", handle: "morning-ritual-coffee", title: "Coffee" },
    };
    let lines = [line];
    const getCart = vi.fn(async () => ok({ ...cartOf([]), lines }));
    const m = await show(
      feed([], {}, { product_recommendations: [{ source: "cart" }] }),
      fakeStore({ getCart, recommendations: async () => ok([kettle]) } as never),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(m.$$(".bk-product").map((p) => p.dataset.productHandle)).toEqual(["gooseneck-kettle"]);
    // Emptied in another tab: this page hears no cart event.
    lines = [];
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(TAB_SWITCH_EMPTY_CHECK_MS - 1);
    expect(getCart).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getCart).toHaveBeenCalledTimes(2);
    expect(m.$$(".bk-product")).toHaveLength(0);
    expect(m.$(".bk-products-empty").textContent).toBe("No products found.");
    expect(TAB_SWITCH_EMPTY_CHECK_MS).toBe(250);
    m.unmount();
  });

  it("reloads on cart changes (cart source) and on cfAnswer (filter source), keeping choices", async () => {
    const getCart = vi.fn(async () => ok(cartOf([])));
    const cart = await show(feed([], {}, { product_recommendations: [{ source: "cart" }] }), fakeStore({ getCart }));
    expect(getCart).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new CustomEvent("cfAddToCart", { detail: {} }));
    // Cart recommendations are fetched 500 ms after the change (SPEC 9).
    await vi.waitFor(() => expect(getCart).toHaveBeenCalledTimes(2));
    cart.unmount();

    const store = fakeStore();
    const product = vi.spyOn(store, "product");
    const m = await show(
      feed(
        [],
        {},
        { product_recommendations: [{ source: "filter" }, { source: "manual", handles: ["morning-ritual-coffee"] }] },
      ),
      store,
    );
    expect(product).toHaveBeenCalledTimes(1);
    const s = m.$$<HTMLSelectElement>(".bk-product-variant select")[1];
    s.value = "Ground";
    s.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
    document.dispatchEvent(new CustomEvent("cfAddToCart", { detail: {} })); // not a cart feed: no reload
    document.dispatchEvent(new CustomEvent("cfAnswer", { detail: {} }));
    await flush();
    expect(product).toHaveBeenCalledTimes(2);
    expect(m.$$<HTMLSelectElement>(".bk-product-variant select")[1].value).toBe("Ground");
  });

  it("subscriptions: One-time purchase first, a chosen selling plan is added with its price", async () => {
    const m = await show(feed(["morning-ritual-coffee"]));
    const select = m.$<HTMLSelectElement>(".bk-product-subscription select");
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      "One-time purchase",
      "Delivered every 2 weeks, save 10%",
      "Delivered every 4 weeks, save 10%",
    ]);
    select.value = "690011112";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
    expect(m.$(".bk-price").textContent).toBe("$16.20");
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await flush();
    expect(m.store.added[0]).toEqual([{ variantId: "46100000000011", quantity: 1, sellingPlanId: "690011112" }]);
  });

  it("variant pricing: percentage and amount discounts (never below zero) with their badges; detect badge", async () => {
    const pct = await show(
      feed(["gooseneck-kettle"], {
        "products-discount-type": "percentage",
        "products-discount-value": 20,
        "products-badge": "discount",
      }),
    );
    expect(pct.$(".bk-price").textContent).toBe("$52.00");
    expect(pct.$(".bk-compare-price").textContent).toBe("$65.00");
    expect(pct.$(".bk-badge").textContent).toBe("20% OFF");
    const amt = await show(
      feed(["paper-filters"], { "products-discount-type": "amount", "products-discount-value": 50 }),
    );
    expect(amt.$(".bk-price").textContent).toBe("$0.00");
    const detect = await show(feed(["barista-gift-set"], { "products-badge": "detect" }));
    expect(detect.$(".bk-badge").textContent).toBe("$20.00 OFF");
    const custom = await show(feed(["paper-filters"], { "products-badge": "custom" }));
    expect(custom.$(".bk-badge").textContent).toBe("10% Off");
  });

  it("add all: every product's selection, the first selling plan when one is required", async () => {
    const base = fakeStore();
    const required = (h: string) =>
      base
        .product(h)
        .then((r) => (r.ok && h === "morning-ritual-coffee" ? ok({ ...r.value, requires_selling_plan: true }) : r));
    const store = fakeStore({ product: required } as never);
    const m = await show(feed(["morning-ritual-coffee", "gooseneck-kettle"], { "products-add-all": true }), store);
    m.$<HTMLButtonElement>(".bk-add-all").click();
    await flush();
    expect(store.added[0]).toEqual([
      { variantId: "46100000000011", quantity: 1, sellingPlanId: "690011111" },
      { variantId: "46100000000031", quantity: 1, sellingPlanId: null },
    ]);
    expect(m.runtime.track.mock.calls.filter((c) => c[0] === "Add To Cart")).toHaveLength(2);
    // The redirect flow waits 100 ms, then 500 ms (SPEC 9).
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("/cart"));
  });

  it("review stars from the provider, fetched by product ids after 1 s", async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ response: { bottomline: { average_score: 4.4, total_reviews: 12 } } }), {
          status: 200,
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const m = await show(feed(["gooseneck-kettle"], { "reviews-provider": "yotpo", "reviews-app-key": "k1" }));
    expect(fetch).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1100));
    await flush();
    expect(String(fetch.mock.calls[0][0])).toContain("/products/k1/8100000000003/bottomline");
    expect(m.$(".bk-stars").textContent).toBe("★★★★☆");
    expect(m.$(".bk-review-count").textContent).toBe("(12 Reviews)");
  });

  it("product hero: one product with its description", async () => {
    const m = await show(
      swedishElementMock({
        id: 82,
        element_type: "product_hero",
        fields: [],
        options: {},
        product_recommendations: [{ source: "manual", handles: ["gooseneck-kettle", "paper-filters"] }],
      }),
    );
    expect(m.$$(".bk-product-hero")).toHaveLength(1);
    expect(m.$(".bk-product-description").textContent).toContain("Precise pour");
  });
});
