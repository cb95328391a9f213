/**
 * The store cart as targeting sees it: its value (the cart_value condition
 * and the add-to-cart trigger) and the moment the page adds to it. The
 * renderer's store adapters (widget/store) do the cart operations; this is
 * only what the loader needs, kept small.
 */
import { requestJson, type FetchFn } from "./api";

/** What the Shopify app embed hands over (app/lib/schema/shop-context.ts), the few fields read here. */
export interface ShopHints {
  root_url?: string;
  cart?: { total_price?: number };
  country?: string | null;
  design_mode?: boolean;
}

/** The app embed's inline JSON, or null off Shopify. */
export function readShop(doc: Document): ShopHints | null {
  try {
    const el = doc.getElementById("beckon-shop-context");
    return el ? (JSON.parse(el.textContent || "") as ShopHints) : null;
  } catch {
    return null;
  }
}

const ADD = /\/cart\/add(\.js)?\/?(\?|#|$)/;

/**
 * Watches the page's Ajax adds to cart (fetch and XMLHttpRequest to
 * cart/add) without changing them; returns a subscribe function.
 * Installed only when a CTA has an add-to-cart trigger.
 */
export function watchCartAdds(win: Window): (listener: () => void) => () => void {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const w = win as Window & { fetch: typeof fetch };
  const f = w.fetch;
  if (f) {
    w.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      const p = f.call(this ?? win, input, init);
      try {
        if (ADD.test(typeof input == "string" ? input : (input as Request).url || String(input))) p.then((r) => r.ok && emit(), () => {});
      } catch {
        /* never disturb the page's own request */
      }
      return p;
    } as typeof fetch;
  }
  const X = (win as Window & { XMLHttpRequest?: typeof XMLHttpRequest }).XMLHttpRequest?.prototype;
  if (X) {
    const open = X.open;
    X.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      if (ADD.test(String(args[1]))) this.addEventListener("load", () => this.status < 300 && emit());
      return (open as (...a: unknown[]) => void).apply(this, args);
    } as typeof X.open;
  }
  return (l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
}

/** The cart value in units from cart.js (SPEC 9: cents divided by 100); rejects on failure or time-out. */
export const fetchCartValue = (fetchFn: FetchFn, root = "/", timeout = 2000): Promise<number> =>
  requestJson<{ total_price: number }>(fetchFn, root.replace(/\/?$/, "/") + "cart.js", undefined, timeout).then((c) => c.total_price / 100);
