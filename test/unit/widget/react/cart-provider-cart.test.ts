/**
 * The CartProvider adapter on a fake useCart() state: adds go through
 * linesAdd with gids, each write waits for the provider's settled answer,
 * refused lines, provider errors and a silent provider fail in words.
 */
import { describe, expect, it, vi } from "vitest";
import {
  cartProviderError,
  createCartProviderBridge,
  createCartProviderCart,
  fromCartProviderState,
  type CartProviderState,
} from "#widget/react/cart-provider-cart";

const line = (variant: number, quantity: number, amount = "10.00") => ({
  id: `gid://shopify/CartLine/${variant}`,
  quantity,
  cost: { totalAmount: { amount, currencyCode: "SEK" } },
  merchandise: {
    id: `gid://shopify/ProductVariant/${variant}`,
    product: { id: "gid://shopify/Product/1", handle: "kettle", title: "Kettle" },
  },
});

/** A fake CartProvider: actions record their input; `answer` plays the provider's next states. */
function fakeProvider(initial: Partial<CartProviderState> = {}) {
  const calls: { action: string; input: unknown }[] = [];
  let state: CartProviderState;
  const bridge = createCartProviderBridge(null as never);
  const set = (next: Partial<CartProviderState>) => {
    state = { ...state, ...next };
    bridge.update(state);
  };
  const act = (action: string) => (input: unknown) => {
    calls.push({ action, input });
    queueMicrotask(() => set({ status: "updating" }));
  };
  state = {
    status: "idle",
    lines: [],
    linesAdd: act("linesAdd"),
    linesRemove: act("linesRemove"),
    discountCodesUpdate: act("discountCodesUpdate"),
    ...initial,
  };
  bridge.update(state);
  return { bridge, calls, set, state: () => state };
}

describe("fromCartProviderState", () => {
  it("maps the provider's cart (flattened lines) into Beckon's cart", () => {
    const cart = fromCartProviderState({
      id: "gid://shopify/Cart/a",
      checkoutUrl: "https://shop/checkouts/a",
      totalQuantity: 3,
      cost: { totalAmount: { amount: "730.00", currencyCode: "SEK" } },
      discountCodes: [{ code: "SAVE10", applicable: true }, null],
      lines: [line(31, 1, "650.00"), null, { quantity: 2 }, line(41, 2, "80.00")],
    });
    expect(cart).toEqual({
      id: "gid://shopify/Cart/a",
      value: 730,
      count: 3,
      currency: "SEK",
      checkoutUrl: "https://shop/checkouts/a",
      discountCodes: [{ code: "SAVE10", applicable: true }],
      lines: [
        {
          id: "gid://shopify/CartLine/31",
          variantId: "gid://shopify/ProductVariant/31",
          quantity: 1,
          linePrice: 65000,
          sellingPlanId: null,
          product: { id: "gid://shopify/Product/1", handle: "kettle", title: "Kettle" },
        },
        {
          id: "gid://shopify/CartLine/41",
          variantId: "gid://shopify/ProductVariant/41",
          quantity: 2,
          linePrice: 8000,
          sellingPlanId: null,
          product: { id: "gid://shopify/Product/1", handle: "kettle", title: "Kettle" },
        },
      ],
    });
  });

  it("reads a cart without an id as empty, and junk fields as zero", () => {
    expect(fromCartProviderState({ lines: [] }, "SEK")).toMatchObject({ id: "", count: 0, currency: "SEK", lines: [] });
    expect(
      fromCartProviderState({
        id: "gid://shopify/Cart/b",
        lines: "x" as never,
        cost: { totalAmount: { amount: "abc" } },
      }),
    ).toMatchObject({ value: 0, count: 0, lines: [] });
  });

  it("puts the provider's errors in words", () => {
    expect(cartProviderError([{ message: "Variant not found" }, { message: "Try again" }])).toBe(
      "Variant not found; Try again",
    );
    expect(cartProviderError("offline")).toBe("offline");
    expect(cartProviderError(new Error("boom"))).toBe("boom");
    expect(cartProviderError({ weird: true })).toBe("the storefront's cart reported an error");
  });
});

