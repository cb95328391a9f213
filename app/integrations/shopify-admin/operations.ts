/**
 * The Admin GraphQL operations Beckon runs against a store for the CTA
 * editor's product and collection search, and the result types of every
 * Admin operation in app/. The types are generated (`npm run graphql:types`,
 * codegen.ts) from app/integrations/shopify-admin/admin.schema.graphql, a
 * hand-maintained subset of Shopify's documented Admin schema, into
 * ./generated/admin.generated.d.ts, keyed by each operation's exact text: an
 * operation edited without regenerating no longer type-checks. They are
 * re-exported here so callers need not know where they come from.
 * Pure module: the editor imports the result shapes too.
 */
import type * as Generated from "./generated/admin.generated";

export type {
  AdminMutations,
  AdminOperations,
  AdminQueries,
  BeckonCollectionSearchQueryVariables,
  BeckonProductSearchQueryVariables,
  CountryCode,
  CurrencyCode,
} from "./generated/admin.generated";

/**
 * A generated result type as plain objects: the generator writes each
 * selection as `Pick<SchemaType, ...> & { ...nested }`; this merges those
 * intersections, field by field, into the object the JSON answer is.
 */
export type Plain<T> = T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

export type BeckonProductSearchQuery = Plain<Generated.BeckonProductSearchQuery>;
export type BeckonCollectionSearchQuery = Plain<Generated.BeckonCollectionSearchQuery>;
export type BeckonShopDetailsQuery = Plain<Generated.BeckonShopDetailsQuery>;
export type BeckonMainThemeSettingsQuery = Plain<Generated.BeckonMainThemeSettingsQuery>;
export type BeckonWebPixelQuery = Plain<Generated.BeckonWebPixelQuery>;
export type BeckonWebPixelCreateMutation = Plain<Generated.BeckonWebPixelCreateMutation>;
export type BeckonWebPixelUpdateMutation = Plain<Generated.BeckonWebPixelUpdateMutation>;

/**
 * The JSON body Shopify answers to one Admin operation, typed by the
 * operation's text (`typeof OPERATION`): its generated result, or errors.
 */
export interface AdminAnswer<Q extends keyof Generated.AdminOperations> {
  data?: Generated.AdminOperations[Q]["return"] | null;
  errors?: { message?: string }[];
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
