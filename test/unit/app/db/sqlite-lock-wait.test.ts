/**
 * The SQLite adapter waits for a lock held by another connection with
 * timers, never inside the driver on the main thread: a locked write leaves
 * the event loop turning, succeeds once the lock goes, and fails as busy at
 * its own deadline; concurrent transactions give up together, not one after
 * another; a transaction takes the write lock at BEGIN.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isSqliteBusy, waitingForSqliteLocks } from "#app/db/sqlite-lock-wait.server";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

const WAIT_MS = 400;
const sql = (text: string, args: unknown[] = []) => ({
  sql: text,
  args,
  argTypes: args.map(() => ({ scalarType: "string" as const, arity: "scalar" as const })),
});
const insert = (value: string) => sql("INSERT INTO t (v) VALUES (?)", [value]);
/** One turn of the event loop: a check-phase callback runs only once the current synchronous work is done. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

let dir: string;
let file: string;
let adapter: Adapter;
/** Another connection, as another process would hold the lock. */
let other: Database.Database;

/** The adapter as db.server.ts builds it. */
function connect(waitMs = WAIT_MS): Promise<Adapter> {
  return waitingForSqliteLocks(new PrismaBetterSQLite3({ url: file, timeout: 0 }), waitMs).connect();
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "beckon-lock-"));
  file = path.join(dir, "lock.db");
  other = new Database(file, { timeout: 0 });
  other.pragma("journal_mode = WAL");
  other.exec("CREATE TABLE t (v TEXT NOT NULL)");
  adapter = await connect();
});

afterEach(async () => {
  if (other.inTransaction) other.exec("ROLLBACK");
  other.close();
  await adapter.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const count = () => (other.prepare("SELECT count(*) AS n FROM t").get() as { n: number }).n;

describe("a SQLite file locked by another connection", () => {
  it("a write waits with the event loop turning, and is stored once the lock goes", async () => {
    other.exec("BEGIN EXCLUSIVE");
    let settled = false;
    const write = adapter.executeRaw(insert("a")).finally(() => (settled = true));
    await turn();
    // A driver that waited inside the call would have settled before the loop turned.
    expect(settled).toBe(false);
    other.exec("ROLLBACK");
    expect(await write).toBe(1);
    expect(count()).toBe(1);
  });

  it("a write still locked at its deadline fails as busy after about the configured wait", async () => {
    other.exec("BEGIN EXCLUSIVE");
    const started = Date.now();
    const error = await adapter.executeRaw(insert("a")).then(
      () => null,
      (e: unknown) => e,
    );
    const ms = Date.now() - started;
    expect(isSqliteBusy(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(WAIT_MS - 5);
    expect(ms).toBeLessThan(WAIT_MS + 2_000);
    other.exec("ROLLBACK");
    expect(count()).toBe(0);
  });

  it("reads are answered while the lock is held (WAL)", async () => {
    other.exec("INSERT INTO t (v) VALUES ('committed')");
    other.exec("BEGIN EXCLUSIVE");
    other.exec("INSERT INTO t (v) VALUES ('uncommitted')");
    const read = await adapter.queryRaw(sql("SELECT v FROM t"));
    expect(read.rows).toEqual([["committed"]]);
  });

  it("concurrent transactions give up at their own deadlines, together, not one after another", async () => {
    other.exec("BEGIN EXCLUSIVE");
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        adapter.startTransaction().then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    const ms = Date.now() - started;
    for (const e of results) expect(isSqliteBusy(e), String(e)).toBe(true);
    // One after another would take 5 × WAIT_MS.
    expect(ms).toBeLessThan(2 * WAIT_MS + 500);
    other.exec("ROLLBACK");
    // The queue is free again.
    const tx = await adapter.startTransaction();
    await tx.executeRaw(sql("ROLLBACK"));
    await tx.rollback();
  });

  it("a transaction takes the write lock at BEGIN (IMMEDIATE), and waits its turn behind the lock", async () => {
    other.exec("BEGIN EXCLUSIVE");
    let begun = false;
    const starting = adapter.startTransaction().finally(() => (begun = true));
    await turn();
    expect(begun).toBe(false);
    other.exec("ROLLBACK");
    const tx = await starting;
    // Before its first statement, the transaction already holds the write lock.
    expect(() => other.exec("BEGIN IMMEDIATE")).toThrow(/locked|busy/i);
    await tx.executeRaw(insert("in tx"));
    await tx.executeRaw(sql("COMMIT"));
    await tx.commit();
    expect(count()).toBe(1);
  });

  it("a failed COMMIT rolls back and frees the connection for the next transaction", async () => {
    await adapter.executeRaw(sql("PRAGMA foreign_keys = ON"));
    await adapter.executeRaw(sql("CREATE TABLE parent (id INTEGER PRIMARY KEY)"));
    await adapter.executeRaw(
      sql("CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)"),
    );
    const tx = await adapter.startTransaction();
    await tx.executeRaw(sql("INSERT INTO child (parent_id) VALUES (42)"));
    // The deferred foreign key fails at COMMIT; Prisma then calls neither commit() nor rollback().
    await expect(tx.executeRaw(sql("COMMIT"))).rejects.toThrow();
    const next = await adapter.startTransaction();
    await next.executeRaw(insert("next"));
    await next.executeRaw(sql("COMMIT"));
    await next.commit();
    expect(count()).toBe(1);
    expect((other.prepare("SELECT count(*) AS n FROM child").get() as { n: number }).n).toBe(0);
  });
});
