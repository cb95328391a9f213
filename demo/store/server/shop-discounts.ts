/**
 * The shop's own discount codes, for the demo store's cart. On Shopify a
 * code made through the Admin API (as Beckon makes a lead's unique code) is
 * valid in the store's cart at once, because the storefront and the Admin
 * are one shop. The demo store plays the storefront; when a Shopify Admin
 * stand-in plays the Admin (tests), the cart asks it for a code it does not
 * know, by the documented `codeDiscountNodeByCode` query, and honours what
 * the discount gives while it is active.
 */
import type { DiscountRule, ShopDiscountLookup } from "./carts";

/** The lookup's operation; validated against Beckon's Admin schema subset by the schema test. */
export const SHOP_DISCOUNT_QUERY = `#graphql
query DemoStoreDiscountByCode($code: String!) {
  codeDiscountNodeByCode(code: $code) {
    codeDiscount {
      __typename
      ... on DiscountCodeBasic {
        title
        status
        customerGets {
          value {
            __typename
            ... on DiscountPercentage {
              percentage
            }
            ... on DiscountAmount {
              amount {
                amount
              }
            }
          }
        }
      }
    }
  }
}`;

interface Answer {
  data?: {
    codeDiscountNodeByCode?: {
      codeDiscount?: {
        __typename?: string;
        title?: string;
        status?: string;
        customerGets?: { value?: { __typename?: string; percentage?: number; amount?: { amount?: string } } };
      };
    } | null;
  };
}

/** A code worth asking about: what a shop accepts as a code (Shopify allows up to 255 characters). */
const CODE = /^[\w-]{1,255}$/;

/** The rule an answer describes, or null for no code, an inactive discount or a kind the cart does not apply. */
export function ruleOfAnswer(answer: unknown): DiscountRule | null {
  const discount = (answer as Answer | null)?.data?.codeDiscountNodeByCode?.codeDiscount;
  if (discount?.__typename !== "DiscountCodeBasic" || discount.status !== "ACTIVE") return null;
  const value = discount.customerGets?.value;
  if (value?.__typename === "DiscountPercentage" && typeof value.percentage === "number")
    return { value_type: "percentage", value: Math.round(value.percentage * 100), title: discount.title };
  const amount = Number(value?.amount?.amount);
  if (value?.__typename === "DiscountAmount" && Number.isFinite(amount) && amount > 0)
    return { value_type: "fixed_amount", value: Math.round(amount * 100), title: discount.title };
  return null;
}

/**
 * The lookup against an Admin GraphQL endpoint (`graphqlUrl` is
 * https://{shop}/admin/api/{version}/graphql.json or a stand-in's). A
 * failed call is no discount: the cart then shows the code as not
 * applicable, as Shopify's does for a code it cannot apply.
 */
export function adminDiscountLookup(graphqlUrl: string, accessToken: string, timeoutMs = 5000): ShopDiscountLookup {
  return async (code) => {
    if (!CODE.test(code)) return null;
    try {
      const res = await fetch(graphqlUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query: SHOP_DISCOUNT_QUERY, variables: { code } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return res.ok ? ruleOfAnswer(await res.json()) : null;
    } catch {
      return null;
    }
  };
}
