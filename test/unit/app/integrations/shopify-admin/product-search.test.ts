/**
 * The server's Admin GraphQL client and product search against a local
 * Shopify Admin API (127.0.0.1, free port) that answers as Shopify documents:
 * the request (endpoint, version, token header, variables), the mapping to
 * the editor's results, cursor pagination, and each failure — revoked token
 * (401), HTTP 429 and THROTTLED retried then given up, network down, a shop
 * that is not a myshopify domain. The generated operation types are
 * checked against a recorded documented response.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { GraphQLEnumType } from "graphql";
import { z } from "zod";
import recorded from "#test/fixtures/shopify-admin/product-search.json";
import { FakeShopifyAdmin, type FakeProduct } from "#test/support/fake-providers/shopify-admin";
import { serveFakeAdmin } from "./admin-harness";
import {
  AdminApiError,
  adminGraphql,
  adminGraphqlUrl,
  throttleWaitMs,
} from "#app/integrations/shopify-admin/admin-graphql.server";
import {
  productSearchQuery,
  searchProducts,
  toSearchPage,
  PRODUCTS_PER_PAGE,
} from "#app/integrations/shopify-admin/product-search.server";
import {
  PRODUCT_SEARCH_QUERY,
  type BeckonProductSearchQuery,
  type CurrencyCode,
} from "#app/integrations/shopify-admin/operations";
import { adminSchema } from "#test/support/admin-schema";

const TOKEN = "shpat_test_admin";
const products: FakeProduct[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    id: 1000 + i,
    title: `Kaffe nummer ${String(i + 1).padStart(2, "0")}`,
    handle: `kaffe-${i + 1}`,
    image: `https://cdn.shopify.test/kaffe-${i + 1}.jpg`,
    variants: [{ id: 5000 + i, title: "Default Title", price: `${100 + i}.00` }],
  })),
  {
    id: 2000,
    title: "Mörkrost bönor",
    handle: "morkrost",
    variants: [
      { id: 6000, title: "250 g", price: "89.00" },
      { id: 6001, title: "1 kg", price: "299.00", availableForSale: false, image: "https://cdn.shopify.test/1kg.jpg" },
    ],
  },
  {
    id: 2001,
    title: "Mörkrost utgången",
    handle: "utgangen",
    status: "ARCHIVED",
    variants: [{ id: 6002, title: "Default Title", price: "1.00" }],
  },
];

const admin = serveFakeAdmin(TOKEN, () => new FakeShopifyAdmin(TOKEN, products));
const { sleeps, options } = admin;

describe("generated operation types", () => {
  // A mirror of BeckonProductSearchQuery: the recorded response must parse, and its type must equal the generated one.
  const image = z.object({ url: z.string(), altText: z.string().nullable() }).strict();
  // The schema's CurrencyCode enum: one of its documented values.
  const currencyCodes = new Set(
    (adminSchema.getType("CurrencyCode") as GraphQLEnumType).getValues().map((v) => v.name),
  );
  const currencyCode = z.custom<CurrencyCode>((v) => typeof v === "string" && currencyCodes.has(v));
  const money = z.object({ amount: z.string(), currencyCode }).strict();
  const shape = z
    .object({
      products: z
        .object({
          pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }).strict(),
          nodes: z.array(
            z
              .object({
                id: z.string().startsWith("gid://shopify/Product/"),
                title: z.string(),
                handle: z.string(),
                status: z.enum(["ACTIVE", "ARCHIVED", "DRAFT", "UNLISTED"]),
                featuredMedia: z
                  .object({ preview: z.object({ image: image.nullable() }).strict().nullable() })
                  .strict()
                  .nullable(),
                priceRangeV2: z.object({ minVariantPrice: money, maxVariantPrice: money }).strict(),
                variantsCount: z.object({ count: z.number() }).strict().nullable(),
                variants: z
                  .object({
                    nodes: z.array(
                      z
                        .object({
                          id: z.string().startsWith("gid://shopify/ProductVariant/"),
                          title: z.string(),
                          price: z.string(),
                          availableForSale: z.boolean(),
                          image: image.nullable(),
                        })
                        .strict(),
                    ),
                  })
                  .strict(),
              })
              .strict(),
          ),
        })
        .strict(),
    })
    .strict();

  it("match the recorded documented response of the products query", () => {
    expectTypeOf<z.infer<typeof shape>>().toEqualTypeOf<BeckonProductSearchQuery>();
    expect(shape.safeParse(recorded.data).error?.issues ?? []).toEqual([]);
  });

  it("ask for exactly the fields the types describe", () => {
    for (const field of [
      "pageInfo",
      "hasNextPage",
      "endCursor",
      "featuredMedia",
      "priceRangeV2",
      "variantsCount",
      "availableForSale",
      "altText",
    ]) {
      expect(PRODUCT_SEARCH_QUERY).toContain(field);
    }
  });

  it("map to the editor's results: image, title, price range, variants", () => {
    const page = toSearchPage(recorded.data as BeckonProductSearchQuery);
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: recorded.data.products.pageInfo.endCursor });
    expect(page.products[0]).toMatchObject({
      id: "gid://shopify/Product/108828309",
      title: "Draft",
      image: expect.stringContaining("draft.jpg"),
      imageAlt: "A draft notebook",
      priceMin: "10.0",
      priceMax: "24.5",
      currency: "USD",
      variantsCount: 2,
    });
    expect(page.products[0].variants[1]).toEqual({
      id: "gid://shopify/ProductVariant/138327650",
      title: "155cm",
      price: "24.50",
      available: false,
      image: expect.stringContaining("draft-155.jpg"),
    });
    expect(page.products[1].image).toBeNull();
  });
});

describe("searchProducts against the local Admin API", () => {
  it("posts the typed query to /admin/api/{version}/graphql.json with the shop's token", async () => {
    const page = await searchProducts(options(), "mörk", null);
    const req = admin.shopify.server.requests.at(-1)!;
    expect(req.path).toBe("/admin/api/2026-07/graphql.json");
    expect(req.headers["x-shopify-access-token"]).toBe(TOKEN);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.body).toMatchObject({
      query: PRODUCT_SEARCH_QUERY,
      variables: { first: PRODUCTS_PER_PAGE, query: "mörk* status:active", sortKey: "RELEVANCE" },
    });
    // The archived product is left out; the active one comes with both variants.
    expect(page.products.map((p) => p.title)).toEqual(["Mörkrost bönor"]);
    expect(page.products[0]).toMatchObject({
      priceMin: "89.00",
      priceMax: "299.00",
      currency: "SEK",
      variantsCount: 2,
    });
    expect(page.products[0].variants.map((v) => [v.title, v.available])).toEqual([
      ["250 g", true],
      ["1 kg", false],
    ]);
  });

  it("pages by cursor", async () => {
    const first = await searchProducts(options(), "kaffe", null);
    expect(first.products).toHaveLength(10);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await searchProducts(options(), "kaffe", first.pageInfo.endCursor);
    expect(second.products.map((p) => p.title)).toEqual(["Kaffe nummer 11", "Kaffe nummer 12"]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("lists all active products by title without words", async () => {
    await searchProducts(options(), "   ", null);
    expect(admin.shopify.server.requests.at(-1)!.body).toMatchObject({
      variables: { query: "status:active", sortKey: "TITLE" },
    });
  });

  it("a revoked token (401) is an unauthorized error, not retried", async () => {
    admin.shopify.revoked = true;
    const before = admin.shopify.server.requests.length;
    await expect(searchProducts(options(), "kaffe", null)).rejects.toMatchObject({
      name: "AdminApiError",
      kind: "unauthorized",
    });
    expect(admin.shopify.server.requests.length - before).toBe(1);
  });

  it("HTTP 429 is retried after Retry-After, then succeeds", async () => {
    admin.shopify.server.failNext(1, { kind: "429", retryAfter: "1" });
    const page = await searchProducts(options(), "kaffe", null);
    expect(page.products).toHaveLength(10);
    expect(sleeps).toEqual([1000]);
  });

  it("a THROTTLED GraphQL error waits for the cost bucket to refill, then succeeds", async () => {
    admin.shopify.throttleNext = 1;
    const page = await searchProducts(options(), "mörk", null);
    expect(page.products).toHaveLength(1);
    // 42 points requested, 0 available, 100 restored per second: 420 ms.
    expect(sleeps).toEqual([420]);
  });

  it("gives up as throttled after the retries", async () => {
    admin.shopify.server.failNext(3, { kind: "429", retryAfter: "30" });
    await expect(searchProducts(options(), "kaffe", null)).rejects.toMatchObject({ kind: "throttled" });
    // Waits are capped: an editor search fails fast rather than hang for 30 s.
    expect(sleeps).toEqual([2000, 2000]);
  });

  it("a server error and a hang are network errors", async () => {
    admin.shopify.server.failNext(1, { kind: "500" });
    await expect(searchProducts(options(), "kaffe", null)).rejects.toMatchObject({ kind: "network" });
    admin.shopify.server.failNext(1, { kind: "hang" });
    await expect(searchProducts(options({ timeoutMs: 200 }), "kaffe", null)).rejects.toMatchObject({ kind: "network" });
  });

  it("Shopify unreachable is a network error", async () => {
    const down = await new FakeShopifyAdmin(TOKEN, []).start();
    const url = down.url;
    await down.server.stop();
    await expect(searchProducts(options({ baseUrl: url }), "kaffe", null)).rejects.toMatchObject({ kind: "network" });
  });

  it("GraphQL errors in a 200 answer are errors, not empty results", async () => {
    await expect(
      adminGraphql(options(), "query { shop { name } }" as typeof PRODUCT_SEARCH_QUERY, { first: 1 }),
    ).rejects.toBeInstanceOf(AdminApiError);
  });
});

describe("hostile input", () => {
  it("only myshopify domains and API versions make an endpoint", () => {
    expect(adminGraphqlUrl("kaffe.myshopify.com", "2026-07")).toBe(
      "https://kaffe.myshopify.com/admin/api/2026-07/graphql.json",
    );
    for (const shop of [
      "evil.com",
      "kaffe.myshopify.com/../x",
      "kaffe.myshopify.com@evil.com",
      "",
      "KAFFE.myshopify.com.evil.com",
    ]) {
      expect(() => adminGraphqlUrl(shop, "2026-07"), shop).toThrow(AdminApiError);
    }
    expect(() => adminGraphqlUrl("kaffe.myshopify.com", "../../x")).toThrow(AdminApiError);
  });

  it("search syntax typed by the merchant stays literal", () => {
    expect(productSearchQuery("kaffe")).toBe("kaffe*");
    expect(productSearchQuery("status:draft OR (vendor:x)")).toBe("status\\:draft* OR* \\(vendor\\:x\\)*");
    expect(productSearchQuery('-tag:"a"')).toBe('\\-tag\\:\\"a\\"*');
    expect(productSearchQuery("")).toBeNull();
    expect(productSearchQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))!.split(" ")).toHaveLength(10);
  });

  it("throttle waits follow Retry-After, else the cost extension, and are capped", () => {
    expect(throttleWaitMs("2", null, 5000)).toBe(2000);
    expect(
      throttleWaitMs(
        null,
        {
          extensions: {
            cost: { requestedQueryCost: 300, throttleStatus: { currentlyAvailable: 100, restoreRate: 50 } },
          },
        },
        10_000,
      ),
    ).toBe(4000);
    expect(throttleWaitMs("999", null, 2000)).toBe(2000);
    expect(throttleWaitMs("nonsense", null, 2000)).toBe(1000);
  });
});
