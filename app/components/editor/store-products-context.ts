/**
 * Where the editor finds a store's products: the standalone admin's search
 * endpoint (with the owner's CSRF token), or App Bridge's resource picker
 * inside Shopify's admin. Provided once by the CTA editor.
 */
import { createContext, useContext } from "react";

export interface StoreProductsSource {
  surface: "owner" | "shopify";
  /** POST endpoint of the product search (standalone admin). */
  searchUrl: string | null;
  /** POST endpoint of a lead magnet's file upload (standalone admin); null: the owner gives a link. */
  magnetUploadUrl?: string | null;
  csrfToken: string | null;
  /** The store's currency, for prices the resource picker gives without one. */
  currency: string;
}

const StoreProducts = createContext<StoreProductsSource | null>(null);

export const StoreProductsProvider = StoreProducts.Provider;

/** The source of products, or null outside an editor that provides one. */
export function useStoreProducts(): StoreProductsSource | null {
  return useContext(StoreProducts);
}
