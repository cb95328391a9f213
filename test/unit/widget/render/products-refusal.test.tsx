// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/** A product feed whose cart refuses an add says why, in the CTA's language, under the button (widget/store/cart-refusal.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AddResult, CartLineInput, Result, StoreError } from "#widget/store/types";
import { en } from "#contract/i18n/en";
import { sv } from "#contract/i18n/sv";
import { cartOf, fakeStore, feed, ok, show } from "./products-harness";
import { flush } from "./mount";

beforeEach(() => {
  document.body.innerHTML = "";
});
afterEach(() => vi.restoreAllMocks());

/** A store whose adds answer the given refusals in turn, then add. */
function refusingStore(...refusals: StoreError[]) {
  const store = fakeStore();
  store.addLines = vi.fn(async (lines: CartLineInput[]): Promise<Result<AddResult>> => {
    const error = refusals.shift();
    if (error) return { ok: false, error };
    store.added.push(lines);
    return ok({ cart: cartOf(lines), added: [] });
  });
  return store;
}

const refusalOf = (card: Element | null) => card?.querySelector(".bk-cart-refusal")?.textContent ?? null;

describe("a refused add in the product feed", () => {
  it("shows the reason under the button, enabled again; the next click clears it and a valid add goes on", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const store = refusingStore({ message: "The merchandise is out of stock.", code: "MERCHANDISE_OUT_OF_STOCK" });
    const m = await show(feed(["gooseneck-kettle", "paper-filters"]), store);
    const [kettle, filters] = m.$$(".bk-product");
    kettle.querySelector<HTMLButtonElement>(".bk-product-button")!.click();
    await flush();
    const alert = kettle.querySelector(".bk-cart-refusal")!;
    expect(alert.textContent).toBe(en.cartSoldOut);
    expect(alert.getAttribute("role")).toBe("alert");
    const button = kettle.querySelector<HTMLButtonElement>(".bk-product-button")!;
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Add to Cart");
    // Nothing was tracked for the refused add; the store's own words went to the console only.
    expect(m.runtime.track.mock.calls.filter((c) => c[0] === "Add To Cart")).toEqual([]);
    expect(m.root.textContent).not.toContain("The merchandise is out of stock.");
    expect(refusalOf(filters)).toBeNull();

    filters.querySelector<HTMLButtonElement>(".bk-product-button")!.click();
    await flush();
    expect(store.added).toEqual([[{ variantId: "46100000000041", quantity: 1, sellingPlanId: null }]]);
    expect(refusalOf(filters)).toBeNull();
    expect(m.runtime.track).toHaveBeenCalledWith("Add To Cart", expect.anything(), expect.anything());

    button.click();
    await flush();
    expect(refusalOf(kettle)).toBeNull();
    expect(store.added).toHaveLength(2);
  });

  it.each([
    [{ message: "Only 2 left.", code: "MERCHANDISE_NOT_ENOUGH_STOCK" }, en.cartNotEnoughStock],
    [{ message: "Must be a multiple of 6.", code: "INVALID_INCREMENT" }, en.cartQuantityLimit],
    [{ message: "The merchandise with id 1 does not exist.", code: "INVALID" }, en.cartUnavailable],
    [{ message: "The cart did not take it", code: "NOT_ADDED" }, en.cartUnavailable],
    [{ message: "The cart route answered 500", status: 500 }, en.cartAddFailed],
  ])("%o → its text", async (error, text) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const m = await show(feed(["gooseneck-kettle"]), refusingStore(error));
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await flush();
    expect(refusalOf(m.$(".bk-product"))).toBe(text);
  });

  it("in Swedish on a Swedish CTA", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const m = await show(
      feed(["gooseneck-kettle"]),
      refusingStore({ message: "Quantity too large", code: "MAXIMUM_EXCEEDED" }),
      undefined,
      "sv",
    );
    m.$<HTMLButtonElement>(".bk-product-button").click();
    await flush();
    expect(refusalOf(m.$(".bk-product"))).toBe(sv.cartQuantityLimit);
  });

  it("add all: a refusal shows under the add-all button, and nothing goes on to the cart", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const m = await show(
      feed(["gooseneck-kettle", "paper-filters"], { "products-add-all": true }),
      refusingStore({ message: "Sold out", code: "MERCHANDISE_OUT_OF_STOCK" }),
    );
    m.$<HTMLButtonElement>(".bk-add-all").click();
    await flush();
    expect(m.$(".bk-add-all + .bk-cart-refusal").textContent).toBe(en.cartSoldOut);
    expect(m.$<HTMLButtonElement>(".bk-add-all").disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
