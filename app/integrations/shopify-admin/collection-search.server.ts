/**
 * Collection search in a store's Admin API for the CTA editor's product
 * feed: the merchant's words become a title search (escaped like the
 * product search, so typed syntax cannot widen it), and the answer becomes
 * the editor's CollectionHit shape.
 */
import type { CollectionSearchPage } from "#app/view/store-products";
import { adminGraphql, type AdminGraphqlOptions } from "./admin-graphql.server";
import { COLLECTION_SEARCH_QUERY, type BeckonCollectionSearchQuery } from "./operations";
import { PRODUCTS_PER_PAGE, productSearchQuery } from "./product-search.server";

export const COLLECTIONS_PER_PAGE = PRODUCTS_PER_PAGE;

/** The search query for the merchant's words: each word literal, matched anywhere in the title ("title:*kaff*"), all required. */
export function collectionSearchQuery(words: string): string | null {
  const terms = productSearchQuery(words);
  if (!terms) return null;
  // productSearchQuery escapes each word and ends it with "*"; a title search matches it inside words too.
  return terms
    .split(" ")
    .map((t) => `title:*${t}`)
    .join(" ");
}

/** The editor's page of collections from the Admin API's answer. */
export function toCollectionPage(data: BeckonCollectionSearchQuery): CollectionSearchPage {
  return {
    collections: data.collections.nodes.map((collection) => ({
      id: collection.id,
      handle: collection.handle,
      title: collection.title,
      image: collection.image?.url ?? null,
      imageAlt: collection.image?.altText ?? null,
      productsCount: collection.productsCount?.count ?? null,
    })),
    pageInfo: { hasNextPage: data.collections.pageInfo.hasNextPage, endCursor: data.collections.pageInfo.endCursor },
  };
}

/** One page of the shop's collections whose titles hold the words (all of them, by title, when there are none). */
export async function searchCollections(
  connection: AdminGraphqlOptions,
  words: string,
  after: string | null,
): Promise<CollectionSearchPage> {
  const query = collectionSearchQuery(words);
  const data = await adminGraphql(connection, COLLECTION_SEARCH_QUERY, {
    first: COLLECTIONS_PER_PAGE,
    after,
    query,
    sortKey: query ? "RELEVANCE" : "TITLE",
  });
  return toCollectionPage(data);
}
