/**
 * The store side of conversions, in its own chunk: cart, checkout and
 * product confirmations (add the selected variants, then go on) and the
 * store actions (add to cart, remove from cart, clear cart, apply discount).
 * They use the site's store adapter (CtaRuntime.store); without one, a
 * Shopify theme page gets the Ajax adapter.
 */
import type { CtaAction } from "#contract/schema/cta";
import { warn } from "./kit";
import { createAjaxCart } from "#widget/store/ajax-cart";
import type { CartAdapter } from "#widget/store/types";

/** The store adapter to use, or null on a site without a store. */
export function storeOf(given: CartAdapter | null | undefined, win: Window = window): CartAdapter | null {
  if (given) return given;
  const shopify = (win as unknown as { Shopify?: { routes?: { root?: string }; currency?: { active?: string } } })
    .Shopify;
  return shopify ? createAjaxCart({ root: shopify.routes?.root, currency: shopify.currency?.active }) : null;
}

/** Adds the outcome's variants and goes to the cart, the checkout or the first product. */
export async function applyStoreOutcome(
  type: string,
  outcome: { variantIds: string[]; quantities: Record<string, number> },
  adapter: CartAdapter | null,
  go: (url: string) => void,
): Promise<void> {
  if (!adapter) return warn("No store for a " + type + " confirmation");
  if (outcome.variantIds.length) {
    const added = await adapter.addLines(
      outcome.variantIds.map((id) => ({ variantId: id, quantity: Math.max(1, outcome.quantities[id] ?? 1) })),
    );
    if (!added.ok) warn("Add to cart failed", added.error.message);
    if (type === "product" && added.ok && added.value.added[0]) {
      return go(
        adapter.cartUrl().replace(/cart\/?$/, "") +
          "products/" +
          encodeURIComponent(added.value.added[0].product.handle),
      );
    }
  }
  if (type === "checkout") {
    const url = await adapter.checkoutUrl();
    return go(url.ok ? url.value : adapter.cartUrl().replace(/cart\/?$/, "checkout"));
  }
  go(adapter.cartUrl());
}

/** Runs the store actions of a conversion in order; failures are logged. */
export async function runStoreActions(actions: CtaAction[], adapter: CartAdapter | null): Promise<void> {
  if (!adapter) return;
  for (const action of actions) {
    const actionData = (action.data ?? {}) as Record<string, unknown>;
    const variant = String(actionData.variant_id ?? actionData["product-variant-id"] ?? "");
    let result: { ok: boolean; error?: { message: string } } | null = null;
    // show: the theme's own cart (drawer, bubble) learns of the add; a reload it might ask for is not done, since the confirmation is showing.
    if (action.action_type === "add_to_cart" && variant)
      result = await adapter.addLines(
        [{ variantId: variant, quantity: Math.max(1, Number(actionData.quantity) || 1) }],
        {
          show: true,
        },
      );
    else if (action.action_type === "clear_cart") result = await adapter.clear();
    else if (action.action_type === "apply_discount" && actionData.code)
      result = await adapter.applyDiscount(String(actionData.code));
    else if (action.action_type === "remove_from_cart" && variant) {
      const cart = await adapter.getCart();
      const line = cart.ok
        ? cart.value.lines.find((l) => l.variantId === variant || l.variantId.endsWith("/" + variant))
        : null;
      if (line) result = await adapter.removeLine(line.id);
    }
    if (result && !result.ok) warn(action.action_type + " failed", result.error?.message);
  }
}
