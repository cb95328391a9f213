/**
 * The harness of the API tests about one owner's website (results, revenue,
 * the results CSV): the built server on a new database holding one website
 * with a form CTA, and an owner account that is its member.
 */
import { afterAll, beforeAll } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { newSessionSecret, newTestDatabase, stopServerAndDrop } from "#test/support/served-database";
import { addWebsiteOwner } from "#test/support/owner-session";
import { formCtaMock, websiteMock } from "#test/support/row-factories";

// Live bindings: set by withOwnedWebsiteServer()'s beforeAll, read by the tests as plain names.
export let t: TestDatabase;
export let server: TestServer;
export let websiteId: number;
export let cta: { ctaId: number; variantId: number };

/** Registers the file's database, website, owner and server: started before its tests (and its own beforeAll), stopped after them. */
export function withOwnedWebsiteServer(owner: { email: string; password: string; name: string }) {
  beforeAll(async () => {
    t = await newTestDatabase();
    websiteId = (await websiteMock(t.db)).id;
    cta = await formCtaMock(t.db, websiteId, []);
    await addWebsiteOwner(t.db, websiteId, owner);
    server = await startTestServer({ databaseUrl: t.url, env: newSessionSecret() });
  });

  afterAll(() => stopServerAndDrop(server, t));
}
