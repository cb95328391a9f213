import { useContext } from "react";
import { BeckonContext, type BeckonContextValue } from "./BeckonProvider";

/** The provider's config, Storefront cart and runtime; throws outside a BeckonProvider. */
export function useBeckon(): BeckonContextValue {
  const value = useContext(BeckonContext);
  if (!value) throw new Error("[beckon] useBeckon needs a <BeckonProvider> around it");
  return value;
}
