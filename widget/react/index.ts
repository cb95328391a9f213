/**
 * Beckon for headless React storefronts (Hydrogen and others): CTAs that add
 * to the storefront's cart, hydrogen-react's CartProvider when there is one,
 * else a Storefront API cart (the storefront's own with `cartId`), or an app
 * server's cart (Hydrogen's cart handler) through its CartForm route.
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
export { type ServerCartProps } from "./BeckonProvider";
export { createServerCart, type ServerCart, type ServerCartHandler, type ServerCartOptions } from "./server-cart";
export {
  CART_FORM_ACTIONS,
  CART_FORM_INPUT,
  cartFormData,
  fromServerCart,
  readCartAnswer,
  type CartAttribute,
  type CartFormAction,
  type CartFormInputs,
  type CartFormLine,
} from "./cart-form";
// What a storefront's server fetches for the components, and the types of what they take.
export { beckonConfigUrl, fetchBeckonConfig, fetchBeckonCta, type BeckonFetchOptions } from "./server-data";
export type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
export type { CtaDocument } from "#contract/schema/cta";
export type { StorefrontCartConfig } from "#widget/store/storefront-cart";
