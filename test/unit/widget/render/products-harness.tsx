/** A fake store over the demo catalogue and a mounted products element, for the products element's tests. */
import { vi } from "vitest";
import type { CtaElement } from "#contract/schema/cta";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { fromAjaxProduct } from "#widget/store/product";
import type { AddResult, Cart, CartAdapter, CartLineInput, Product, ProductCatalog, Result } from "#widget/store/types";
import { runtimeMock } from "./factories";
import { swedishConfigMock, swedishCtaMock, swedishElementMock } from "#test/support/factories";
import { flush, mount } from "./mount";

export const ok = <T,>(value: T): Result<T> => ({ ok: true, value });
export const cartOf = (lines: CartLineInput[]): Cart => ({
  id: "c1",
  value: 0,
  count: lines.length,
  currency: "USD",
  lines: [],
  discountCodes: [],
  checkoutUrl: "",
});

/** A store over the demo catalogue that records the lines added. */
export function fakeStore(over: Partial<CartAdapter> = {}) {
  const added: CartLineInput[][] = [];
  const byHandle = (h: string) => DEMO_STORE_PRODUCTS.find((p) => p.handle === h);
  const store: CartAdapter & ProductCatalog & { added: CartLineInput[][] } = {
    added,
    integration: "shopify",
    getCart: async () => ok(cartOf(added.flat())),
    addLines: vi.fn(async (lines: CartLineInput[]): Promise<Result<AddResult>> => {
      added.push(lines);
      return ok({ cart: cartOf(added.flat()), added: [] });
    }),
    removeLine: async () => ok(cartOf([])),
    clear: async () => ok(cartOf([])),
    applyDiscount: vi.fn(async () => ok(cartOf(added.flat()))),
    cartUrl: () => "/cart",
    checkoutUrl: async () => ok("/checkout"),
    product: async (h) => {
      const p = byHandle(h);
      return p
        ? ok(fromAjaxProduct(p as never, { currency: "USD", source: "manual" }))
        : { ok: false, error: { message: "Product not found", status: 404 } };
    },
    recommendations: async () => ok([] as Product[]),
    search: async () => ok([] as Product[]),
    collection: async () => ok([] as Product[]),
    ...over,
  };
  return store;
}

export const feed = (handles: string[], options: Record<string, unknown> = {}, over: Partial<CtaElement> = {}) =>
  swedishElementMock({
    id: 81,
    element_type: "products",
    fields: [],
    options,
    product_recommendations: [{ source: "manual", handles }],
    ...over,
  });

export async function show(
  element: CtaElement,
  store = fakeStore(),
  mode?: "live" | "admin" | "preview",
  language = "en",
) {
  const runtime = runtimeMock({ store });
  const m = await mount({
    cta: swedishCtaMock({}, [element]),
    runtime,
    mode,
    config: swedishConfigMock({ currency: "USD", currency_character: "$", default_country: "US", language }),
  });
  await flush();
  return { ...m, store, runtime };
}
