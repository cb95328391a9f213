/**
 * A SQLite file locked by another process (BEGIN EXCLUSIVE, held for longer
 * than the configured wait) must not freeze the server: several writes sent
 * at once all answer 503 with Retry-After within the configured wait plus a
 * margin (not one after another), while the cached site script, the owner's
 * login page and a visitor's lookup keep answering at once. Once the lock goes,
 * the same sends are stored, each once. PostgreSQL waits on its own
 * connections (lock_timeout; faults-database.test.ts), so this runs on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import { testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { firstShopWebsiteId, serveNewDatabase, stopServerAndDrop } from "#test/support/served-database";

const kind = testDatabaseKind();
const LOCK_WAIT_MS = 2_000;
/** Room for a loaded machine; one wait after another (the old behaviour) is n × LOCK_WAIT_MS. */
const MARGIN_MS = 2_000;
/** A read that waited behind the writes would take their whole wait or more. */
const READ_BOUND_MS = 1_500;

let tdb: TestDatabase;
let server: TestServer;
let site: number;

const token = () => randomBytes(16).toString("hex");

async function timed(path: string, init?: RequestInit) {
  const started = Date.now();
  const res = await fetch(server.origin + path, init);
  const text = await res.text();
  return { path, status: res.status, text, retryAfter: res.headers.get("retry-after"), ms: Date.now() - started };
}

const post = (path: string, body: unknown) =>
  timed(path, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify(body) });

describe.skipIf(kind !== "sqlite")("a SQLite file locked by another process", () => {
  beforeAll(async () => {
    ({ tdb, server } = await serveNewDatabase({
      seed: true,
      env: { BECKON_SQLITE_BUSY_TIMEOUT_MS: String(LOCK_WAIT_MS) },
    }));
    site = await firstShopWebsiteId(tdb.db);
  });

  afterAll(() => stopServerAndDrop(server, tdb));

  it("answers concurrent writes 503 within the configured wait while reads and cached answers keep flowing", async () => {
    const visitor = token();
    expect((await post(`/api/websites/${site}/visitors`, { visitor: { visitor_token: visitor } })).status).toBe(201);
    // Warm: the site script is cached in memory from here on, and the first
    // run of each path (code compiled on first use, for a second on a loaded
    // machine) is not what this measures.
    for (const path of [`/api/websites/${site}.js`, `/owner/login`, `/api/visitors/${visitor}?website_id=${site}`]) {
      expect((await timed(path)).status, path).toBe(200);
    }
    expect(
      (
        await post(`/api/websites/${site}/events/create`, {
          events: [{ id: `ev-${token()}`, event_type: "View", visitor_token: visitor }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await post(`/api/websites/${site}/contacts/create`, {
          contact: { id: `ct-${token()}`, visitor_token: visitor, email: "warm@example.com" },
        })
      ).status,
    ).toBe(201);
    const before = {
      events: await tdb.db.trackedEvent.count(),
      submissions: await tdb.db.contactSubmission.count(),
      people: await tdb.db.person.count(),
    };

    const sends = [
      [
        `/api/websites/${site}/events/create`,
        { events: [{ id: `ev-${token()}`, event_type: "View", visitor_token: visitor }] },
      ],
      [
        `/api/websites/${site}/events/create`,
        { events: [{ id: `ev-${token()}`, event_type: "Visit", visitor_token: visitor }] },
      ],
      [
        `/api/websites/${site}/contacts/create`,
        { contact: { id: `ct-${token()}`, visitor_token: visitor, email: "lock-a@example.com" } },
      ],
      [
        `/api/websites/${site}/contacts/create`,
        { contact: { id: `ct-${token()}`, visitor_token: visitor, email: "lock-b@example.com" } },
      ],
      [`/api/websites/${site}/visitors`, { visitor: { visitor_token: token() } }],
      [`/api/websites/${site}/visitors`, { visitor: { visitor_token: token() } }],
    ] as const;

    // Another process's connection: the server's own connection cannot see it coming.
    const holder = new Database(tdb.target.location);
    holder.exec("BEGIN EXCLUSIVE");
    try {
      let pending = sends.length;
      const writes = Promise.all(sends.map(([path, body]) => post(path, body).finally(() => pending--)));

      // Reads, round after round, for as long as the writes wait.
      const reads: Awaited<ReturnType<typeof timed>>[] = [];
      while (pending > 0 && reads.length < 30) {
        reads.push(await timed(`/api/websites/${site}.js`));
        reads.push(await timed(`/owner/login`));
        reads.push(await timed(`/api/visitors/${visitor}?website_id=${site}`));
      }
      const answered = await writes;

      expect(reads.length).toBeGreaterThanOrEqual(3);
      for (const r of reads) {
        expect(r.status, `${r.path}: ${r.text.slice(0, 200)}`).toBe(200);
        expect(r.ms, `${r.path} while the lock is held`).toBeLessThan(READ_BOUND_MS);
      }
      for (const w of answered) {
        expect(w.status, `${w.path}: ${w.text}`).toBe(503);
        expect(Number(w.retryAfter), w.path).toBeGreaterThan(0);
        expect(JSON.parse(w.text).error.message).toMatch(/busy/);
        // It did wait for the lock (a write that fails at once would lose data a brief lock would not)...
        expect(w.ms, w.path).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
        // ...and all waited at the same time, within the configured wait.
        expect(w.ms, w.path).toBeLessThan(LOCK_WAIT_MS + MARGIN_MS);
      }
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }

    expect(await tdb.db.trackedEvent.count()).toBe(before.events);
    expect(await tdb.db.contactSubmission.count()).toBe(before.submissions);
    expect(await tdb.db.person.count()).toBe(before.people);

    // The widget's queue sends the same items again: now each is stored, once.
    const again = await Promise.all(sends.map(([path, body]) => post(path, body)));
    for (const r of again) expect([200, 201], `${r.path}: ${r.text}`).toContain(r.status);
    expect(await tdb.db.trackedEvent.count()).toBe(before.events + 2);
    expect(await tdb.db.contactSubmission.count()).toBe(before.submissions + 2);
    expect(await tdb.db.person.count()).toBe(before.people + 2);
    expect(server.output()).not.toMatch(/public API error/);
  });
});
