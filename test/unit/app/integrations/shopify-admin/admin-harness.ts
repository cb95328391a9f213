/**
 * The local Shopify Admin API the editor's product and collection searches
 * run against (test/support/fake-providers/shopify-admin.ts): one per test
 * file, its revocation, throttling and faults cleared before each test, and
 * the client's waits recorded instead of slept.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { FakeShopifyAdmin } from "#test/support/fake-providers/shopify-admin";
import type { AdminGraphqlOptions } from "#app/integrations/shopify-admin/admin-graphql.server";

export interface FakeAdminHarness {
  /** The running fake (only once the file's beforeAll ran). */
  readonly shopify: FakeShopifyAdmin;
  /** The waits the client asked for in this test, in ms. */
  readonly sleeps: number[];
  /** Client options for the fake's shop and token, with `more` on top. */
  options(more?: Partial<AdminGraphqlOptions>): AdminGraphqlOptions;
}

export function serveFakeAdmin(accessToken: string, create: () => FakeShopifyAdmin): FakeAdminHarness {
  let shopify: FakeShopifyAdmin | undefined;
  const sleeps: number[] = [];
  beforeAll(async () => {
    shopify = await create().start();
  });
  afterAll(() => shopify?.server.stop());
  beforeEach(() => {
    sleeps.length = 0;
    shopify!.revoked = false;
    shopify!.throttleNext = 0;
    shopify!.server.clearFaults();
  });
  return {
    get shopify() {
      return shopify!;
    },
    sleeps,
    options: (more = {}) => ({
      shop: "kaffe.myshopify.com",
      accessToken,
      apiVersion: "2026-07",
      baseUrl: shopify!.url,
      sleep: async (ms) => void sleeps.push(ms),
      ...more,
    }),
  };
}
