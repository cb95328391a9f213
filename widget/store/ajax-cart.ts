/**
 * The Ajax API adapter: Shopify's documented theme storefront endpoints
 * (cart.js, cart/add.js, cart/change.js, cart/clear.js, /discount/{code},
 * products/{handle}.js, recommendations, search suggest) and the Section
 * Rendering API (a collection's product grid; the theme's cart sections
 * bundled with an add). Every call answers a Result; nothing throws. The cart
 * lives in Shopify's cart cookie, so requests go same-origin with credentials.
 * An add with `show` keeps the theme's own cart true (theme-cart.ts).
 */
import { fromAjaxCart, fromAjaxLine, toStorefrontLineInputs, type AjaxCartJson, type AjaxCartLineJson } from "./cart";
import { STOCK_WARNINGS } from "./cart-refusal";
import { PRODUCT_NOT_FOUND } from "./constants";
import { numericId } from "./ids";
import {
  cartAddUrl,
  cartChangeUrl,
  cartClearUrl,
  cartJsUrl,
  collectionSectionsUrl,
  discountUrl,
  linkedHandles,
  normalizeRoot,
  productJsUrl,
  recommendationsUrl,
  rootPath,
  searchSuggestUrl,
} from "./paths";
import { fromAjaxProduct, type AjaxProductJson } from "./product";
import { errorMessage, fail, ok } from "./result";
import { cartChangeNotice, cartChangeReporter, type CartNoticeConfig } from "./cart-notice";
import { createCartLock, inFlight, type CartLock } from "./serialize";
import { configured, sectionFields, showAdd, showChange, themeActions, type StorefrontActions } from "./theme-cart";
import type {
  AddOptions,
  AddResult,
  Cart,
  CartAction,
  CartAdapter,
  CartLineInput,
  Product,
  ProductCatalog,
  ProductSourceType,
  Result,
} from "./types";

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
  /** The page whose theme shows an add with `show` (theme-cart.ts); the browser's window by default. */
  win?: Window;
  /** The sections a collection's products are read from (paths.ts COLLECTION_SECTIONS by default). */
  collectionSections?: string[];
}

/** A userError or warning of Shopify.actions.updateCart's answer (the Storefront API's CartUserError, CartWarning). */
type StoreNote = { message?: string; code?: string | null };

/** The Ajax answer of cart/add.js with bundled sections. */
interface AddJson {
  items?: AjaxCartLineJson[];
  sections?: Record<string, string | null>;
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
        headers: {
          Accept: "application/json",
          ...(init.body ? { "Content-Type": "application/json" } : {}),
          ...init.headers,
        },
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

