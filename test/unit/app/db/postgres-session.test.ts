/**
 * Settings every PostgreSQL connection of the app starts with
 * (app/db.server.ts). Runs on PostgreSQL when BECKON_TEST_POSTGRES_URL is
 * set; SQLite has no such settings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t.drop();
});

describe.skipIf(testDatabaseKind() !== "postgresql")("PostgreSQL connections", () => {
  it("run without JIT compilation, which cost the results page's short queries more than it saved", async () => {
    const rows = await t.db.$queryRawUnsafe<{ jit: string }[]>("SHOW jit");
    expect(rows[0].jit).toBe("off");
  });
});
