/**
 * A test database beside a running Shopify Admin stand-in, for model tests
 * that call the Admin API: both started before the file's tests (the
 * stand-in on a free port), both stopped after them.
 */
import { afterAll, beforeAll } from "vitest";
import type { Db } from "#app/db.server";
import type { FakeShopifyAdmin } from "./fake-providers/shopify-admin";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** Starts both in beforeAll and hands the database to `ready`; stops both in afterAll. */
export function withAdminAndDatabase(admin: FakeShopifyAdmin, ready: (db: Db) => void): void {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    [t] = await Promise.all([createTestDatabase(), admin.start()]);
    ready(t.db);
  });
  afterAll(async () => {
    await admin.server.stop();
    await t?.drop();
  });
}
