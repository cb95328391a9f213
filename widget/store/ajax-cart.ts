/**
 * The Ajax API adapter: Shopify's theme storefront endpoints (cart.js,
 * cart/add.js, cart/change.js, cart/clear.js, /discount/{code}, products/{handle}.js,
 * recommendations, search suggest, collection products.json). Every call answers
 * a Result; nothing throws. The cart lives in Shopify's cart cookie, so requests
 * go same-origin with credentials.
 */
import { fromAjaxCart, fromAjaxLine, type AjaxCartJson, type AjaxCartLineJson } from "./cart";
import { PRODUCT_NOT_FOUND } from "./constants";
import { numericId } from "./ids";
import {
  cartAddUrl,
  cartChangeUrl,
  cartClearUrl,
  cartJsUrl,
  collectionProductsUrl,
  discountUrl,
  normalizeRoot,
  productJsUrl,
  recommendationsUrl,
  rootPath,
  searchSuggestUrl,
} from "./paths";
import { fromAjaxProduct, type AjaxProductJson } from "./product";
import { errorMessage, fail, ok } from "./result";
import { cartChangeNotice, type CartNoticeConfig } from "./cart-notice";
import { createCartLock, inFlight, type CartLock } from "./serialize";
import type { AddResult, Cart, CartAction, CartAdapter, CartLineInput, Product, ProductCatalog, ProductSourceType, Result } from "./types";

export interface AjaxCartConfig {
  /** Shopify.routes.root ("/" by default; "/en/" on a localized store). */
  root?: string;
  /** The website currency, for product prices (the Ajax product JSON has none). */
  currency?: string;
  fetch?: typeof fetch;
  /** The adding_to_cart lock shared with other CTAs on the page. */
  lock?: CartLock;
  /** Called after a successful add, remove, clear or discount (the cart notice of SPEC 7 hangs here). */
  onChange?: (cart: Cart, action: CartAction) => void;
  /** The cart notice after add, remove and discount (SPEC 7); the page's origin and fetch by default, false for none. */
  notice?: CartNoticeConfig;
}

/** Shopify's error body: {status, message, description}. */
interface AjaxError {
  status?: number | string;
  message?: string;
  description?: string;
}

