/**
 * A PostgreSQL transaction's connection is sent one statement at a time, even
 * when Prisma reads several relations at once inside the transaction (pg
 * warns about, and pg 9 will refuse, a query sent while another runs). Runs
 * on PostgreSQL (BECKON_TEST_POSTGRES_URL); the decorator itself is also
 * checked without a database.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serialTransaction } from "#app/db/pg-serial-transactions.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";

type Tx = Parameters<typeof serialTransaction>[0];

/** A fake transaction recording how many of its statements ran at once. */
function fakeTransaction() {
  let running = 0;
  const log: string[] = [];
  const stats = { most: 0 };
  const run =
    (name: string, fail = false) =>
    async (q: { sql: string }) => {
      running++;
      stats.most = Math.max(stats.most, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      log.push(`${name}:${q?.sql ?? ""}`);
      if (fail || q?.sql === "FAIL") throw new Error("statement failed");
      return { columnNames: [], columnTypes: [], rows: [] };
    };
  const tx = {
    queryRaw: run("query"),
    executeRaw: run("execute"),
    commit: run("commit"),
    rollback: run("rollback"),
    provider: "postgres",
    adapterName: "fake",
    options: { usePhantomQuery: false },
  };
  return { tx: tx as unknown as Tx, log, stats };
}

describe("serialTransaction", () => {
  it("runs statements one at a time in call order, commit last", async () => {
    const { tx, log, stats } = fakeTransaction();
    const serial = serialTransaction(tx);
    const q = (sql: string) => ({ sql, args: [], argTypes: [] });
    await Promise.all([serial.queryRaw(q("a")), serial.executeRaw(q("b")), serial.queryRaw(q("c")), serial.commit()]);
    expect(stats.most).toBe(1);
    expect(log).toEqual(["query:a", "execute:b", "query:c", "commit:"]);
  });

  it("keeps going after a failed statement, and its caller sees the failure", async () => {
    const { tx, log } = fakeTransaction();
    const serial = serialTransaction(tx);
    const q = (sql: string) => ({ sql, args: [], argTypes: [] });
    const [failed, next] = await Promise.allSettled([serial.queryRaw(q("FAIL")), serial.queryRaw(q("after"))]);
    expect(failed.status).toBe("rejected");
    expect(next.status).toBe("fulfilled");
    expect(log).toEqual(["query:FAIL", "query:after"]);
    // Anything that is not a statement passes through untouched.
    expect(serial.provider).toBe("postgres");
  });
});

describe.skipIf(testDatabaseKind() !== "postgresql")("a transaction on PostgreSQL", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it("never sends a statement while another is running on its connection", async () => {
    const site = await t.db.website.create({ data: { name: "Serial", dataSettings: {} } });
    await t.db.cta.create({ data: { websiteId: site.id, name: "One", ctaType: "overlay", options: {} } });
    const original = pg.Client.prototype.query;
    let overlapping = 0;
    pg.Client.prototype.query = function (this: { _queryQueue: unknown[]; _activeQuery: unknown }, ...args: unknown[]) {
      if (this._activeQuery || this._queryQueue.length > 0) overlapping++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      // Several relations at once: Prisma reads them with Promise.all.
      const found = await t.db.$transaction((tx) =>
        tx.website.findFirst({
          where: { id: site.id },
          include: { ctas: true, broadcasts: true, conditions: true, integrations: true, memberships: true },
        }),
      );
      expect(found?.ctas).toHaveLength(1);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(overlapping).toBe(0);
  });
});
