/**
 * The demo store's storefront under `npm start`: one in-memory storefront
 * (demo/store/server/storefront.ts) per server process, mounted at
 * /demo/store/ by scripts/serve.ts, so the widget's store adapters reach
 * cart.js, cart/add.js, products/{handle}.js and the rest on the same origin
 * as the page, as on a Shopify store. Its HTML pages (/demo/store and
 * /demo/store/cart) are Remix routes that embed the widget.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { DEMO_STORE_PRODUCTS } from "#prisma/seed-data/demo-store-products";
import { createStorefront } from "./storefront";
import type { Storefront } from "./storefront-types";
import type { ShopDiscountLookup } from "./carts";
import type { ThemeData } from "./theme-pages";

/** Where the demo store lives; Shopify.routes.root on its pages. */
export const DEMO_STORE_ROOT = "/demo/store/";

const prefixed = (src: string | null | undefined) =>
  src && src.startsWith("/") ? DEMO_STORE_ROOT.slice(0, -1) + src : (src ?? null);

/** The seed catalogue with its shop-relative image paths moved under the demo store's root. */
export function demoStoreCatalog() {
  return DEMO_STORE_PRODUCTS.map((product) => ({
    ...product,
    images: product.images.map((src) => prefixed(src)!),
    featured_image: prefixed(product.featured_image),
    variants: product.variants.map((v) => ({ ...v, featured_image: prefixed(v.featured_image) })),
  }));
}

let storefront: Promise<Storefront> | null = null;

/** What the server tells the demo store of the shop behind it. */
export interface DemoStoreOptions {
  /** The shop's Admin (a stand-in in tests): codes made there apply in the store's cart, as on Shopify. */
  shopDiscounts?: ShopDiscountLookup;
}

/** The process's demo storefront, created on first use (with the first caller's options). */
export function demoStorefront(options: DemoStoreOptions = {}): Promise<Storefront> {
  storefront ??= createStorefront({
    products: demoStoreCatalog() as never,
    root: DEMO_STORE_ROOT,
    record: false,
    shopDiscounts: options.shopDiscounts,
  });
  return storefront;
}

/** What the store's page templates render from: the very catalogue and collections its Ajax API serves. */
export async function demoThemeData(): Promise<ThemeData> {
  const { state } = await demoStorefront();
  return { root: DEMO_STORE_ROOT, products: state.products, collections: state.collections };
}

/**
 * The store's pages, answered by the app (Remix) rather than the storefront:
 * the front page, the cart, /collections, a collection and a product page
 * (not its .js or .json, which are the Ajax API's).
 */
export const isDemoStorePage = (path: string) =>
  /^\/?$|^\/cart\/?$|^\/collections\/?$/.test(path) ||
  (/^\/(?:collections|products)\/[^/]+\/?$/.test(path) && !/\.(?:js|json|oembed|xml)\/?$/.test(path));

/** A Section Rendering request (?sections= or ?section_id=): the storefront renders those, on any page. */
const asksForSections = (search: string) => /[?&](sections(%5B%5D|\[\])?|section_id)=/.test(search);

/**
 * Express-style middleware for app.use("/demo/store", …): the Ajax API,
 * the Section Rendering API, Storefront GraphQL, images and the rest; the
 * pages pass on to next().
 */
export function demoStoreMiddleware(options: DemoStoreOptions = {}) {
  return (req: IncomingMessage & { path?: string }, res: ServerResponse, next: (err?: unknown) => void) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (isDemoStorePage(req.path ?? url.pathname) && !asksForSections(url.search)) return next();
    demoStorefront(options).then((shop) => shop.handle(req, res), next);
  };
}
