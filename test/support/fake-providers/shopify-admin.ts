/**
 * A local Shopify Admin GraphQL API for one shop, answering as Shopify
 * documents it: POST /admin/api/{version}/graphql.json with
 * X-Shopify-Access-Token, `products(first, after, query, sortKey)` with
 * Relay cursors and pageInfo, the query-cost extension, 401 with
 * `{"errors": "[API] Invalid API key or access token …"}` for a revoked
 * token, HTTP 429 (fault injection) and the THROTTLED GraphQL error.
 * `collections(first, after, query, sortKey)` with title searches
 * ("title:*kaff*") is answered the same way. Every query is first checked
 * against the Admin schema (../admin-schema.ts) and refused with GraphQL
 * errors, as Shopify refuses it, when it does not validate or its variables
 * do not fit. Of the valid ones, only the products and collections queries
 * the server sends are understood, and the customer operations
 * (./shopify-admin-customers.ts: lookups by e-mail or phone, customerCreate,
 * customerUpdate, tagsAdd, the consent mutations, with their userErrors),
 * and the discount operations (./shopify-admin-discounts.ts:
 * discountCodeBasicCreate, discountRedeemCodeBulkAdd and its bulk
 * creation); anything else is a GraphQL error too.
 */
import { adminRefusal } from "#test/support/admin-schema";
import { FakeServer, type FakeReply } from "./fake-server";
import { CUSTOMER_FIELDS, FakeCustomers, rootFieldOf } from "./shopify-admin-customers";
import { DISCOUNT_FIELDS, FakeDiscounts } from "./shopify-admin-discounts";

export interface FakeVariant {
  id: number;
  title: string;
  price: string;
  availableForSale?: boolean;
  image?: string | null;
}

export interface FakeProduct {
  id: number;
  title: string;
  handle: string;
  status?: "ACTIVE" | "DRAFT" | "ARCHIVED";
  image?: string | null;
  currency?: string;
  variants: FakeVariant[];
}

export interface FakeCollection {
  id: number;
  title: string;
  handle: string;
  image?: string | null;
  productsCount: number;
}

/** Search words of a collection query the server built ("title:*kaff* title:*mörk*"), unescaped; null when it is not all title searches. */
function titleWordsOf(query: string): string[] | null {
  const words: string[] = [];
  for (const token of query.match(/(?:\\.|\S)+/g) ?? []) {
    const m = /^title:\*((?:\\.|[^*\\])+)\*$/.exec(token);
    if (!m) return null;
    words.push(m[1].replace(/\\(.)/g, "$1").toLowerCase());
  }
  return words;
}

/** Search words of a query the server built ("kaff* mörk* status:active"), unescaped. */
function wordsOf(query: string): { words: string[]; activeOnly: boolean } {
  const words: string[] = [];
  let activeOnly = false;
  for (const token of query.match(/(?:\\.|\S)+/g) ?? []) {
    if (token === "status:active") {
      activeOnly = true;
      continue;
    }
    words.push(token.replace(/\*$/, "").replace(/\\(.)/g, "$1").toLowerCase());
  }
  return { words, activeOnly };
}

const cursorOf = (index: number) => Buffer.from(`{"last_id":${index},"last_value":"${index}"}`).toString("base64");
const indexOf = (cursor: string) =>
  Number((JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as { last_id: number }).last_id);

/** The query-cost extension Shopify adds to every answer, with the bucket holding `available` points. */
function cost(available: number) {
  return {
    cost: {
      requestedQueryCost: 42,
      actualQueryCost: available >= 42 ? 12 : null,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 },
    },
  };
}

/** Shopify's answer when the cost bucket is empty: HTTP 200, a THROTTLED error and the cost extension. */
function throttledReply(): FakeReply {
  return {
    status: 200,
    body: {
      errors: [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ],
      extensions: cost(0),
    },
  };
}

/** The fake shop's Admin API. */
export class FakeShopifyAdmin {
  readonly server: FakeServer;
  /** Whether the token is still honoured (false: the merchant uninstalled the app). */
  revoked = false;
  /** The next N GraphQL answers are THROTTLED errors (HTTP 200), as Shopify sends when the cost bucket is empty. */
  throttleNext = 0;
  /** The shop's customers. */
  readonly customers = new FakeCustomers();
  /** The shop's code discounts and their codes. */
  readonly discounts = new FakeDiscounts();

  constructor(
    readonly accessToken: string,
    readonly products: FakeProduct[],
    readonly apiVersion = "2026-07",
    readonly collections: FakeCollection[] = [],
  ) {
    this.server = new FakeServer(
      (r) => this.route(r),
      (status, detail) => ({ errors: detail }),
    );
  }

  start() {
    return this.server.start().then(() => this);
  }

  get url() {
    return this.server.url;
  }

  /** The variables of each products query received. */
  searches(): { query?: string; after?: string | null; first: number; sortKey?: string }[] {
    return this.server
      .handled((r) => r.status === 200)
      .map((r) => (r.body as { variables: { query?: string; after?: string; first: number } }).variables);
  }