/** The Ajax cart adapter and product catalog. */
export function createAjaxCart(config: AjaxCartConfig = {}): CartAdapter & ProductCatalog {
  const root = normalizeRoot(config.root);
  const lock = config.lock ?? createCartLock();
  const writes = inFlight();
  const doFetch = (...args: Parameters<typeof fetch>) => (config.fetch ?? globalThis.fetch)(...args);
  const mapOpts = (source: ProductSourceType) => ({ currency: config.currency, root, source });

  async function request<T>(url: string, init: RequestInit = {}): Promise<Result<T>> {
    try {
      const res = await doFetch(url, {
        credentials: "same-origin",
        ...init,
        headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}), ...init.headers },
      });
      const body = (await res.json().catch(() => null)) as (T & AjaxError) | null;
      if (!res.ok) {
        const description = body?.description;
        return fail(description || body?.message || `HTTP ${res.status}`, { status: res.status, description });
      }
      return body === null ? fail(`Invalid JSON from ${url}`, { status: res.status }) : ok(body as T);
    } catch (e) {
      return fail(errorMessage(e));
    }
  }

  const post = <T>(url: string, body?: unknown) => request<T>(url, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });

  async function getCart(): Promise<Result<Cart>> {
    const r = await request<AjaxCartJson>(cartJsUrl(root));
    return r.ok ? ok(fromAjaxCart(r.value, root)) : r;
  }

  const notice = cartChangeNotice(config.notice, doFetch, root);
  const changed = (r: Result<Cart>, action: CartAction): Result<Cart> => {
    if (!r.ok) return r;
    config.onChange?.(r.value, action);
    notice(r.value.id, action);
    return r;
  };

  async function product(handle: string, source: ProductSourceType = "manual"): Promise<Result<Product>> {
    const r = await request<AjaxProductJson>(productJsUrl(root, handle));
    if (!r.ok) return r.error.status === 404 ? fail(PRODUCT_NOT_FOUND, { status: 404 }) : r;
    return ok(fromAjaxProduct(r.value, mapOpts(source)));
  }

  /** Full products for handles, in order; missing ones are left out (SPEC 4: not found → hidden). */
  async function byHandles(handles: string[], source: ProductSourceType): Promise<Product[]> {
    const results = await Promise.all(handles.map((h) => product(h, source)));
    return results.flatMap((r) => (r.ok ? [r.value] : []));
  }

  const uniqueHandles = (items: { handle: string }[], limit: number) => [...new Set(items.map((p) => p.handle))].slice(0, limit);

  return {
    integration: "shopify",
    getCart,

    busy: () => writes.busy() || lock.busy(),

    addLines(lines: CartLineInput[]): Promise<Result<AddResult>> {
      return writes.track(lock.run(async () => {
        const items = lines.map((l) => {
          const id = numericId(l.variantId);
          return {
            id: /^\d+$/.test(id) ? Number(id) : id,
            quantity: l.quantity,
            ...(l.sellingPlanId ? { selling_plan: Number(numericId(l.sellingPlanId)) } : {}),
          };
        });
        const added = await post<{ items: AjaxCartLineJson[] }>(cartAddUrl(root), { items });
        if (!added.ok) return added;
        const cart = changed(await getCart(), "add");
        if (!cart.ok) return cart;
        return ok({ cart: cart.value, added: (added.value.items ?? []).map(fromAjaxLine) });
      }));
    },

    removeLine: (lineId: string) =>
      writes.track(
        (async () => {
          const r = await post<AjaxCartJson>(cartChangeUrl(root), { id: lineId, quantity: 0 });
          return changed(r.ok ? ok(fromAjaxCart(r.value, root)) : r, "remove");
        })(),
      ),

    clear: () =>
      writes.track(
        (async () => {
          const r = await post<AjaxCartJson>(cartClearUrl(root));
          return changed(r.ok ? ok(fromAjaxCart(r.value, root)) : r, "clear");
        })(),
      ),

    applyDiscount(code: string) {
      return writes.track(lock.run(async () => {
        try {
          // The code travels in a cookie set by the redirecting answer; not following
          // the redirect spares downloading the cart page (browsers answer an opaque
          // redirect with status 0, and still store the cookie).
          const res = await doFetch(discountUrl(root, code, `${rootPath(root)}cart`), { credentials: "same-origin", redirect: "manual" });
          if (res.status >= 400) return fail<Cart>(`Discount ${code} failed: HTTP ${res.status}`, { status: res.status });
        } catch (e) {
          return fail<Cart>(errorMessage(e));
        }
        return changed(await getCart(), "discount");
      }));
    },

    cartUrl: () => `${root}cart`,
    checkoutUrl: async () => ok(`${root}checkout`),

    product: (handle) => product(handle),

    async recommendations(productId, { limit, intent }) {
      const r = await request<{ products?: AjaxProductJson[] }>(recommendationsUrl(root, numericId(productId), limit, intent));
      if (!r.ok) return r;
      return ok((r.value.products ?? []).slice(0, limit).map((p) => fromAjaxProduct(p, mapOpts("recommendations"))));
    },

    async search(terms, { limit, showUnavailable }) {
      const r = await request<{ resources?: { results?: { products?: { handle: string }[] } } }>(
        searchSuggestUrl(root, terms.join(" "), limit, showUnavailable ? "last" : "hide"),
      );
      if (!r.ok) return r;
      return ok(await byHandles(uniqueHandles(r.value.resources?.results?.products ?? [], limit), "filter"));
    },

    async collection(handle, { limit }) {
      // Twice the limit, so duplicates dropped by handle still leave enough to fill it.
      const r = await request<{ products?: { handle: string }[] }>(collectionProductsUrl(root, handle, Math.min(250, limit * 2)));
      if (!r.ok) return r;
      // products.json has no selling plans (subscriptions), so each product is read
      // again from products/{handle}.js.
      return ok(await byHandles(uniqueHandles(r.value.products ?? [], limit), "collection"));
    },
  };
}
