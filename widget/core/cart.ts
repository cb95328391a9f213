/**
 * The store cart as targeting sees it: the app embed's hints and the cart
 * value (the cart_value condition and the add-to-cart trigger). The moment
 * the page adds to the cart is the extras chunk's (extras/cart-adds.ts); the
 * renderer's store adapters (widget/store) do the cart operations. Only
 * readShop is in the loader.
 */
import { requestJson, type FetchFn } from "./api";

/** What the Shopify app embed hands over (contract/schema/shop-context.ts), the few fields read here. */
export interface ShopHints {
  root_url?: string;
  cart?: { total_price?: number };
  country?: string | null;
  design_mode?: boolean;
  /** A customer is logged in (their details come from the app proxy: extras/customer.ts). */
  logged_in?: boolean;
}

/**
 * The app embed's inline JSON, or null off Shopify. The missing element is
 * checked, not caught: a first exception costs the page 8 to 30 ms of the
 * widget's start at 4x CPU (performance marks around this read).
 */
export function readShop(doc: Document): ShopHints | null {
  const json = doc.getElementById("beckon-shop-context")?.textContent;
  try {
    return json ? (JSON.parse(json) as ShopHints) : null;
  } catch {
    return null;
  }
}

/** The cart value in units from cart.js (SPEC 9: cents divided by 100); rejects on failure or time-out. */
export const fetchCartValue = (fetchFn: FetchFn, root = "/", timeout = 2000): Promise<number> =>
  requestJson<{ total_price: number }>(fetchFn, root.replace(/\/?$/, "/") + "cart.js", undefined, timeout).then(
    (c) => c.total_price / 100,
  );