describe("createCartProviderCart", () => {
  it("adds through linesAdd with gids and answers the provider's new cart", async () => {
    const p = fakeProvider({ id: "gid://shopify/Cart/a", lines: [] });
    const store = createCartProviderCart({ bridge: p.bridge });
    const pending = store.addLines([
      { variantId: "31", quantity: 1 },
      { variantId: "41", quantity: 2, sellingPlanId: "7" },
    ]);
    await vi.waitFor(() => expect(p.calls).toHaveLength(1));
    expect(p.calls[0]).toEqual({
      action: "linesAdd",
      input: [
        { merchandiseId: "gid://shopify/ProductVariant/31", quantity: 1 },
        { merchandiseId: "gid://shopify/ProductVariant/41", quantity: 2, sellingPlanId: "gid://shopify/SellingPlan/7" },
      ],
    });
    expect(store.busy?.()).toBe(true);
    p.set({ status: "idle", lines: [line(31, 1), line(41, 2)], totalQuantity: 3 });
    const r = await pending;
    expect(r).toMatchObject({
      ok: true,
      value: {
        cart: { id: "gid://shopify/Cart/a", count: 3 },
        added: [{ variantId: "gid://shopify/ProductVariant/31" }, { variantId: "gid://shopify/ProductVariant/41" }],
      },
    });
    expect(store.busy?.()).toBe(false);
  });

  it("waits until the provider is settled before acting (it drops actions while busy)", async () => {
    const p = fakeProvider({ status: "fetching" });
    const store = createCartProviderCart({ bridge: p.bridge });
    const pending = store.addLines([{ variantId: "31", quantity: 1 }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(p.calls).toHaveLength(0);
    p.set({ status: "idle", id: "gid://shopify/Cart/a" });
    await vi.waitFor(() => expect(p.calls).toHaveLength(1));
    p.set({ status: "idle", lines: [line(31, 1)] });
    await expect(pending).resolves.toMatchObject({ ok: true });
  });

  it("reports a cart its add made the provider create", async () => {
    const p = fakeProvider({ status: "uninitialized" });
    const onCartCreated = vi.fn();
    const store = createCartProviderCart({ bridge: p.bridge, onCartCreated });
    const pending = store.addLines([{ variantId: "31", quantity: 1 }]);
    await vi.waitFor(() => expect(p.calls).toHaveLength(1));
    p.set({ status: "idle", id: "gid://shopify/Cart/new", lines: [line(31, 1)] });
    await expect(pending).resolves.toMatchObject({ ok: true });
    expect(onCartCreated).toHaveBeenCalledWith("gid://shopify/Cart/new");
  });

  it("fails in words when Shopify left the line out (the provider selects no userErrors)", async () => {
    const p = fakeProvider({ id: "gid://shopify/Cart/a", lines: [line(31, 1)] });
    const store = createCartProviderCart({ bridge: p.bridge });
    const pending = store.addLines([{ variantId: "31", quantity: 1 }]);
    await vi.waitFor(() => expect(p.calls).toHaveLength(1));
    p.set({ status: "idle", lines: [line(31, 1)] }); // a new answer, the same quantity
    await expect(pending).resolves.toEqual({
      ok: false,
      error: {
        message: "Shopify did not add gid://shopify/ProductVariant/31 to the cart (sold out or not available)",
        code: "NOT_ADDED",
      },
    });
  });

  it("fails with the provider's error", async () => {
    const p = fakeProvider({ id: "gid://shopify/Cart/a" });
    const store = createCartProviderCart({ bridge: p.bridge });
    const pending = store.addLines([{ variantId: "31", quantity: 1 }]);
    await vi.waitFor(() => expect(p.calls).toHaveLength(1));
    p.set({ status: "idle", error: [{ message: "Access denied" }] });
    await expect(pending).resolves.toEqual({ ok: false, error: { message: "Access denied" } });
  });

  it("fails when the provider never answers", async () => {
    const p = fakeProvider({ id: "gid://shopify/Cart/a", linesAdd: () => undefined });
    const store = createCartProviderCart({ bridge: p.bridge, timeoutMs: 50 });
    await expect(store.addLines([{ variantId: "31", quantity: 1 }])).resolves.toEqual({
      ok: false,
      error: { message: "the storefront's cart did not answer within 0.05 s" },
    });
  });

  it("runs writes one at a time, keeps discount codes, removes only known lines", async () => {
    const p = fakeProvider({
      id: "gid://shopify/Cart/a",
      lines: [line(31, 1)],
      discountCodes: [{ code: "OLD", applicable: true }],
    });
    const store = createCartProviderCart({ bridge: p.bridge });
    const first = store.applyDiscount("SAVE10");
    const second = store.addLines([{ variantId: "41", quantity: 1 }]);
    await vi.waitFor(() => expect(p.calls).toHaveLength(1));
    expect(p.calls[0]).toEqual({ action: "discountCodesUpdate", input: ["OLD", "SAVE10"] });
    p.set({ status: "idle", lines: [line(31, 1)] });
    await expect(first).resolves.toMatchObject({ ok: true });
    await vi.waitFor(() => expect(p.calls).toHaveLength(2));
    p.set({ status: "idle", lines: [line(31, 1), line(41, 1)] });
    await expect(second).resolves.toMatchObject({ ok: true });
    await expect(store.removeLine("gid://shopify/CartLine/999")).resolves.toEqual({
      ok: false,
      error: { message: "The cart has no line gid://shopify/CartLine/999" },
    });
    await expect(store.checkoutUrl()).resolves.toEqual({ ok: false, error: { message: "There is no cart yet" } });
  });
});
