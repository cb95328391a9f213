/**
 * Product search in a store's Admin API for the CTA editor: the merchant's
 * words become a Shopify search query (escaped, so typed syntax cannot
 * widen it), and the answer becomes the editor's ProductHit shape.
 */
import type { ProductSearchPage } from "#app/view/store-products";
import { adminGraphql, type AdminGraphqlOptions } from "./admin-graphql.server";
import { PRODUCT_SEARCH_QUERY, type BeckonProductSearchQuery } from "./operations";

export const PRODUCTS_PER_PAGE = 10;
export const MAX_SEARCH_CHARS = 100;

/** Characters Shopify's search syntax gives a meaning; a backslash makes them literal. */
const SEARCH_SPECIAL = /[\\:()"'<>=*!^~{}[\]|&-]/g;

/**
 * The search query for the merchant's words: each word literal and matched
 * as a prefix (so "kaff" finds "Kaffe"), all words required, active products only.
 */
export function productSearchQuery(words: string): string | null {
  const terms = words
    .normalize("NFC")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10)
    .map((w) => `${w.replace(SEARCH_SPECIAL, (c) => `\\${c}`)}*`);
  return terms.length ? terms.join(" ") : null;
}

/** The editor's page of results from the Admin API's answer. */
export function toSearchPage(data: BeckonProductSearchQuery): ProductSearchPage {
  return {
    products: data.products.nodes.map((product) => ({
      id: product.id,
      title: product.title,
      handle: product.handle,
      image: product.featuredMedia?.preview?.image?.url ?? null,
      imageAlt: product.featuredMedia?.preview?.image?.altText ?? null,
      priceMin: product.priceRangeV2.minVariantPrice.amount,
      priceMax: product.priceRangeV2.maxVariantPrice.amount,
      currency: product.priceRangeV2.minVariantPrice.currencyCode,
      variantsCount: product.variantsCount?.count ?? product.variants.nodes.length,
      variants: product.variants.nodes.map((variant) => ({
        id: variant.id,
        title: variant.title,
        price: variant.price,
        available: variant.availableForSale,
        image: variant.image?.url ?? null,
      })),
    })),
    pageInfo: { hasNextPage: data.products.pageInfo.hasNextPage, endCursor: data.products.pageInfo.endCursor },
  };
}

/** One page of the shop's active products matching the words (all of them, by title, when there are none). */
export async function searchProducts(
  connection: AdminGraphqlOptions,
  words: string,
  after: string | null,
): Promise<ProductSearchPage> {
  const terms = productSearchQuery(words);
  const data = await adminGraphql(connection, PRODUCT_SEARCH_QUERY, {
    first: PRODUCTS_PER_PAGE,
    after,
    query: terms ? `${terms} status:active` : "status:active",
    sortKey: terms ? "RELEVANCE" : "TITLE",
  });
  return toSearchPage(data);
}
