/** Beckon for headless React storefronts (Hydrogen and others): CTAs that add to the app's Storefront API cart. */
export { BeckonProvider, BeckonContext, defaultRuntime, type BeckonProviderProps, type BeckonContextValue } from "./BeckonProvider";
export { BeckonCta, type BeckonCtaProps } from "./BeckonCta";
export { useBeckon } from "./useBeckon";
