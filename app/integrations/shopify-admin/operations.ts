/**
 * The Admin GraphQL operations Beckon runs against a store, with their
 * result types. The types are written by hand from Shopify's documented
 * response shapes (the admin product and collection search unit tests run
 * them against a fake Admin API): unlike the Storefront schema, which
 * @shopify/hydrogen-react ships and codegen.ts generates types from, no npm
 * package ships the Admin schema, and Shopify serves it only from shopify.dev.
 * Pure module: the editor imports the result shapes too.
 */

/** Money as the Admin API answers it: a decimal string and an ISO currency code. */
export interface MoneyV2 {
  amount: string;
  currencyCode: string;
}

export interface AdminImage {
  url: string;
  altText: string | null;
}

export const PRODUCT_SEARCH_QUERY = `#graphql
  query BeckonProductSearch($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys) {
    products(first: $first, after: $after, query: $query, sortKey: $sortKey) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        title
        handle
        status
        featuredMedia {
          preview {
            image {
              url
              altText
            }
          }
        }
        priceRangeV2 {
          minVariantPrice {
            amount
            currencyCode
          }
          maxVariantPrice {
            amount
            currencyCode
          }
        }
        variantsCount {
          count
        }
        variants(first: 25) {
          nodes {
            id
            title
            price
            availableForSale
            image {
              url
              altText
            }
          }
        }
      }
    }
  }`;

export interface BeckonProductSearchQueryVariables {
  first: number;
  after?: string | null;
  query?: string | null;
  sortKey?: "RELEVANCE" | "TITLE" | null;
}

export interface BeckonProductSearchQuery {
  products: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: {
      id: string;
      title: string;
      handle: string;
      status: "ACTIVE" | "ARCHIVED" | "DRAFT" | "UNLISTED";
      featuredMedia: { preview: { image: AdminImage | null } | null } | null;
      priceRangeV2: { minVariantPrice: MoneyV2; maxVariantPrice: MoneyV2 };
      variantsCount: { count: number } | null;
      variants: {
        nodes: {
          id: string;
          title: string;
          /** Money scalar: a decimal string in the shop's currency. */
          price: string;
          availableForSale: boolean;
          image: AdminImage | null;
        }[];
      };
    }[];
  };
}

export const COLLECTION_SEARCH_QUERY = `#graphql
  query BeckonCollectionSearch($first: Int!, $after: String, $query: String, $sortKey: CollectionSortKeys) {
    collections(first: $first, after: $after, query: $query, sortKey: $sortKey) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        handle
        title
        image {
          url
          altText
        }
        productsCount {
          count
        }
      }
    }
  }`;

export interface BeckonCollectionSearchQueryVariables {
  first: number;
  after?: string | null;
  query?: string | null;
  sortKey?: "RELEVANCE" | "TITLE" | null;
}

export interface BeckonCollectionSearchQuery {
  collections: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: {
      id: string;
      handle: string;
      title: string;
      image: AdminImage | null;
      productsCount: { count: number } | null;
    }[];
  };
}

/** The typed map graphql-codegen's preset would generate as AdminQueries, written by hand (see above). */
export interface BeckonAdminQueries {
  [PRODUCT_SEARCH_QUERY]: { return: BeckonProductSearchQuery; variables: BeckonProductSearchQueryVariables };
  [COLLECTION_SEARCH_QUERY]: { return: BeckonCollectionSearchQuery; variables: BeckonCollectionSearchQueryVariables };
}
