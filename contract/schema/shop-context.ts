/**
 * What a Shopify storefront already knows when it renders a page, handed to
 * the widget by the theme app extension's app embed
 * (extensions/cta-embed/blocks/app-embed.liquid) as inline JSON:
 *
 *   <script type="application/json" id="beckon-shop-context">{...}</script>
 *
 * The widget reads it instead of asking cart.js or the server for the same
 * facts, so checking the cart value costs no extra round trip. It never
 * carries the customer's e-mail, name or phone (a page is cached, copied and
 * read by every script on it): only `logged_in`. What a CTA needs about a
 * logged-in customer comes from POST {proxy_path}/api/customer, answered for
 * the app proxy's signed logged_in_customer_id. Types only (plus a tolerant reader without zod), so the
 * widget can import this file without growing its bundle.
 */

/** The id of the inline JSON element the app embed renders. */
export const SHOP_CONTEXT_ELEMENT_ID = "beckon-shop-context";

/** Version of the shape below; bumped on breaking changes. */
export const SHOP_CONTEXT_VERSION = 1;

/** Shopify's request.page_type values (others may appear; treat unknown ones as "other"). */
export type ShopPageType =
  | "404"
  | "article"
  | "blog"
  | "captcha"
  | "cart"
  | "collection"
  | "list-collections"
  | "customers/account"
  | "customers/activate_account"
  | "customers/addresses"
  | "customers/login"
  | "customers/order"
  | "customers/register"
  | "customers/reset_password"
  | "gift_card"
  | "index"
  | "metaobject"
  | "page"
  | "password"
  | "policy"
  | "product"
  | "search"
  | (string & {});

export interface ShopCart {
  /**
   * The cart token when Liquid exposes it (it is not part of Shopify's
   * documented cart object), otherwise null: the widget then reads the
   * `cart` cookie, which holds the same token.
   */
  token: string | null;
  /** Total in the currency's minor unit (cents, öre): divide by 100 (SPEC 9). */
  total_price: number;
  item_count: number;
  /** ISO 4217 code of the cart currency. */
  currency: string | null;
}

/** The JSON the app embed renders. */
export interface ShopContext {
  v: typeof SHOP_CONTEXT_VERSION;
  /** shop.permanent_domain, e.g. beckon-demo.myshopify.com */
  shop: string;
  /** shop.url, e.g. https://shop.example (no trailing slash) */
  shop_url: string;
  /** routes.root_url: "/" or a locale prefix such as "/sv" */
  root_url: string;
  /** Path of the app proxy on the storefront: `/apps/beckon`. */
  proxy_path: string;
  /** Whether a customer is logged in (who it is, only the app proxy's signature says). */
  logged_in: boolean;
  cart: ShopCart;
  /** ISO 4217: the presentment currency (localization.country.currency, else the cart's, else the shop's). */
  currency: string;
  /** ISO 3166-1 alpha-2 of localization.country, e.g. SE */
  country: string | null;
  /** ISO 639-1 of request.locale, e.g. sv */
  language: string | null;
  page_type: ShopPageType;
  /** Set on product pages (and wherever a product is in scope). */
  product_handle: string | null;
  product_id: number | null;
  /** Set on collection pages. */
  collection_handle: string | null;
  /** True inside the theme editor: the widget then shows CTAs without tracking. */
  design_mode: boolean;
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * Reads the app embed's JSON, tolerating missing or odd fields (a theme may
 * strip or rewrite parts of it). Returns null when there is nothing usable.
 */
export function parseShopContext(text: string | null | undefined): ShopContext | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const context = raw as Record<string, unknown>;
  const shop = str(context.shop);
  if (!shop) return null;
  const cart = context.cart && typeof context.cart === "object" ? (context.cart as Record<string, unknown>) : {};
  return {
    v: SHOP_CONTEXT_VERSION,
    shop,
    shop_url: (str(context.shop_url) ?? `https://${shop}`).replace(/\/+$/, ""),
    root_url: str(context.root_url) ?? "/",
    proxy_path: str(context.proxy_path) ?? "/apps/beckon",
    logged_in: context.logged_in === true,
    cart: {
      token: str(cart.token),
      total_price: num(cart.total_price) ?? 0,
      item_count: num(cart.item_count) ?? 0,
      currency: str(cart.currency),
    },
    currency: str(context.currency) ?? str(cart.currency) ?? "USD",
    country: str(context.country),
    language: str(context.language),
    page_type: str(context.page_type) ?? "other",
    product_handle: str(context.product_handle),
    product_id: num(context.product_id),
    collection_handle: str(context.collection_handle),
    design_mode: context.design_mode === true,
  };
}