  const post = <T>(url: string, body?: unknown) =>
    request<T>(url, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });

  const cartJson = () => request<AjaxCartJson>(cartJsUrl(root));

  async function getCart(): Promise<Result<Cart>> {
    const result = await cartJson();
    return result.ok ? ok(fromAjaxCart(result.value, root)) : result;
  }

  /** The page an add with `show` keeps true; none outside a browser. */
  const page = (): Window | undefined => config.win ?? (typeof window == "undefined" ? undefined : window);

  const notice = cartChangeNotice(config.notice, doFetch, root);
  const changed = cartChangeReporter(config, notice);

  async function product(handle: string, source: ProductSourceType = "manual"): Promise<Result<Product>> {
    const result = await request<AjaxProductJson>(productJsUrl(root, handle));
    if (!result.ok) return result.error.status === 404 ? fail(PRODUCT_NOT_FOUND, { status: 404 }) : result;
    return ok(fromAjaxProduct(result.value, mapOpts(source)));
  }

  /** Full products for handles, in order; missing ones are left out (SPEC 4: not found → hidden). */
  async function byHandles(handles: string[], source: ProductSourceType): Promise<Product[]> {
    const results = await Promise.all(handles.map((h) => product(h, source)));
    return results.flatMap((r) => (r.ok ? [r.value] : []));
  }

  const uniqueHandles = (items: { handle: string }[], limit: number) =>
    [...new Set(items.map((p) => p.handle))].slice(0, limit);

  /**
   * An add through the theme's configured Shopify.actions.updateCart (the
   * theme refreshes its cart; the standard cart events fire), then the
   * theme's openCart when it has configured one (the default one navigates
   * to the cart page where it finds no drawer).
   */
  async function addThroughActions(actions: StorefrontActions, lines: CartLineInput[]): Promise<Result<AddResult>> {
    try {
      const answer = (await actions.updateCart({
        lines: toStorefrontLineInputs(lines),
      })) as { userErrors?: StoreNote[]; warnings?: StoreNote[] } | undefined;
      // Storefront API payloads: a userError means nothing changed; a stock warning means this line was not added.
      const refused =
        answer?.userErrors?.[0] ??
        (Array.isArray(answer?.warnings)
          ? answer.warnings.find((w) => STOCK_WARNINGS.has(String(w?.code)))
          : undefined);
      if (refused)
        return fail(refused.message || "The cart refused the add", {
          status: 422,
          description: refused.message,
          code: typeof refused.code == "string" ? refused.code : undefined,
        });
    } catch (e) {
      return fail(errorMessage(e));
    }
    const cart = changed(await getCart(), "add");
    if (!cart.ok) return cart;
    if (configured(actions.openCart))
      Promise.resolve()
        .then(() => actions.openCart!())
        .catch(() => undefined);
    const ids = lines.map((l) => numericId(l.variantId));
    return ok({ cart: cart.value, added: cart.value.lines.filter((l) => ids.includes(numericId(l.variantId))) });
  }

  return {
    integration: "shopify",
    getCart,

    busy: () => writes.busy() || lock.busy(),

    addLines(lines: CartLineInput[], opts: AddOptions = {}): Promise<Result<AddResult>> {
      return writes.track(
        lock.run(async () => {
          const win = opts.show ? page() : undefined;
          const actions = win && themeActions(win);
          if (actions) return addThroughActions(actions, lines);
          const items = lines.map((line) => {
            const id = numericId(line.variantId);
            return {
              id: /^\d+$/.test(id) ? Number(id) : id,
              quantity: line.quantity,
              ...(line.sellingPlanId ? { selling_plan: Number(numericId(line.sellingPlanId)) } : {}),
            };
          });
          const added = await post<AddJson>(cartAddUrl(root), { items, ...(win ? sectionFields(win) : {}) });
          if (!added.ok) return added;
          const json = await cartJson();
          const cart = changed(json.ok ? ok(fromAjaxCart(json.value, root)) : json, "add");
          if (!cart.ok) return cart;
          const first = added.value.items?.[0];
          const reload =
            !!win && showAdd(win, { ...first, sections: added.value.sections }, json.ok ? json.value : null);
          return ok({
            cart: cart.value,
            added: (added.value.items ?? []).map(fromAjaxLine),
            ...(reload ? { reload } : {}),
          });
        }),
      );
    },

    removeLine: (lineId: string) =>
      writes.track(
        (async () => {
          const result = await post<AjaxCartJson>(cartChangeUrl(root), { id: lineId, quantity: 0 });
          return changed(result.ok ? ok(fromAjaxCart(result.value, root)) : result, "remove");
        })(),
      ),

    clear: () =>
      writes.track(
        (async () => {
          const result = await post<AjaxCartJson>(cartClearUrl(root));
          return changed(result.ok ? ok(fromAjaxCart(result.value, root)) : result, "clear");
        })(),
      ),

    applyDiscount(code: string) {
      return writes.track(
        lock.run(async () => {
          try {
            // The code travels in a cookie set by the redirecting answer; not following
            // the redirect spares downloading the cart page (browsers answer an opaque
            // redirect with status 0, and still store the cookie).
            const res = await doFetch(discountUrl(root, code, `${rootPath(root)}cart`), {
              credentials: "same-origin",
              redirect: "manual",
            });
            if (res.status >= 400)
              return fail<Cart>(`Discount ${code} failed: HTTP ${res.status}`, { status: res.status });
          } catch (e) {
            return fail<Cart>(errorMessage(e));
          }
          const json = await cartJson();
          // The theme's drawer was rendered before the code went on: it shows the cart again, discount included.
          const win = page();
          if (json.ok && win) showChange(win, json.value);
          return changed(json.ok ? ok(fromAjaxCart(json.value, root)) : json, "discount");
        }),
      );
    },

    cartUrl: () => `${root}cart`,
    checkoutUrl: async () => ok(`${root}checkout`),

    product: (handle) => product(handle),

    async recommendations(productId, { limit, intent }) {
      const result = await request<{ products?: AjaxProductJson[] }>(
        recommendationsUrl(root, numericId(productId), limit, intent),
      );
      if (!result.ok) return result;
      return ok(
        (result.value.products ?? []).slice(0, limit).map((p) => fromAjaxProduct(p, mapOpts("recommendations"))),
      );
    },

    async search(terms, { limit, showUnavailable }) {
      const result = await request<{ resources?: { results?: { products?: { handle: string }[] } } }>(
        searchSuggestUrl(root, terms.join(" "), limit, showUnavailable ? "last" : "hide"),
      );
      if (!result.ok) return result;
      return ok(await byHandles(uniqueHandles(result.value.resources?.results?.products ?? [], limit), "filter"));
    },

    async collection(handle, { limit }) {
      // The Ajax API has no collection endpoint: the theme renders the collection page's product
      // grid (Section Rendering API), whose product links name the handles in the collection's
      // order; each product then comes from products/{handle}.js (with its selling plans).
      const result = await request<Record<string, string | null>>(
        collectionSectionsUrl(root, handle, config.collectionSections),
      );
      if (!result.ok) return result;
      const handles = Object.values(result.value).flatMap((html) =>
        typeof html == "string" ? linkedHandles(html) : [],
      );
      return ok(
        await byHandles(
          uniqueHandles(
            handles.map((h) => ({ handle: h })),
            limit,
          ),
          "collection",
        ),
      );
    },
  };
}
