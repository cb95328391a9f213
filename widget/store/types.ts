/**
 * Types shared by the store modules: the Product and Cart of SPEC 3, the one
 * cart adapter interface both integrations implement (Ajax cart.js and
 * Storefront GraphQL), and the Result every adapter call returns instead of
 * throwing. Prices are integer cents everywhere (Shopify's Ajax unit); a cart's
 * value is in currency units (cents / 100, SPEC 9).
 */

/** What an adapter call answers: never a throw, so a failed add cannot break a CTA. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: StoreError };

/** A failure in words; status and description come from the store when it sent them (422 cart errors). */
export interface StoreError {
  message: string;
  status?: number;
  description?: string;
  /**
   * Why the cart refused, when it said: the Storefront API's CartErrorCode or
   * CartWarningCode (MERCHANDISE_OUT_OF_STOCK, INVALID_INCREMENT, ...), or
   * NOT_ADDED when a cart that reports no reasons answered without the line.
   * The shopper's text for it comes from cart-refusal.ts.
   */
  code?: string;
}

/** Where a product in a feed came from (also sent as product_source with Add To Cart). */
export type ProductSourceType = "manual" | "recommendations" | "filter" | "collection" | "cart" | "headless";

export interface SelectedOption {
  name: string;
  value: string;
}

export interface ProductOption {
  name: string;
  values: string[];
}

export interface ProductVariant {
  id: string;
  /** "Product - Variant" (the product title for a single default variant). */
  name: string;
  title: string;
  /** Cents. */
  price: number;
  price_currency: string;
  available: boolean;
  image: string | null;
  selected_options: SelectedOption[];
  /** Cents, or null when the variant is not on sale. */
  compare_at_price: number | null;
}

/** How a selling plan changes the price: percentage off, a fixed amount off (cents), or a fixed price (cents). */
export interface SellingPlanPriceAdjustment {
  value_type: "percentage" | "fixed_amount" | "price";
  value: number;
}

export interface SellingPlan {
  id: string;
  name: string;
  description: string | null;
  price_adjustments: SellingPlanPriceAdjustment[];
}

/** A selling plan group (a subscription offer) with its plans. */
export interface Subscription {
  id: string;
  name: string;
  sellingPlans: SellingPlan[];
}

/** The product of SPEC 3, whatever the integration that produced it. */
export interface Product {
  id: string;
  handle: string;
  title: string;
  type: string;
  /** Cents (the first or chosen variant's). */
  price: number;
  compare_at_price: number | null;
  /** HTML as the store gives it. */
  description: string;
  image: string | null;
  imageList: string[];
  featured_image: string | null;
  available: boolean;
  options: ProductOption[];
  variants: ProductVariant[];
  subscriptions: Subscription[];
  requires_selling_plan: boolean;
  /** The product page (relative to the shop root for the Ajax integration). */
  redirect_url: string;
  source: ProductSourceType;
  /** True when the entry stands for one chosen variant rather than the whole product. */
  is_variant: boolean;
}

export interface CartLine {
  /** The line's own id: the Ajax line key, or the Storefront CartLine gid. */
  id: string;
  variantId: string;
  quantity: number;
  /** Cents for the whole line. */
  linePrice: number;
  sellingPlanId: string | null;
  product: { id: string; handle: string; title: string };
}

export interface DiscountCode {
  code: string;
  applicable: boolean;
}

/** The cart of SPEC 3: value in currency units, count of items, lines. */
export interface Cart {
  /** The Ajax cart token or the Storefront cart gid ('' when no cart exists yet). */
  id: string;
  /** Currency units (the Ajax total_price in cents / 100). */
  value: number;
  count: number;
  currency: string;
  lines: CartLine[];
  discountCodes: DiscountCode[];
  checkoutUrl: string;
}

/** One line to add; ids may be numeric ("4610…") or Shopify gids, adapters convert. */
export interface CartLineInput {
  variantId: string;
  quantity: number;
  sellingPlanId?: string | null;
}

export interface AddResult {
  cart: Cart;
  /** The lines the store reports as added (merged lines carry the new total quantity). */
  added: CartLine[];
  /**
   * True when the page still shows the cart as it was (an add with `show` on
   * a theme whose cart nothing refreshed): the caller reloads the page once
   * the add is tracked.
   */
  reload?: boolean;
}

export interface AddOptions {
  /**
   * The shopper stays on the page: the theme's own cart (drawer, header count)
   * shows the add (theme-cart.ts; the Ajax integration on a Shopify theme).
   */
  show?: boolean;
}

export type CartAction = "add" | "remove" | "clear" | "discount";

/** Reading products, the same for both integrations; sources.ts builds feeds on it. */
export interface ProductCatalog {
  /** A product by handle; a missing one fails with the message "Product not found" (SPEC 8). */
  product(handle: string): Promise<Result<Product>>;
  recommendations(productId: string, opts: { limit: number; intent: RecommendationIntent }): Promise<Result<Product[]>>;
  /** Products matching any of the terms (the filter source: quiz answers); unavailable ones are left out unless asked. */
  search(terms: string[], opts: { limit: number; showUnavailable?: boolean }): Promise<Result<Product[]>>;
  /** A collection's products, deduplicated by handle and trimmed to the limit. */
  collection(handle: string, opts: { limit: number }): Promise<Result<Product[]>>;
}

export type RecommendationIntent = "related" | "complementary";

/** The cart operations of SPEC 4, implemented by ajax-cart.ts and storefront-cart.ts. */
export interface CartAdapter {
  readonly integration: "shopify" | "storefront";
  getCart(): Promise<Result<Cart>>;
  /** Adds lines in order; serialized with apply-discount (SPEC 4 Store operations). */
  addLines(lines: CartLineInput[], opts?: AddOptions): Promise<Result<AddResult>>;
  /** Removes one line by its CartLine id. */
  removeLine(lineId: string): Promise<Result<Cart>>;
  clear(): Promise<Result<Cart>>;
  /** Applies a discount code to the cart; serialized with add. */
  applyDiscount(code: string): Promise<Result<Cart>>;
  /** True while a cart write of this adapter is queued or running, or another holder of its lock writes (the redirect flow waits on it). */
  busy?(): boolean;
  /** Where "view cart" goes. */
  cartUrl(): string;
  /** Where "checkout" goes (the Storefront cart's checkoutUrl once a cart exists). */
  checkoutUrl(): Promise<Result<string>>;
}

/** Session data of SPEC 3 the store modules share (adding_to_cart, cart_created, cart by integration). */
export interface StoreSession {
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
}

/** Timers, injectable so serialization and polling are tested with fake clocks. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  now(): number;
}
