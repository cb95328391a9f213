/**
 * The page's adds to cart, for the add-to-cart trigger (in the extras chunk:
 * only pages with a CTA that has that trigger load it).
 *
 * A storefront that speaks Shopify's standard storefront events says so
 * itself: its theme dispatches shopify:cart:lines-update (action "add") for
 * its own adds, and Shopify.actions.updateCart emits the same for anyone
 * else's, the promise on the event settling with the cart. Such a page is
 * heard through that event alone. Only a page whose theme has not configured
 * the standard actions (theme-cart.ts themeActions) is also watched the old
 * way: fetch and XMLHttpRequest to cart/add, wrapped without changing them.
 * The choice waits for DOMContentLoaded, when Shopify's actions and the
 * theme's configuration of them are in place.
 */
import { themeActions } from "#widget/store/theme-cart";

const ADD = /\/cart\/add(\.js)?\/?(\?|#|$)/;

/** The standard event's payload: on the event itself (Shopify's event classes), else in a CustomEvent's detail. */
interface LinesUpdate {
  action?: string;
  promise?: Promise<{ userErrors?: unknown[] } | null | undefined>;
}

/** Wraps fetch and XMLHttpRequest.open to see successful requests to cart/add; the page's requests go on unchanged. */
function patch(win: Window, emit: () => void): void {
  const host = win as Window & { fetch: typeof fetch };
  const origFetch = host.fetch;
  if (origFetch) {
    host.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      const response = origFetch.call(this ?? win, input, init);
      try {
        if (ADD.test(typeof input == "string" ? input : (input as Request).url || String(input)))
          response.then(
            (r) => r.ok && emit(),
            () => {},
          );
      } catch {
        /* never disturb the page's own request */
      }
      return response;
    } as typeof fetch;
  }
  const xhrProto = (win as Window & { XMLHttpRequest?: typeof XMLHttpRequest }).XMLHttpRequest?.prototype;
  if (xhrProto) {
    const open = xhrProto.open;
    xhrProto.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      if (ADD.test(String(args[1]))) this.addEventListener("load", () => this.status < 300 && emit());
      return (open as (...a: unknown[]) => void).apply(this, args);
    } as typeof xhrProto.open;
  }
}

/** Whether DOMContentLoaded has been handled (so Shopify's actions and the theme's configuration of them are in place). */
function loaded(win: Window): boolean {
  if (win.document.readyState == "complete") return true;
  const nav = win.performance?.getEntriesByType?.("navigation")?.[0] as PerformanceNavigationTiming | undefined;
  return !!nav?.domContentLoadedEventEnd;
}

/**
 * Watches the page's adds to cart; returns a subscribe function. The
 * standard event counts once its promise settles without userErrors (it
 * fires when the add starts); the patched requests once they succeed.
 */
export function watchCartAdds(win: Window): (listener: () => void) => () => void {
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const doc = win.document;
  // Set by the first standard event: from then on the patch (if any) stays quiet, so one add counts once.
  let standard = false;
  doc.addEventListener("shopify:cart:lines-update", (event) => {
    const update = ("action" in event ? event : ((event as CustomEvent).detail ?? {})) as LinesUpdate;
    if (update.action !== "add") return;
    standard = true;
    Promise.resolve(update.promise).then(
      (r) => !r?.userErrors?.length && emit(),
      () => {},
    );
  });
  let decided = false;
  const decide = () => {
    if (decided) return;
    decided = true;
    if (!standard && !themeActions(win)) patch(win, () => !standard && emit());
  };
  if (loaded(win)) decide();
  else {
    win.addEventListener("DOMContentLoaded", decide, { once: true });
    win.addEventListener("load", decide, { once: true });
  }
  return (l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
}
