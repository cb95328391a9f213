// @vitest-environment happy-dom
/**
 * BeckonProvider picks the storefront's cart: hydrogen-react's CartProvider
 * when around it (adds through useCart().linesAdd), else the Storefront API
 * cart with the ShopifyProvider's or the props' market and cart id.
 * hydrogen-react's hooks are replaced here; the e2e test runs the real ones.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartProviderState } from "#widget/react";
import { BeckonCta, BeckonProvider, useBeckon } from "#widget/react";
import type { MountOptions } from "#widget/render/types";
import { swedishConfigMock, swedishCtaMock } from "#test/support/factories";

const hydrogen = vi.hoisted(() => ({ cart: null as unknown, shop: null as unknown }));
vi.mock("@shopify/hydrogen-react", () => ({
  useCart: () => {
    if (!hydrogen.cart) throw new Error("Expected a Cart Context, but no Cart Context was found");
    return hydrogen.cart;
  },
  // Outside a ShopifyProvider, hydrogen-react answers a placeholder whose API URL is empty.
  useShop: () =>
    hydrogen.shop ?? {
      storeDomain: "test",
      storefrontToken: "abc123",
      countryIsoCode: "US",
      languageIsoCode: "EN",
      getStorefrontApiUrl: () => "",
    },
}));

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  hydrogen.cart = null;
  hydrogen.shop = null;
});
afterEach(() => {
  document.body.innerHTML = "";
});

async function provide(props: Partial<React.ComponentProps<typeof BeckonProvider>>, children?: React.ReactNode) {
  let seen: ReturnType<typeof useBeckon> | null = null;
  function Peek() {
    seen = useBeckon();
    return null;
  }
  const div = document.createElement("div");
  document.body.appendChild(div);
  const root = createRoot(div);
  await act(async () =>
    root.render(
      <BeckonProvider
        config={swedishConfigMock()}
        loadRenderer={async () => ({ mountCta: () => ({ unmount() {} }) })}
        {...props}
      >
        <Peek />
        {children}
      </BeckonProvider>,
    ),
  );
  return {
    value: () => seen!,
    root,
    rerender: (extra: Partial<React.ComponentProps<typeof BeckonProvider>> = {}) =>
      act(async () =>
        root.render(
          <BeckonProvider config={seen!.config} loadRenderer={seen!.loadRenderer} {...props} {...extra}>
            <Peek />
            {children}
          </BeckonProvider>,
        ),
      ),
  };
}

/** A recording fetch answering GraphQL like Shopify would for the operations used here. */
function storefrontFetch() {
  const bodies: { query: string; variables: Record<string, unknown> }[] = [];
  const cart = (id: string) => ({
    id,
    checkoutUrl: "https://x/checkout",
    totalQuantity: 1,
    cost: { totalAmount: { amount: "650.00", currencyCode: "SEK" } },
    discountCodes: [],
    attributes: [],
    lines: { nodes: [] },
  });
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    bodies.push(body);
    const data = /cartCreate/.test(body.query)
      ? { cartCreate: { cart: cart("gid://shopify/Cart/created"), userErrors: [], warnings: [] } }
      : { cartLinesAdd: { cart: cart(body.variables.cartId), userErrors: [], warnings: [] } };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

describe("BeckonProvider's cart", () => {
  it("inside a CartProvider: adds go through useCart().linesAdd", async () => {
    const linesAdd = vi.fn();
    hydrogen.cart = {
      id: "gid://shopify/Cart/own",
      status: "idle",
      lines: [],
      linesAdd,
      linesRemove: vi.fn(),
      discountCodesUpdate: vi.fn(),
    } satisfies CartProviderState;
    const { value } = await provide({ storefront: { storeDomain: "shop.myshopify.com", publicAccessToken: "t" } });
    expect(value().cartSource).toBe("cart-provider");
    void value().store!.addLines([{ variantId: "31", quantity: 1 }]);
    await vi.waitFor(() =>
      expect(linesAdd).toHaveBeenCalledWith([{ merchandiseId: "gid://shopify/ProductVariant/31", quantity: 1 }]),
    );
    // Products still come from the Storefront API.
    expect(typeof value().store!.product).toBe("function");
    expect(value().runtime.store).toBe(value().store);
  });

  it("outside one: the Storefront API cart, on the given cart id, with the props' market", async () => {
    const { fetch, bodies } = storefrontFetch();
    const onCartCreated = vi.fn();
    const { value } = await provide({
      storefront: { storeDomain: "shop.myshopify.com", publicAccessToken: "t", fetch },
      cartId: "gid://shopify/Cart/own",
      country: "se",
      language: "sv",
      onCartCreated,
    });
    expect(value().cartSource).toBe("storefront");
    const r = await value().store!.addLines([{ variantId: "31", quantity: 1 }]);
    expect(r.ok).toBe(true);
    expect(bodies.map((b) => /mutation (\w+)/.exec(b.query)?.[1])).toEqual(["BeckonCartLinesAdd"]);
    expect(bodies[0].variables).toMatchObject({ cartId: "gid://shopify/Cart/own", country: "SE", language: "SV" });
    expect(onCartCreated).not.toHaveBeenCalled();
  });

  it("outside one, no cart id: creates a cart and reports it to the latest onCartCreated", async () => {
    const { fetch, bodies } = storefrontFetch();
    const first = vi.fn();
    const latest = vi.fn();
    const app = await provide({
      storefront: { storeDomain: "shop.myshopify.com", publicAccessToken: "t", fetch },
      onCartCreated: first,
    });
    const store = app.value().store!;
    await act(async () =>
      app.root.render(
        <BeckonProvider
          config={app.value().config}
          storefront={{ storeDomain: "shop.myshopify.com", publicAccessToken: "t", fetch }}
          onCartCreated={latest}
          loadRenderer={app.value().loadRenderer}
        />,
      ),
    );
    await store.addLines([{ variantId: "31", quantity: 1 }]);
    expect(bodies.map((b) => /mutation (\w+)/.exec(b.query)?.[1])).toEqual(["BeckonCartCreate", "BeckonCartLinesAdd"]);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith("gid://shopify/Cart/created");
  });

  it("keeps its cart and CTAs when the storefront passes the created id back as cartId", async () => {
    const { fetch, bodies } = storefrontFetch();
    const storefront = { storeDomain: "shop.myshopify.com", publicAccessToken: "t", fetch };
    const app = await provide({ storefront, onCartCreated: () => undefined });
    const store = app.value().store!;
    await store.addLines([{ variantId: "31", quantity: 1 }]);
    await app.rerender({ cartId: "gid://shopify/Cart/created" });
    expect(app.value().store).toBe(store);
    await app.rerender({ cartId: "gid://shopify/Cart/other" });
    expect(app.value().store).not.toBe(store);
    await app.value().store!.addLines([{ variantId: "31", quantity: 1 }]);
    expect(bodies.at(-1)?.variables).toMatchObject({ cartId: "gid://shopify/Cart/other" });
  });

  it("takes the domain, token, version and market of a ShopifyProvider around it", async () => {
    const { fetch, bodies } = storefrontFetch();
    hydrogen.shop = {
      storeDomain: "from-shop.myshopify.com",
      storefrontToken: "shop-token",
      storefrontApiVersion: "2026-04",
      countryIsoCode: "DE",
      languageIsoCode: "DE",
      getStorefrontApiUrl: () => "https://from-shop.myshopify.com/api/2026-04/graphql.json",
    };
    const { value } = await provide({ storefront: { fetch }, cartId: "gid://shopify/Cart/own" });
    await value().store!.addLines([{ variantId: "31", quantity: 1 }]);
    const [url, init] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://from-shop.myshopify.com/api/2026-04/graphql.json");
    expect(new Headers(init.headers).get("X-Shopify-Storefront-Access-Token")).toBe("shop-token");
    expect(bodies[0].variables).toMatchObject({ country: "DE", language: "DE" });
  });

  it("without a storefront or a CartProvider there is no cart", async () => {
    const { value } = await provide({});
    expect(value().cartSource).toBe("none");
    expect(value().store).toBeNull();
  });

  it("a bad cart id or market fails at render, in words", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(
      provide({ storefront: { storeDomain: "s.myshopify.com", publicAccessToken: "t" }, cartId: "42" }),
    ).rejects.toThrow("The cart id must be a Storefront Cart id");
    await expect(
      provide({ storefront: { storeDomain: "s.myshopify.com", publicAccessToken: "t" }, country: "Sweden" }),
    ).rejects.toThrow("not a Storefront API country code");
    spy.mockRestore();
  });

  it("the add-to-cart trigger hears any add to the CartProvider's cart, not a cart loaded from storage", async () => {
    const base = { lines: [], linesAdd: vi.fn(), linesRemove: vi.fn(), discountCodesUpdate: vi.fn() };
    hydrogen.cart = { ...base, status: "uninitialized" };
    const app = await provide({});
    const heard = vi.fn();
    app.value().onCartAdd(heard);
    const step = async (state: Partial<CartProviderState>) => {
      hydrogen.cart = { ...base, ...state };
      await app.rerender();
    };
    await step({ status: "fetching" });
    await step({ status: "idle", id: "gid://shopify/Cart/a", totalQuantity: 3 }); // loaded from localStorage
    expect(heard).not.toHaveBeenCalled();
    await step({ status: "updating", id: "gid://shopify/Cart/a", totalQuantity: 3 }); // e.g. the storefront's own Add to Cart
    await step({
      status: "idle",
      id: "gid://shopify/Cart/a",
      totalQuantity: 4,
      cost: { totalAmount: { amount: "40.00", currencyCode: "SEK" } },
    });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0][0]).toMatchObject({ id: "gid://shopify/Cart/a", count: 4, value: 40, currency: "SEK" });
    await step({ status: "updating", id: "gid://shopify/Cart/a", totalQuantity: 4 }); // a remove
    await step({ status: "idle", id: "gid://shopify/Cart/a", totalQuantity: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('BeckonCta with trigger="add-to-cart" shows after the next add to the Storefront cart', async () => {
    const { fetch } = storefrontFetch();
    const mountCta = vi.fn((_o: MountOptions) => ({ unmount() {} }));
    const app = await provide(
      {
        storefront: { storeDomain: "shop.myshopify.com", publicAccessToken: "t", fetch },
        cartId: "gid://shopify/Cart/own",
        loadRenderer: async () => ({ mountCta }),
      },
      <BeckonCta cta={swedishCtaMock()} trigger="add-to-cart" />,
    );
    await act(async () => undefined);
    expect(mountCta).not.toHaveBeenCalled();
    await act(async () => {
      await app.value().store!.addLines([{ variantId: "31", quantity: 1 }]);
    });
    await vi.waitFor(() => expect(mountCta).toHaveBeenCalledTimes(1));
  });
});

describe("BeckonProvider's server cart (an app like Hydrogen's skeleton)", () => {
  const CART = "gid://shopify/Cart/server";
  const pageCart = (quantity: number, codes: string[] = []) => ({
    id: CART,
    totalQuantity: quantity,
    checkoutUrl: "https://shop.example/checkouts/cn/server",
    discountCodes: codes.map((code) => ({ code, applicable: true })),
    lines: { nodes: [] },
  });

  it("posts CTA writes to the app's route, revalidates with the latest callback, follows the page's cart", async () => {
    const posted: { action: string; inputs: Record<string, unknown> }[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String((init.body as FormData).get("cartFormInput"))));
      return Response.json({ cart: { id: CART, totalQuantity: posted.length, checkoutUrl: "/co" }, userErrors: [] });
    });
    const first = vi.fn();
    const later = vi.fn();
    const heard = vi.fn();
    const serverCart = { action: "/cart", fetch: fetch as never, revalidate: first, cart: pageCart(0, ["SAVE10"]) };
    const { value, rerender } = await provide({
      storefront: { storeDomain: "shop.myshopify.com", publicAccessToken: "t" },
      serverCart,
    });
    expect(value().cartSource).toBe("server");
    expect(typeof value().store!.product).toBe("function");
    value().onCartAdd(heard);
    const store = value().store!;

    // A new revalidate and a new page cart (the loader's answer after revalidation) keep the adapter.
    await rerender({ serverCart: { ...serverCart, revalidate: later, cart: pageCart(0, ["SAVE10", "FIVEOFF"]) } });
    expect(value().store).toBe(store);
    await expect(store.addLines([{ variantId: "31", quantity: 1 }])).resolves.toMatchObject({ ok: true });
    expect(posted[0].action).toBe("LinesAdd");
    expect((posted[0].inputs.lines as { attributes: unknown }[])[0].attributes).toEqual([
      { key: "_convertflow", value: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/) },
    ]);
    expect(later).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(heard).toHaveBeenCalledTimes(1);

    await rerender({ serverCart: { ...serverCart, revalidate: later, cart: pageCart(1, ["SAVE10", "FIVEOFF"]) } });
    await store.applyDiscount("WELCOME");
    expect(posted[1]).toEqual({
      action: "DiscountCodesUpdate",
      inputs: { discountCodes: ["SAVE10", "FIVEOFF", "WELCOME"] },
    });
  });

  it("a server cart with both action and handler throws when the provider renders", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(provide({ serverCart: { action: "/cart", handler: async () => null } })).rejects.toThrow(/either/);
    quiet.mockRestore();
  });
});
