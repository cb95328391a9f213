/**
 * The collection search of the CTA editor's product feed against a local
 * Shopify Admin API that answers as Shopify documents: the request
 * (endpoint, token, `collections(first, after, query: "title:*…*")`), the
 * mapping to the editor's results (handle, title, image, product count),
 * cursor paging, the merchant's search syntax kept literal, and each
 * failure (revoked token, throttled, down, GraphQL errors).
 */
import { describe, expect, it } from "vitest";
import { FakeShopifyAdmin, type FakeCollection } from "#test/support/fake-providers/shopify-admin";
import { serveFakeAdmin } from "./admin-harness";
import {
  COLLECTIONS_PER_PAGE,
  collectionSearchQuery,
  searchCollections,
  toCollectionPage,
} from "#app/integrations/shopify-admin/collection-search.server";
import { COLLECTION_SEARCH_QUERY } from "#app/integrations/shopify-admin/operations";

const TOKEN = "shpat_test_collections";
const collections: FakeCollection[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    id: 3000 + i,
    title: `Sommarkaffe ${String(i + 1).padStart(2, "0")}`,
    handle: `sommarkaffe-${i + 1}`,
    image: `https://cdn.shopify.test/c-${i + 1}.jpg`,
    productsCount: i,
  })),
  { id: 4000, title: "Mörkrost (special)", handle: "morkrost-special", productsCount: 7 },
];

const admin = serveFakeAdmin(TOKEN, () => new FakeShopifyAdmin(TOKEN, [], "2026-07", collections));
const { sleeps, options } = admin;

describe("searchCollections against the local Admin API", () => {
  it("posts the collections query with a title search and the shop's token, and maps the answer", async () => {
    const page = await searchCollections(options(), "mörk", null);
    const req = admin.shopify.server.requests.at(-1)!;
    expect(req.path).toBe("/admin/api/2026-07/graphql.json");
    expect(req.headers["x-shopify-access-token"]).toBe(TOKEN);
    expect(req.body).toEqual({
      query: COLLECTION_SEARCH_QUERY,
      variables: { first: COLLECTIONS_PER_PAGE, after: null, query: "title:*mörk*", sortKey: "RELEVANCE" },
    });
    expect(COLLECTION_SEARCH_QUERY).toMatch(/collections\(first: \$first, after: \$after, query: \$query/);
    for (const field of ["handle", "title", "image", "productsCount"]) expect(COLLECTION_SEARCH_QUERY).toContain(field);
    expect(page).toEqual({
      collections: [
        {
          id: "gid://shopify/Collection/4000",
          handle: "morkrost-special",
          title: "Mörkrost (special)",
          image: null,
          imageAlt: null,
          productsCount: 7,
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
  });

  it("pages by cursor", async () => {
    const first = await searchCollections(options(), "sommar", null);
    expect(first.collections).toHaveLength(10);
    expect(first.collections[0]).toMatchObject({
      handle: "sommarkaffe-1",
      image: "https://cdn.shopify.test/c-1.jpg",
      productsCount: 0,
    });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await searchCollections(options(), "sommar", first.pageInfo.endCursor);
    expect(second.collections.map((c) => c.handle)).toEqual(["sommarkaffe-11", "sommarkaffe-12"]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect(admin.shopify.server.requests.at(-1)!.body).toMatchObject({
      variables: { after: first.pageInfo.endCursor },
    });
  });

  it("lists all collections by title without words", async () => {
    const page = await searchCollections(options(), "  ", null);
    expect(admin.shopify.server.requests.at(-1)!.body).toMatchObject({ variables: { query: null, sortKey: "TITLE" } });
    expect(page.collections[0].title).toBe("Mörkrost (special)");
  });

  it("a revoked token is unauthorized (not retried); throttling is retried then given up; down is network; GraphQL errors are errors", async () => {
    admin.shopify.revoked = true;
    const before = admin.shopify.server.requests.length;
    await expect(searchCollections(options(), "sommar", null)).rejects.toMatchObject({
      name: "AdminApiError",
      kind: "unauthorized",
    });
    expect(admin.shopify.server.requests.length - before).toBe(1);
    admin.shopify.revoked = false;

    admin.shopify.throttleNext = 1;
    expect((await searchCollections(options(), "mörk", null)).collections).toHaveLength(1);
    expect(sleeps).toEqual([420]);

    admin.shopify.server.failNext(3, { kind: "429", retryAfter: "30" });
    await expect(searchCollections(options(), "sommar", null)).rejects.toMatchObject({ kind: "throttled" });

    admin.shopify.server.failNext(1, { kind: "500" });
    await expect(searchCollections(options(), "sommar", null)).rejects.toMatchObject({ kind: "network" });

    // A query the Admin API cannot run comes back as GraphQL errors in a 200 answer.
    await expect(searchCollections(options(), "sommar", "not-a-cursor")).rejects.toMatchObject({
      kind: "bad_response",
    });
  });
});

describe("hostile input", () => {
  it("search syntax typed by the merchant stays literal inside the title search", () => {
    expect(collectionSearchQuery('kaffe" OR title:*')).toBe('title:*kaffe\\"* title:*OR* title:*title\\:\\**');
    expect(collectionSearchQuery("(a) -b")).toBe("title:*\\(a\\)* title:*\\-b*");
    expect(collectionSearchQuery("\t \n")).toBeNull();
    expect(collectionSearchQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))!.split(" ")).toHaveLength(10);
  });

  it("the fake reads escaped words back literally", async () => {
    const page = await searchCollections(options(), "(special)", null);
    expect(page.collections.map((c) => c.handle)).toEqual(["morkrost-special"]);
  });

  it("maps a missing image and count to null", () => {
    expect(
      toCollectionPage({
        collections: {
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: [{ id: "gid://shopify/Collection/1", handle: "a", title: "A", image: null, productsCount: null }],
        },
      }),
    ).toEqual({
      collections: [
        { id: "gid://shopify/Collection/1", handle: "a", title: "A", image: null, imageAlt: null, productsCount: null },
      ],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });
});
