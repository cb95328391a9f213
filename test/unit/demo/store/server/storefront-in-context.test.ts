/**
 * The local storefront's reading of @inContext (which market a request is
 * in) and its markets: prices at the market's rate and currency, the cart's
 * buyerIdentity country that hydrogen-react's CartProvider compares.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInContext } from "#demo/store/server/graphql";
import { storeCatalogFixture } from "#test/fixtures/store";
import { startStorefront, type RunningStorefront } from "#test/storefront/server";

describe("readInContext", () => {
  it("reads literal and variable arguments of the chosen operation", () => {
    expect(readInContext({ query: "query Q @inContext(country: SE, language: SV) { shop { name } }" })).toEqual({
      country: "SE",
      language: "SV",
    });
    expect(
      readInContext({
        query: "query Q($c: CountryCode) @inContext(country: $c) { shop { name } }",
        variables: { c: "DE" },
      }),
    ).toEqual({ country: "DE", language: null });
    expect(
      readInContext({
        query: "query A @inContext(country: US) { shop { name } } query B @inContext(country: FR) { shop { name } }",
        operationName: "B",
      }),
    ).toEqual({ country: "FR", language: null });
  });

  it("answers null without the directive or for junk", () => {
    expect(readInContext({ query: "query Q { shop { name } }" })).toBeNull();
    expect(readInContext({ query: "query {{{" })).toBeNull();
    expect(readInContext({})).toBeNull();
    expect(
      readInContext({
        query: "query Q($c: CountryCode) @inContext(country: $c) { shop { name } }",
        variables: { c: { evil: true } },
      }),
    ).toEqual({ country: null, language: null });
  });
});

describe("markets and buyerIdentity", () => {
  let shop: RunningStorefront;
  beforeAll(async () => {
    shop = await startStorefront({ products: storeCatalogFixture(), markets: { SE: { currency: "SEK", rate: 10 } } });
  });
  afterAll(() => shop.stop());

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${shop.origin}/api/2026-04/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: Record<string, any>; errors?: unknown };
  };

  it("answers prices in the market's currency at its rate, the shop's elsewhere", async () => {
    const q = (country: string) =>
      `query @inContext(country: ${country}) { product(handle: "house-blend") { priceRange { minVariantPrice { amount currencyCode } } } }`;
    expect((await gql(q("SE"))).data.product.priceRange.minVariantPrice).toEqual({
      amount: "150.00",
      currencyCode: "SEK",
    });
    expect((await gql(q("NO"))).data.product.priceRange.minVariantPrice).toEqual({
      amount: "15.00",
      currencyCode: "USD",
    });
  });

  it("keeps the cart's buyerIdentity country from cartCreate and cartBuyerIdentityUpdate", async () => {
    const created = await gql(
      "mutation @inContext(country: SE) { cartCreate(input: {}) { cart { id buyerIdentity { countryCode } } } }",
    );
    expect(created.data.cartCreate.cart.buyerIdentity).toEqual({ countryCode: "SE" });
    const id = created.data.cartCreate.cart.id;
    const updated = await gql(
      "mutation U($id: ID!) { cartBuyerIdentityUpdate(cartId: $id, buyerIdentity: { countryCode: DE }) { cart { buyerIdentity { countryCode } } userErrors { message } } }",
      { id },
    );
    expect(updated.data.cartBuyerIdentityUpdate).toEqual({
      cart: { buyerIdentity: { countryCode: "DE" } },
      userErrors: [],
    });
  });
});
