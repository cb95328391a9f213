/**
 * SPEC 7 cart conversions and Add To Cart tracking data, pure.
 * track-conversion-when decides which shopper action counts as the CTA's conversion:
 * - cf-added-to-cart (the default): adding to the cart;
 * - cf-link-clicked-or-added-to-cart: adding, or clicking a product link;
 * - cf-clicking-through-to-cart: only clicking through to the cart or checkout.
 */
import type { Product, ProductVariant } from "./types";

export type TrackConversionWhen =
  | "cf-added-to-cart"
  | "cf-link-clicked-or-added-to-cart"
  | "cf-clicking-through-to-cart";

export type CartConversionAction = "added-to-cart" | "link-clicked" | "clicked-through-to-cart";

/** Whether an action counts as a conversion under the CTA's track-conversion-when setting. */
export function isCartConversion(
  mode: TrackConversionWhen | string | null | undefined,
  action: CartConversionAction,
): boolean {
  switch (mode) {
    case "cf-link-clicked-or-added-to-cart":
      return action === "added-to-cart" || action === "link-clicked";
    case "cf-clicking-through-to-cart":
      return action === "clicked-through-to-cart";
    default:
      return action === "added-to-cart";
  }
}

/** The data of an Add To Cart event (SPEC 7): product_id, product_name, product_variant, product_price (currency units), product_source. */
export function addToCartEventData(
  product: Product,
  variant: ProductVariant | undefined,
): {
  product_id: string;
  product_name: string;
  product_variant: string;
  product_price: number;
  product_source: string;
} {
  return {
    product_id: product.id,
    product_name: product.title,
    product_variant: variant?.id ?? "",
    product_price: (variant?.price ?? product.price) / 100,
    product_source: product.source,
  };
}
