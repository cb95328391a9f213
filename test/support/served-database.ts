/**
 * The setup most API test files share: a new test database (seeded with the
 * demo's websites when asked) and the built server on it, stopped and dropped
 * after the tests.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { seedIfEmpty } from "#prisma/seed";
import { startTestServer, type TestServer } from "./server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** A new test database, with the demo's seed rows when `seed` is set. */
export async function newTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const tdb = await createTestDatabase();
  if (options.seed) await seedIfEmpty(tdb.db);
  return tdb;
}

/** A new test database (seeded when asked) and the built server on it with `env`; the database is dropped again when the server fails to start. */
export async function serveNewDatabase(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<{ tdb: TestDatabase; server: TestServer }> {
  const tdb = await newTestDatabase(options);
  try {
    return { tdb, server: await startTestServer({ databaseUrl: tdb.url, env: options.env }) };
  } catch (error) {
    await tdb.drop();
    throw error;
  }
}

/** Stops the server, then drops its database; either is missing when the file's setup failed half way. */
export async function stopServerAndDrop(server: TestServer | undefined, tdb: TestDatabase | undefined) {
  await server?.stop();
  await tdb?.drop();
}

/** The seed's first website that is a Shopify shop (the demo store). */
export async function firstShopWebsiteId(db: TestDatabase["db"]): Promise<number> {
  return (await db.website.findFirstOrThrow({ where: { shopDomain: { not: null } }, orderBy: { id: "asc" } })).id;
}

/** The server setting a production server signs owner sessions with: a new random one per server. */
export const newSessionSecret = () => ({ SESSION_SECRET: randomBytes(32).toString("hex") });

/**
 * Registers a new test database and the built server on it for the file (or
 * the describe block it is called in): started before the tests, stopped and
 * dropped after them. The answer's `server` and `tdb` are set once its
 * beforeAll has run.
 */
export function withServedDatabase(options: { seed?: boolean; env?: Record<string, string> } = {}) {
  const served = {} as { tdb: TestDatabase; server: TestServer };
  beforeAll(async () => {
    Object.assign(served, await serveNewDatabase(options));
  });
  afterAll(() => stopServerAndDrop(served.server, served.tdb));
  return served;
}
