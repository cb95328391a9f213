/**
 * The harness shared by the public-api-*.test.ts files: the real server on a
 * seeded database (the one the test harness picked: SQLite, or PostgreSQL
 * with BECKON_TEST_POSTGRES_URL), the two websites with a published CTA each,
 * and a JSON POST to the server.
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";
import { postPublic } from "#test/support/http";

// Live bindings: set by withPublicApiServer()'s beforeAll, read by the tests as plain names.
export let tdb: TestDatabase;
export let server: TestServer;
export let sv: number; // the Swedish site
export let store: number; // the demo store
export let svCta: { id: number; variantId: number };
export let storeCta: { id: number; variantId: number };

/** A JSON POST to the server: its status and parsed answer. */
export const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postPublic(server.origin, path, body, headers);

/** Registers the file's database (seeded) and server: started before its tests, stopped after them. */
export function withPublicApiServer() {
  beforeAll(async () => {
    tdb = await createTestDatabase();
    await seedIfEmpty(tdb.db);
    const sites = await tdb.db.website.findMany({ orderBy: { id: "asc" } });
    sv = sites.find((s) => s.currency === "SEK")!.id;
    store = sites.find((s) => s.shopDomain)!.id;
    const first = async (websiteId: number) => {
      const cta = await tdb.db.cta.findFirstOrThrow({
        where: { websiteId, status: "published" },
        include: { variants: true },
        orderBy: { id: "asc" },
      });
      return { id: cta.id, variantId: cta.variants[0].id };
    };
    svCta = await first(sv);
    storeCta = await first(store);
    server = await startTestServer({ databaseUrl: tdb.url });
  });

  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
  });
}
