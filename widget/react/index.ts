/**
 * Beckon for headless React storefronts (Hydrogen and others): CTAs that add
 * to the storefront's cart, hydrogen-react's CartProvider when there is one,
 * else a Storefront API cart (the storefront's own with `cartId`).
 */
export {
  BeckonProvider,
  BeckonContext,
  defaultRuntime,
  type BeckonProviderProps,
  type BeckonContextValue,
} from "./BeckonProvider";
export { BeckonCta, type BeckonCtaProps } from "./BeckonCta";
export { useBeckon } from "./useBeckon";
export { createCartProviderCart, fromCartProviderState, type CartProviderState } from "./cart-provider-cart";
