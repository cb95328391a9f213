/**
 * The storefront paths of SPEC 2 and 7, built from the shop root (the
 * Shopify.routes.root prefix: "/" or "/en/" on a localized store; tests pass an
 * absolute root). Pure: no network.
 */

/** The root with exactly one trailing slash; "/" when absent. */
export function normalizeRoot(root?: string | null): string {
  if (!root) return "/";
  return root.endsWith("/") ? root : root + "/";
}

/** The path part of a root, for redirect parameters (Shopify only follows relative ones). */
export function rootPath(root: string): string {
  const normalized = normalizeRoot(root);
  if (normalized.startsWith("/")) return normalized;
  try {
    return new URL(normalized).pathname;
  } catch {
    return "/";
  }
}

const enc = encodeURIComponent;

export const cartJsUrl = (root: string) => `${normalizeRoot(root)}cart.js`;
export const cartAddUrl = (root: string) => `${normalizeRoot(root)}cart/add.js`;
export const cartChangeUrl = (root: string) => `${normalizeRoot(root)}cart/change.js`;
export const cartClearUrl = (root: string) => `${normalizeRoot(root)}cart/clear.js`;

/** GET products/{handle}.js */
export const productJsUrl = (root: string, handle: string) => `${normalizeRoot(root)}products/${enc(handle)}.js`;

/** GET recommendations/products.json?product_id=&limit=&intent= */
export function recommendationsUrl(root: string, productId: string, limit: number, intent: string): string {
  return `${normalizeRoot(root)}recommendations/products.json?product_id=${enc(productId)}&limit=${limit}&intent=${enc(intent)}`;
}

/**
 * GET search/suggest.json with the query string of SPEC 7, brackets unencoded as
 * Shopify documents them. unavailable: "hide" (SPEC 7) or "last" when a feed shows
 * unavailable products.
 */
export function searchSuggestUrl(
  root: string,
  query: string,
  limit: number,
  unavailable: "hide" | "last" | "show" = "hide",
): string {
  return (
    `${normalizeRoot(root)}search/suggest.json?q=${enc(query)}&resources[type]=product&limit=${limit}` +
    `&resources[options][unavailable_products]=${unavailable}` +
    `&resources[options][fields]=title,product_type,variants.title,tag`
  );
}

/**
 * The theme sections a collection's products are read from: Dawn's product
 * grid (and that of the themes built on Dawn), Horizon's collection section,
 * the vintage themes' collection template. A theme without any of them
 * renders them as null.
 */
export const COLLECTION_SECTIONS = ["main-collection-product-grid", "main-collection", "collection-template"];

/**
 * GET collections/{handle}?sections=…: the Section Rendering API renders the
 * sections in the collection page's context (at most five a request).
 */
export const collectionSectionsUrl = (root: string, handle: string, sections = COLLECTION_SECTIONS) =>
  `${normalizeRoot(root)}collections/${enc(handle)}?sections=${sections.slice(0, 5).map(enc).join(",")}`;

/**
 * The product handles a rendered section links to (/products/{handle} in an
 * href, also under /collections/{c}/ or a locale), in page order, each once.
 * Image URLs (src, srcset) are not links, so CDN paths never count.
 */
export function linkedHandles(html: string): string[] {
  const found: string[] = [];
  for (const [, , href] of html.matchAll(/\shref\s*=\s*(["'])(.*?)\1/gi)) {
    const match = /\/products\/([^/?#."'\s]+)/.exec(href.replace(/&amp;/g, "&"));
    if (!match) continue;
    let handle = match[1];
    try {
      handle = decodeURIComponent(handle);
    } catch {
      /* as written */
    }
    if (!found.includes(handle)) found.push(handle);
  }
  return found;
}

/** /discount/{code}?redirect={path}: applies the code (a cookie) and redirects. */
export function discountUrl(root: string, code: string, redirect: string): string {
  return `${normalizeRoot(root)}discount/${enc(code)}?redirect=${redirect}`;
}

export type RedirectTo = "cart" | "checkout" | "product";

/**
 * The redirect targets of SPEC 2 after add to cart: /cart, /checkout or
 * /products/{handle}, through /discount/{code}?redirect=… when a code applies.
 */
export function redirectTarget(
  root: string,
  to: RedirectTo,
  opts: { handle?: string; discountCode?: string | null } = {},
): string {
  const rel = to === "cart" ? "cart" : to === "checkout" ? "checkout" : `products/${enc(opts.handle ?? "")}`;
  if (opts.discountCode) return discountUrl(root, opts.discountCode, rootPath(root) + rel);
  return normalizeRoot(root) + rel;
}

function pathnameOf(url: string): string {
  try {
    return new URL(url, "http://localhost").pathname;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

/**
 * SPEC 2: a cart page (URL contains /cart) suppresses the add-to-cart trigger.
 * Matched on the path at a segment boundary, so /cart, /en/cart and /cart/ count
 * and /collections/cartoons does not.
 */
export function isCartPage(url: string): boolean {
  return /\/cart(?:[/.]|$)/.test(pathnameOf(url));
}

/** SPEC 2: the collection merge value, from a /collections/{name} path segment; null elsewhere. */
export function collectionFromPath(url: string): string | null {
  const match = /\/collections\/([^/]+)/.exec(pathnameOf(url));
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
