/**
 * The theme's own cart after a CTA adds to it: a Shopify theme shows the cart
 * in its header (the count) and often in a drawer, and an add the theme did
 * not make leaves both stale. After a CTA's add (the Ajax adapter's addLines
 * with `show`), in order:
 * 1. Shopify's standard storefront actions, when the theme has configured
 *    them (Shopify injects default ones on every Liquid storefront; a theme
 *    that configures them renders its own cart): the add goes through
 *    Shopify.actions.updateCart, which refreshes the theme's cart and emits
 *    the standard cart events, and Shopify.actions.openCart shows it.
 * 2. Dawn and the themes built on it: a <cart-notification> or <cart-drawer>
 *    element with renderContents(). The add asks for the element's sections
 *    (bundled section rendering: `sections` and `sections_url` with
 *    cart/add.js, as Dawn's product form does) and hands the answer to
 *    renderContents, which replaces the sections and opens the drawer or
 *    notification; Dawn's `cart-update` publication tells its other cart
 *    parts (the cart page's items) to refresh.
 * 3. Otherwise a cancelable `cart:refresh` event (on <html>, bubbling, the
 *    cart.js JSON in detail.cart) tells any theme script that refreshes its
 *    cart on it; a script that did so calls preventDefault().
 * 4. When nothing of the above took care of it and the page shows a cart (a
 *    link to the cart page, or Dawn's #cart-icon-bubble), the page reloads,
 *    once the add is tracked (the caller's part: AddResult.reload).
 * A discount code the adapter applies brings no sections: showChange tells the
 * theme by Dawn's `cart-update` and by `cart:refresh`, so a drawer an earlier
 * add rendered shows the total after the discount.
 * Only browsers: without a document nothing here runs.
 */

type Action = ((...args: any[]) => Promise<any>) & { isDefault?(): boolean };

/** Shopify's standard storefront actions (the two a CTA's add uses). */
export interface StorefrontActions {
  updateCart: Action;
  openCart?: Action;
}

/** Dawn's cart elements (cart-drawer.js, cart-notification.js): the methods its product form calls. */
interface DawnCart extends HTMLElement {
  renderContents(state: unknown): void;
  getSectionsToRender(): { id: string }[];
  setActiveElement?(element: Element | null): void;
}

type ThemeWindow = Window & {
  Shopify?: { actions?: Partial<StorefrontActions> };
  /** Dawn's pub/sub (pubsub.js). */
  publish?: (event: string, data: unknown) => unknown;
};

/** Whether the theme has replaced an action's default handler (isDefault() is false once it has). */
export const configured = (f: unknown): boolean => typeof f == "function" && (f as Action).isDefault?.() === false;

/**
 * Shopify.actions when the theme has configured updateCart or openCart: a
 * theme that implements the standard storefront actions renders its own
 * cart and dispatches the standard cart events (shopify:cart:lines-update)
 * for its own adds. Null otherwise (no actions, or only Shopify's defaults,
 * whose updateCart reloads the page on a theme it does not recognize).
 */
export function themeActions(win: Window): StorefrontActions | null {
  const actions = (win as ThemeWindow).Shopify?.actions;
  return actions &&
    typeof actions.updateCart == "function" &&
    (configured(actions.updateCart) || configured(actions.openCart))
    ? (actions as StorefrontActions)
    : null;
}

/** Dawn's cart element, found as Dawn's product form finds it (the notification first). */
export function dawnCart(doc: Document): DawnCart | null {
  const el = (doc.querySelector("cart-notification") || doc.querySelector("cart-drawer")) as DawnCart | null;
  return el && typeof el.renderContents == "function" && typeof el.getSectionsToRender == "function" ? el : null;
}

/** Where a page shows its cart: Dawn's header icon, or any link to the cart page. */
const CART_SHOWN = '#cart-icon-bubble,a[href$="/cart"]';

/**
 * The fields cart/add.js takes beside the items for the theme's cart: the
 * Dawn element's section ids and the page they render for (bundled section
 * rendering). Remembers the element that has focus, for Dawn to give it back
 * when the drawer closes. Empty without such an element.
 */
export function sectionFields(win: Window): { sections?: string; sections_url?: string } {
  const el = dawnCart(win.document);
  if (!el) return {};
  try {
    const ids = el.getSectionsToRender().map((s) => s.id);
    el.setActiveElement?.(win.document.activeElement);
    return ids.length ? { sections: ids.join(","), sections_url: win.location.pathname } : {};
  } catch {
    return {};
  }
}

/**
 * Shows an add in the theme (steps 2 to 4 above). `state` is Dawn's
 * "parsed state": the cart/add.js answer for the first line added, with the
 * rendered sections; `cart` is cart.js after the add. Answers true when the
 * page still shows a stale cart and should reload.
 */
export function showAdd(
  win: Window,
  state: { sections?: Record<string, string | null> | null } & Record<string, unknown>,
  cart: { items?: { variant_id?: unknown }[] } | null,
): boolean {
  const doc = win.document;
  const el = dawnCart(doc);
  if (el && state.sections) {
    try {
      el.renderContents(state);
      // Dawn's product form does the same once an add went through.
      el.classList.remove("is-empty");
      publishCartUpdate(win, cart, { productVariantId: String(cart?.items?.[0]?.variant_id ?? "") });
      return false;
    } catch {
      /* a section the theme did not render: on to the event and the reload */
    }
  }
  return !dispatchCartRefresh(win, cart) && !!doc.querySelector(CART_SHOWN);
}

/**
 * Shows a change that brings no sections of its own (a discount code) in the
 * theme: Dawn's `cart-update` publication, on which its cart drawer and cart
 * page render the cart again, and the `cart:refresh` event for other themes.
 * Without it a drawer rendered by an earlier add keeps the total from before
 * the discount.
 */
export function showChange(win: Window, cart: unknown): void {
  publishCartUpdate(win, cart, {});
  dispatchCartRefresh(win, cart);
}

/** Dawn's pub/sub `cart-update` (pubsub.js), when the theme has it. */
function publishCartUpdate(win: Window, cart: unknown, extra: Record<string, unknown>): void {
  try {
    (win as ThemeWindow).publish?.("cart-update", { source: "beckon", ...extra, cartData: cart });
  } catch {
    /* a subscriber's failure is the theme's own */
  }
}

/** The cancelable `cart:refresh` event on <html>; true when a theme script handled it (preventDefault). */
function dispatchCartRefresh(win: Window, cart: unknown): boolean {
  const refresh = new (win as Window & { CustomEvent: typeof CustomEvent }).CustomEvent("cart:refresh", {
    bubbles: true,
    cancelable: true,
    detail: { cart, source: "beckon" },
  });
  return !win.document.documentElement.dispatchEvent(refresh);
}
