/** The storefront's options, the state it records for tests, and its default discount codes. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CartBook, DiscountRule, ServerCart, ShopDiscountLookup } from "./carts";
import type { CatalogProduct, CatalogProductInput } from "./catalog";
import type { InContext, StorefrontMarketSetting } from "./graphql";
import type { Rating } from "./reviews";

export interface StorefrontOptions {
  /** The catalogue (Ajax product shape); default: the demo store's seed products, else the fixture. */
  products?: CatalogProductInput[];
  /** Extra or replacing collections: handle → product handles. */
  collections?: Record<string, string[]>;
  /** Complementary recommendations: product handle → product handles. */
  complementary?: Record<string, string[]>;
  /** Discount codes the store honours (upper case). Default: SAVE10 (10 %), FIVEOFF ($5). */
  discounts?: Record<string, DiscountRule>;
  /** The shop's Admin, asked about codes `discounts` lacks (shop-discounts.ts): codes made there apply in the cart. */
  shopDiscounts?: ShopDiscountLookup;
  currency?: string;
  /** Markets by country code: a GraphQL request with @inContext(country:) answers prices in that market's currency at its rate. */
  markets?: Record<string, StorefrontMarketSetting>;
  /** When set, the GraphQL endpoint requires this X-Shopify-Storefront-Access-Token. */
  publicAccessToken?: string;
  /** Ratings by numeric product id; default: stable made-up ratings. */
  ratings?: Record<string, Rating>;
  /** Holds each cart write this long before applying it, to widen race windows in tests. */
  writeDelayMs?: number;
  /** The path the store is served under ("/demo/store/"): cookie path, default redirect, GraphQL URLs. Default "/". */
  root?: string;
  /** At most this many carts are kept; creating one more forgets the least recently created. Default 10,000. */
  maxCarts?: number;
  /** At most this many lines per cart. Default 100. */
  maxLines?: number;
  /** Keep state.requests and state.cartWrites (tests read them; a long-running demo must not grow). Default true. */
  record?: boolean;
  /** Extra routes (the demo store page); return true when handled. */
  routes?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
}

export interface RequestRecord {
  seq: number;
  method: string;
  path: string;
  search: string;
}

/** One cart write (Ajax or GraphQL mutation), with start and end sequence numbers for ordering checks. */
export interface CartWriteRecord {
  api: "ajax" | "graphql";
  op: string;
  body: unknown;
  start: number;
  end: number | null;
  /** GraphQL writes: the operation's @inContext arguments (null without the directive). */
  inContext?: InContext | null;
}

/** One Storefront GraphQL request (queries and mutations): the operation name and its @inContext arguments. */
export interface GraphqlRecord {
  operation: string;
  kind: "query" | "mutation";
  variables: Record<string, unknown>;
  inContext: InContext | null;
}

export interface StorefrontState {
  products: CatalogProduct[];
  catalogFrom: "seed" | "fixture" | "options";
  collections: Map<string, string[]>;
  book: CartBook;
  carts: Map<string, ServerCart>;
  requests: RequestRecord[];
  cartWrites: CartWriteRecord[];
  graphql: GraphqlRecord[];
  /** The most cart writes that were in flight at once. */
  maxConcurrentWrites: number;
  /** Forgets carts, requests and write records. */
  reset(): void;
}

export interface Storefront {
  state: StorefrontState;
  /** Answers one request (its URL relative to the store's root); never throws. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export const DEFAULT_DISCOUNTS: Record<string, DiscountRule> = {
  SAVE10: { value_type: "percentage", value: 10, title: "10% off" },
  FIVEOFF: { value_type: "fixed_amount", value: 500, title: "$5 off" },
};
