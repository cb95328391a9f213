/**
 * A locked database: another connection holds the write lock (SQLite BEGIN
 * EXCLUSIVE; PostgreSQL LOCK TABLE). Writes through the public API answer
 * 503 with Retry-After within a bounded time (the lock wait is lowered for
 * the test) instead of hanging; reads keep working; nothing half-written is
 * left; once the lock goes, the same sends succeed, each stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";

let tdb: TestDatabase;
let server: TestServer;
let site: number;
const kind = testDatabaseKind();
const LOCK_WAIT_MS = 300;

const token = () => randomBytes(16).toString("hex");

async function post(path: string, body: unknown) {
  const started = Date.now();
  const res = await fetch(server.origin + path, {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: JSON.parse(text),
    retryAfter: res.headers.get("retry-after"),
    ms: Date.now() - started,
  };
}

/** Holds the database's write lock from a connection of its own until release() is called. */
async function holdWriteLock(): Promise<{ release(): Promise<void> }> {
  if (kind === "sqlite") {
    const db = new Database(tdb.target.location);
    db.exec("BEGIN EXCLUSIVE");
    return {
      async release() {
        db.exec("ROLLBACK");
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: tdb.url });
  await client.connect();
  await client.query("BEGIN");
  await client.query('LOCK TABLE "Person", "TrackedEvent", "ContactSubmission" IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await client.query("ROLLBACK");
      await client.end();
    },
  };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  site = (await tdb.db.website.findFirstOrThrow({ where: { shopDomain: { not: null } }, orderBy: { id: "asc" } })).id;
  server = await startTestServer({
    databaseUrl: tdb.url,
    env: { BECKON_SQLITE_BUSY_TIMEOUT_MS: String(LOCK_WAIT_MS), BECKON_PG_LOCK_TIMEOUT_MS: String(LOCK_WAIT_MS) },
  });
});

afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

describe(`a locked database (${kind})`, () => {
  it("answers writes 503 with Retry-After instead of hanging, keeps reads working, and recovers", async () => {
    const visitor = token();
    expect((await post(`/api/websites/${site}/visitors`, { visitor: { visitor_token: visitor } })).status).toBe(201);
    const events = { events: [{ id: `ev-${token()}`, event_type: "View", visitor_token: visitor }] };
    const contact = { contact: { id: `ct-${token()}`, visitor_token: visitor, email: "locked@example.com" } };
    const before = { events: await tdb.db.trackedEvent.count(), submissions: await tdb.db.contactSubmission.count() };

    const lock = await holdWriteLock();
    try {
      for (const [path, body] of [
        [`/api/websites/${site}/events/create`, events],
        [`/api/websites/${site}/contacts/create`, contact],
        [`/api/websites/${site}/visitors`, { visitor: { visitor_token: token() } }],
      ] as const) {
        const r = await post(path, body);
        expect(r.status, `${path}: ${JSON.stringify(r.json)}`).toBe(503);
        expect(Number(r.retryAfter), path).toBeGreaterThan(0);
        expect(r.json.error.message).toMatch(/busy/);
        // Bounded: the lock wait plus a margin, never the default 10 s.
        expect(r.ms, path).toBeLessThan(5_000);
      }
      // Reads do not need the write lock (SQLite WAL; PostgreSQL's lock blocks only the tables it names).
      const script = await fetch(`${server.origin}/api/websites/${site}.js`);
      expect(script.status).toBe(200);
    } finally {
      await lock.release();
    }

    expect(await tdb.db.trackedEvent.count()).toBe(before.events);
    expect(await tdb.db.contactSubmission.count()).toBe(before.submissions);
    // The widget's queue resends the same items: now stored, each once.
    const again = await post(`/api/websites/${site}/events/create`, events);
    expect(again.status).toBe(200);
    expect(again.json.stored).toBe(1);
    const contactAgain = await post(`/api/websites/${site}/contacts/create`, contact);
    expect([200, 201]).toContain(contactAgain.status);
    expect(await tdb.db.trackedEvent.count()).toBe(before.events + 1);
    expect(await tdb.db.contactSubmission.count()).toBe(before.submissions + 1);
    expect(server.output()).not.toMatch(/public API error/);
  });
});
