/**
 * The Storefront API operations of SPEC 7 (headless), as data: one named
 * constant per operation, each validated against the Storefront API schema
 * shipped by @shopify/hydrogen-react (test/unit/widget/store/graphql/operations.test.ts).
 * Fragments are shared strings so products and carts are selected the same way
 * everywhere, which is what product.ts and cart.ts map.
 *
 * `npm run graphql:types` (codegen.ts) generates each operation's result and
 * variables types into ../generated/storefront.generated.d.ts, keyed by the
 * operation's exact text: hence `as const` (the constant's type is its text),
 * with the /* GraphQL *\/ mark inside the parentheses, on the string itself,
 * where the generator looks for it. Both cost nothing at run time.
 */

/**
 * The API version the client asks for: the same release as the Admin API
 * (app/shopify.server.ts). The schema the test validates against is the newest
 * one shipped with @shopify/hydrogen-react (2026-04); operations select no
 * deprecated field, so they stay valid in the next release too.
 */
export const STOREFRONT_API_VERSION = "2026-07";

export const PRODUCT_FRAGMENT = /* GraphQL */ `
  fragment BeckonProduct on Product {
    id
    handle
    title
    productType
    description
    descriptionHtml
    availableForSale
    onlineStoreUrl
    requiresSellingPlan
    featuredImage { url }
    images(first: 10) { nodes { url } }
    options { name optionValues { name } }
    priceRange { minVariantPrice { amount currencyCode } }
    compareAtPriceRange { minVariantPrice { amount currencyCode } }
    variants(first: 100) {
      nodes {
        id
        title
        availableForSale
        price { amount currencyCode }
        compareAtPrice { amount currencyCode }
        image { url }
        selectedOptions { name value }
      }
    }
    sellingPlanGroups(first: 10) {
      nodes {
        name
        sellingPlans(first: 10) {
          nodes {
            id
            name
            description
            priceAdjustments {
              adjustmentValue {
                __typename
                ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage }
                ... on SellingPlanFixedAmountPriceAdjustment { adjustmentAmount { amount currencyCode } }
                ... on SellingPlanFixedPriceAdjustment { price { amount currencyCode } }
              }
            }
          }
        }
      }
    }
  }
`;

export const CART_FRAGMENT = /* GraphQL */ `
  fragment BeckonCart on Cart {
    id
    checkoutUrl
    totalQuantity
    cost { totalAmount { amount currencyCode } }
    discountCodes { code applicable }
    attributes { key value }
    lines(first: 100) {
      nodes {
        id
        quantity
        cost { totalAmount { amount currencyCode } }
        sellingPlanAllocation { sellingPlan { id name } }
        merchandise {
          ... on ProductVariant {
            id
            title
            product { id handle title }
          }
        }
      }
    }
  }
`;

/**
 * The payload fields every cart mutation selects. Each payload is its own
 * type, so no fragment can hold them; the generator (codegen.ts) inlines this
 * string where a mutation interpolates it, and the bundle keeps one copy.
 */
export const USER_ERRORS = `userErrors { field message code } warnings { code message target }`;

/** Products by search query (the filter source), unavailable ones hidden unless asked. */
export const PRODUCTS_QUERY = (/* GraphQL */ `
  query BeckonProducts($query: String!, $first: Int!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    products(first: $first, query: $query) { nodes { ...BeckonProduct } }
  }
  ${PRODUCT_FRAGMENT}
`) as const;

/** One product by handle. */
export const PRODUCT_QUERY = (/* GraphQL */ `
  query BeckonProduct($handle: String!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    product(handle: $handle) { ...BeckonProduct }
  }
  ${PRODUCT_FRAGMENT}
`) as const;

/** A collection's products. */
export const COLLECTION_PRODUCTS_QUERY = (/* GraphQL */ `
  query BeckonCollectionProducts($handle: String!, $first: Int!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    collection(handle: $handle) { id handle products(first: $first) { nodes { ...BeckonProduct } } }
  }
  ${PRODUCT_FRAGMENT}
`) as const;

/** Recommendations for a product (related or complementary). */
export const PRODUCT_RECOMMENDATIONS_QUERY = (/* GraphQL */ `
  query BeckonProductRecommendations($productId: ID!, $intent: ProductRecommendationIntent, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    productRecommendations(productId: $productId, intent: $intent) { ...BeckonProduct }
  }
  ${PRODUCT_FRAGMENT}
`) as const;

/** The cart, with its checkout URL. */
export const CART_QUERY = (/* GraphQL */ `
  query BeckonCart($id: ID!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cart(id: $id) { ...BeckonCart }
  }
  ${CART_FRAGMENT}
`) as const;

/** The session's cart, created once (SPEC 4). */
export const CART_CREATE_MUTATION = (/* GraphQL */ `
  mutation BeckonCartCreate($input: CartInput, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cartCreate(input: $input) { cart { ...BeckonCart } ${USER_ERRORS} }
  }
  ${CART_FRAGMENT}
`) as const;

/** Add lines: merchandiseId, quantity, sellingPlanId. */
export const CART_LINES_ADD_MUTATION = (/* GraphQL */ `
  mutation BeckonCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cartLinesAdd(cartId: $cartId, lines: $lines) { cart { ...BeckonCart } ${USER_ERRORS} }
  }
  ${CART_FRAGMENT}
`) as const;

/** Remove lines by CartLine id. */
export const CART_LINES_REMOVE_MUTATION = (/* GraphQL */ `
  mutation BeckonCartLinesRemove($cartId: ID!, $lineIds: [ID!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { cart { ...BeckonCart } ${USER_ERRORS} }
  }
  ${CART_FRAGMENT}
`) as const;

/** Apply discount codes (the full list: codes left out are removed). */
export const CART_DISCOUNT_CODES_UPDATE_MUTATION = (/* GraphQL */ `
  mutation BeckonCartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) { cart { ...BeckonCart } ${USER_ERRORS} }
  }
  ${CART_FRAGMENT}
`) as const;

/** Tag the cart with attributes (key _convertflow, SPEC 7). */
export const CART_ATTRIBUTES_UPDATE_MUTATION = (/* GraphQL */ `
  mutation BeckonCartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) { cart { ...BeckonCart } ${USER_ERRORS} }
  }
  ${CART_FRAGMENT}
`) as const;

/** Every operation, by name, for validation and for the local storefront's tests. */
export const STOREFRONT_OPERATIONS = {
  PRODUCTS_QUERY,
  PRODUCT_QUERY,
  COLLECTION_PRODUCTS_QUERY,
  PRODUCT_RECOMMENDATIONS_QUERY,
  CART_QUERY,
  CART_CREATE_MUTATION,
  CART_LINES_ADD_MUTATION,
  CART_LINES_REMOVE_MUTATION,
  CART_DISCOUNT_CODES_UPDATE_MUTATION,
  CART_ATTRIBUTES_UPDATE_MUTATION,
} as const;
