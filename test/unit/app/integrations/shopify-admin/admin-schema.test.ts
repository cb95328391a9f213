/**
 * The Admin schema subset (app/integrations/shopify-admin/admin.schema.graphql)
 * against the operations and the tests' stand-ins: every `#graphql` operation
 * in app/ validates against it, and the stand-ins refuse, with GraphQL errors
 * as Shopify does, an operation asking for a field or passing an argument the
 * schema does not have, or variables that do not fit their types.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminApiError, adminGraphql } from "#app/integrations/shopify-admin/admin-graphql.server";
import {
  PRODUCT_SEARCH_QUERY,
  type BeckonProductSearchQueryVariables,
} from "#app/integrations/shopify-admin/operations";
import { adminDocumentErrors, adminOperationsInApp, adminRefusal } from "#test/support/admin-schema";
import { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";

const TOKEN = "shpat_schema_test";
/** An operation of the kind a future edit might write: Product.vendor exists in Shopify, not (yet) in the subset. */
const VENDOR_QUERY = "query BeckonProductVendors { products(first: 1) { nodes { id vendor } } }";
const PRODUCT_VARIABLES: BeckonProductSearchQueryVariables = {
  first: 10,
  after: null,
  query: "kaffe*",
  sortKey: "RELEVANCE",
};

describe("the Admin operations in app/", () => {
  const operations = adminOperationsInApp();
  const names = operations.map((o) => /^#graphql\s+(?:query|mutation)\s+(\w+)/.exec(o.text)?.[1]);

  it("are found where the app sends them", () => {
    expect(names).toEqual(
      expect.arrayContaining([
        "BeckonProductSearch",
        "BeckonCollectionSearch",
        "BeckonShopDetails",
        "BeckonMainThemeSettings",
        "BeckonWebPixel",
        "BeckonWebPixelCreate",
        "BeckonWebPixelUpdate",
      ]),
    );
    // Each is a plain string (no `${...}`), so the text plucked for codegen is the text sent.
    for (const { text } of operations) expect(text).not.toContain("${");
  });

  it("each validate against the Admin schema", () => {
    for (const { file, text } of operations)
      expect({ file, errors: adminDocumentErrors(text) }).toEqual({ file, errors: [] });
  });
});

describe("the Admin schema check the stand-ins share", () => {
  it("lets a valid operation with fitting variables through", () => {
    expect(adminRefusal(PRODUCT_SEARCH_QUERY, PRODUCT_VARIABLES)).toBeNull();
  });

  it("refuses a field, an argument or a variable the schema does not have or take", () => {
    expect(adminRefusal(VENDOR_QUERY)?.errors).toEqual([
      { message: 'Cannot query field "vendor" on type "Product".', locations: [{ line: 1, column: 62 }] },
    ]);
    expect(adminRefusal("query { products(frist: 1) { nodes { id } } }")?.errors[0].message).toBe(
      'Unknown argument "frist" on field "QueryRoot.products". Did you mean "first"?',
    );
    expect(adminRefusal(PRODUCT_SEARCH_QUERY, { ...PRODUCT_VARIABLES, sortKey: "PRICE" })?.errors[0].message).toMatch(
      /^Variable "\$sortKey" got invalid value "PRICE"/,
    );
    expect(adminRefusal(PRODUCT_SEARCH_QUERY, {})?.errors[0].message).toBe(
      'Variable "$first" of required type "Int!" was not provided.',
    );
    expect(adminRefusal("query { products(first: 1) { nodes { id }")?.errors[0].message).toMatch(/^Syntax Error/);
  });
});

describe("the fake Admin API", () => {
  let shopify: FakeShopifyAdmin;
  beforeAll(async () => {
    shopify = await new FakeShopifyAdmin(TOKEN, [
      { id: 1, title: "Kaffe", handle: "kaffe", variants: [{ id: 2, title: "Default Title", price: "99.00" }] },
    ]).start();
  });
  afterAll(() => shopify?.server.stop());

  const post = (query: string, variables?: Record<string, unknown>) =>
    fetch(`${shopify.url}/admin/api/2026-07/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
      body: JSON.stringify({ query, variables }),
    });

  it("refuses an operation using a field not in the schema with GraphQL errors and no data, as Shopify does", async () => {
    const response = await post(VENDOR_QUERY);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((e) => e.message)).toEqual(['Cannot query field "vendor" on type "Product".']);
  });

  it("answers the same operation's valid form, and the app's client reports the refusal", async () => {
    const valid = (await (await post(PRODUCT_SEARCH_QUERY, PRODUCT_VARIABLES)).json()) as { data?: unknown };
    expect(valid.data).toMatchObject({ products: { nodes: [{ title: "Kaffe" }] } });

    const connection = { shop: "kaffe.myshopify.com", accessToken: TOKEN, apiVersion: "2026-07", baseUrl: shopify.url };
    // A query the generated types do not know: what an edit made without `npm run graphql:types` would send.
    const sent = adminGraphql(connection, VENDOR_QUERY as typeof PRODUCT_SEARCH_QUERY, PRODUCT_VARIABLES);
    await expect(sent).rejects.toThrow(AdminApiError);
    await expect(sent).rejects.toMatchObject({ kind: "bad_response", message: expect.stringContaining('"vendor"') });
  });
});
