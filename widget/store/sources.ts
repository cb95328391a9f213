/**
 * Product feeds (SPEC 4 Product feed, SPEC 9 products shown): where a products
 * element gets its products, on either integration's catalog. A product that is
 * not found is hidden; one with no available variant is hidden unless the CTA
 * shows unavailable products; at most products-limit (default 3) are shown.
 */
import { debug } from "#widget/core/debug";
import { warn } from "#widget/core/log";
import { DEFAULT_PRODUCTS_LIMIT } from "./constants";
import { numericId } from "./ids";
import { asVariantProduct, hasAvailableVariant } from "./product";
import { ok } from "./result";
import type { CartAdapter, Product, ProductCatalog, RecommendationIntent, Result } from "./types";

export { collectionFromPath } from "./paths";

export type FeedSource =
  /** Chosen products by handle; variantIds narrows entries to chosen variants (is_variant). */
  | { type: "manual"; handles: string[]; variantIds?: string[] }
  | { type: "recommendations"; productId: string; intent?: RecommendationIntent }
  /** Search suggest filtered by the shopper's quiz answers. */
  | { type: "filter"; answers: string[] }
  | { type: "collection"; handle: string }
  /** Related to what is in the cart. */
  | { type: "cart"; intent?: RecommendationIntent };

export interface FeedOptions {
  /** products-limit; SPEC 9 default 3. */
  limit?: number | null;
  /** Show products with no available variant (sold out) instead of hiding them. */
  showUnavailable?: boolean;
  /** The cart, for the cart source. */
  cart?: CartAdapter;
}

/** SPEC 4: a product is shown when it has an available variant, or unavailable products are enabled. */
export const isShown = (product: Product, showUnavailable = false): boolean =>
  showUnavailable || hasAvailableVariant(product);

const dedupe = (products: Product[]) => {
  const seen = new Set<string>();
  return products.filter((p) => !seen.has(p.handle) && !!seen.add(p.handle));
};

/** The search terms of the filter source: the answers, trimmed, empty ones dropped, each once. */
export const filterTerms = (answers: readonly string[]): string[] => [
  ...new Set(answers.map((a) => a.trim()).filter(Boolean)),
];

/** Loads a feed's products: fetched, not-found ones skipped, hidden ones filtered, deduplicated, trimmed to the limit. */
export async function loadFeed(
  catalog: ProductCatalog,
  source: FeedSource,
  opts: FeedOptions = {},
): Promise<Result<Product[]>> {
  const limit = opts.limit && opts.limit > 0 ? Math.floor(opts.limit) : DEFAULT_PRODUCTS_LIMIT;
  const finish = (products: Product[]) =>
    ok(dedupe(products.filter((p) => isShown(p, opts.showUnavailable))).slice(0, limit));

  switch (source.type) {
    case "manual": {
      const results = await Promise.all(source.handles.map((h) => catalog.product(h)));
      let products: Product[] = results.flatMap((r) => (r.ok ? [{ ...r.value, source: "manual" as const }] : []));
      if (source.variantIds?.length) {
        const wanted = source.variantIds.map(numericId);
        products = products.flatMap((product) =>
          wanted.flatMap((id) => {
            const entry = asVariantProduct(product, id);
            return entry ? [entry] : [];
          }),
        );
        // Variant entries share a handle; only whole products are deduplicated by it.
        return ok(products.filter((p) => isShown(p, opts.showUnavailable)).slice(0, limit));
      }
      return finish(products);
    }
    case "recommendations": {
      const result = await catalog.recommendations(source.productId, { limit, intent: source.intent ?? "related" });
      return result.ok ? finish(result.value) : result;
    }
    case "filter": {
      const terms = filterTerms(source.answers);
      if (!terms.length) return ok([]);
      const result = await catalog.search(terms, { limit, showUnavailable: opts.showUnavailable });
      return result.ok ? finish(result.value) : result;
    }
    case "collection": {
      const result = await catalog.collection(source.handle, { limit });
      if (!result.ok) warn(`collection ${source.handle} failed to load: ${result.error.message}`);
      return result.ok ? finish(result.value) : result;
    }
    case "cart": {
      if (!opts.cart) return ok([]);
      const cart = await opts.cart.getCart();
      if (!cart.ok) {
        debug(`cart failed to load: ${cart.error.message}`);
        return cart;
      }
      const first = cart.value.lines[0];
      if (!first) return ok([]);
      const inCart = new Set(cart.value.lines.map((l) => l.product.handle));
      const result = await catalog.recommendations(first.product.id, {
        limit: limit + inCart.size,
        intent: source.intent ?? "related",
      });
      return result.ok
        ? finish(result.value.filter((p) => !inCart.has(p.handle)).map((p) => ({ ...p, source: "cart" as const })))
        : result;
    }
  }
}