  private route(r: {
    method: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }): FakeReply {
    if (r.method !== "POST" || r.path !== `/admin/api/${this.apiVersion}/graphql.json`)
      return { status: 404, body: { errors: "Not Found" } };
    if (r.headers["x-shopify-access-token"] !== this.accessToken || this.revoked) {
      return {
        status: 401,
        body: { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
      };
    }
    const body = r.body as { query?: string; variables?: Record<string, unknown>; operationName?: string } | null;
    const refusal =
      typeof body?.query === "string" ? adminRefusal(body.query, body.variables, body.operationName) : null;
    if (refusal) return { status: 200, body: refusal };
    const field = typeof body?.query === "string" ? rootFieldOf(body.query) : null;
    const owner =
      field && (CUSTOMER_FIELDS as readonly string[]).includes(field)
        ? this.customers
        : field && (DISCOUNT_FIELDS as readonly string[]).includes(field)
          ? this.discounts
          : null;
    if (field && owner) {
      if (this.throttleNext > 0) {
        this.throttleNext--;
        return throttledReply();
      }
      return { status: 200, body: { data: owner.answer(field, body?.variables ?? {}), extensions: cost(1990) } };
    }
    const isCollections = !!body?.query && /\bcollections\s*\(/.test(body.query);
    if (!body?.query || (!isCollections && !/\bproducts\s*\(/.test(body.query))) {
      return {
        status: 200,
        body: { errors: [{ message: "Field is not supported by this fake", extensions: { code: "undefinedField" } }] },
      };
    }
    if (this.throttleNext > 0) {
      this.throttleNext--;
      return throttledReply();
    }
    const v = body.variables ?? {};
    const first = Number(v.first);
    if (!Number.isInteger(first) || first < 1 || first > 250) {
      return {
        status: 200,
        body: {
          errors: [
            {
              message: "The first argument must be between 1 and 250",
              extensions: { code: "argumentLiteralsIncompatible" },
            },
          ],
        },
      };
    }
    if (isCollections) return this.collectionsPage(v, cost(1958));
    const { words, activeOnly } = wordsOf(typeof v.query === "string" ? v.query : "");
    const matching = this.products
      .filter((p) => !activeOnly || (p.status ?? "ACTIVE") === "ACTIVE")
      .filter((p) =>
        words.every((w) =>
          p.title
            .toLowerCase()
            .split(/\s+/)
            .some((t) => t.startsWith(w)),
        ),
      )
      .sort((a, b) => (v.sortKey === "TITLE" ? a.title.localeCompare(b.title) : 0));
    const start = typeof v.after === "string" && v.after ? indexOf(v.after) + 1 : 0;
    const slice = matching.slice(start, start + first);
    const nodes = slice.map((p) => {
      const prices = p.variants.map((x) => Number(x.price));
      const money = (n: number) => ({ amount: n.toFixed(2), currencyCode: p.currency ?? "SEK" });
      const image = p.image ? { url: p.image, altText: null } : null;
      return {
        id: `gid://shopify/Product/${p.id}`,
        title: p.title,
        handle: p.handle,
        status: p.status ?? "ACTIVE",
        featuredMedia: image ? { preview: { image } } : null,
        priceRangeV2: { minVariantPrice: money(Math.min(...prices)), maxVariantPrice: money(Math.max(...prices)) },
        variantsCount: { count: p.variants.length },
        variants: {
          nodes: p.variants.map((x) => ({
            id: `gid://shopify/ProductVariant/${x.id}`,
            title: x.title,
            price: x.price,
            availableForSale: x.availableForSale ?? true,
            image: x.image ? { url: x.image, altText: null } : null,
          })),
        },
      };
    });
    return {
      status: 200,
      body: {
        data: {
          products: {
            pageInfo: {
              hasNextPage: start + first < matching.length,
              endCursor: slice.length ? cursorOf(start + slice.length - 1) : null,
            },
            nodes,
          },
        },
        extensions: cost(1958),
      },
    };
  }

  private collectionsPage(v: Record<string, unknown>, extensions: unknown): FakeReply {
    const first = Number(v.first);
    const words = titleWordsOf(typeof v.query === "string" ? v.query : "");
    if (words === null)
      return {
        status: 200,
        body: {
          errors: [{ message: "Only title searches are supported by this fake", extensions: { code: "invalidQuery" } }],
        },
      };
    const matching = this.collections
      .filter((c) => words.every((w) => c.title.toLowerCase().includes(w)))
      .sort((a, b) => (v.sortKey === "TITLE" ? a.title.localeCompare(b.title) : 0));
    let start = 0;
    try {
      start = typeof v.after === "string" && v.after ? indexOf(v.after) + 1 : 0;
    } catch {
      return {
        status: 200,
        body: {
          errors: [{ message: "Invalid cursor for current pagination sort.", extensions: { code: "BAD_REQUEST" } }],
        },
      };
    }
    const slice = matching.slice(start, start + first);
    return {
      status: 200,
      body: {
        data: {
          collections: {
            pageInfo: {
              hasNextPage: start + first < matching.length,
              endCursor: slice.length ? cursorOf(start + slice.length - 1) : null,
            },
            nodes: slice.map((c) => ({
              id: `gid://shopify/Collection/${c.id}`,
              handle: c.handle,
              title: c.title,
              image: c.image ? { url: c.image, altText: null } : null,
              productsCount: { count: c.productsCount },
            })),
          },
        },
        extensions,
      },
    };
  }
}
