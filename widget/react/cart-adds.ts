/**
 * The headless add-to-cart trigger: hears adds to the storefront's cart, as
 * the loader's watchCartAdds hears Ajax adds on a theme. Under a CartProvider
 * any add counts (the storefront's own Add to Cart buttons too): a settled
 * state reached through "creating" or "updating" with more items than the
 * previous settled one. A cart loaded from storage ("fetching") is no add.
 * With Beckon's Storefront cart, its adds report themselves.
 */
import { warn } from "#widget/core/log";
import type { Cart } from "#widget/store/types";
import { fromCartProviderState, type CartProviderState } from "./cart-provider-cart";

export type CartAddListener = (cart: Cart) => void;

export interface CartAdds {
  /** Calls the listener after each add; answers the unsubscribe. */
  subscribe(listener: CartAddListener): () => void;
  emit(cart: Cart): void;
  /** Feeds a CartProvider state; emits when it completes an add. */
  observe(state: CartProviderState): void;
}

export function createCartAdds(): CartAdds {
  const listeners = new Set<CartAddListener>();
  let settledCount: number | null = null;
  let via: CartProviderState["status"] | null = null;
  const emit = (cart: Cart) => {
    for (const listener of [...listeners]) {
      try {
        listener(cart);
      } catch (e) {
        warn("A cart add listener threw", e);
      }
    }
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit,
    observe(state) {
      if (state.status !== "idle" && state.status !== "uninitialized") {
        via = state.status;
        return;
      }
      const count = state.totalQuantity ?? 0;
      const added = settledCount !== null && count > settledCount && (via === "creating" || via === "updating");
      settledCount = count;
      via = null;
      if (added) emit(fromCartProviderState(state));
    },
  };
}
