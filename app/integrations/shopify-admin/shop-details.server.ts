/**
 * The shop's details Beckon reads once, right after install, to create the
 * store's website with the store's own name, currency, country and address.
 */
import type { ShopDetails } from "#app/models/owner.server";
import { logger } from "#app/server/logger.server";
import type { AdminAnswer } from "./operations";

const SHOP_QUERY = `#graphql
  query BeckonShopDetails {
    shop { name currencyCode primaryDomain { url } billingAddress { countryCodeV2 } }
  }`;

/** The store's name, currency, country and address; {} when Shopify does not answer (install goes on with defaults). */
export async function shopDetails(admin: { graphql: (query: string) => Promise<Response> }): Promise<ShopDetails> {
  try {
    const response = await admin.graphql(SHOP_QUERY);
    const body = (await response.json()) as AdminAnswer<typeof SHOP_QUERY>;
    const shop = body.data?.shop;
    return {
      name: shop?.name ?? null,
      currency: shop?.currencyCode ?? null,
      country: shop?.billingAddress?.countryCodeV2 ?? null,
      url: shop?.primaryDomain?.url ?? null,
    };
  } catch (e) {
    // The website is still created, with defaults the owner can change.
    logger("shopify").error({ err: e }, "could not read shop details after install");
    return {};
  }
}
