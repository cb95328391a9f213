/**
 * A fresh, migrated database per test file, so tests never depend on each
 * other's data. SQLite: a file in a temporary folder. PostgreSQL (when the test
 * harness sets BECKON_TEST_POSTGRES_URL to a throwaway cluster): a new database
 * in that cluster, dropped afterwards.
 */
import { afterAll, beforeAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPrismaClient, type Db } from "#app/db.server";
import { databaseTarget, type DatabaseTarget } from "#app/db/database-url";
import { migrate } from "#app/db/migrate.server";

export interface TestDatabase {
  db: Db;
  /** DATABASE_URL for a server process that should use this database. */
  url: string;
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/** Which kind of database this test run uses. */
export function testDatabaseKind(): "sqlite" | "postgresql" {
  return process.env.BECKON_TEST_POSTGRES_URL ? "postgresql" : "sqlite";
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const clusterUrl = process.env.BECKON_TEST_POSTGRES_URL;
  if (clusterUrl) {
    const name = `beckon_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    const target = databaseTarget(url.toString());
    await migrate(target);
    const db = createPrismaClient(target);
    return {
      db,
      url: url.toString(),
      target,
      async drop() {
        await db.$disconnect();
        const c = new pg.Client({ connectionString: clusterUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "beckon-test-"));
  const file = path.join(dir, "test.db");
  const target = databaseTarget(`file:${file}`);
  await migrate(target);
  const db = createPrismaClient(target);
  return {
    db,
    url: `file:${file}`,
    target,
    async drop() {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database for a test file (or describe block): created before its
 * tests, dropped after them. Its fields can be read from inside a test or a
 * hook, once beforeAll has run.
 */
export function fileTestDatabase(): TestDatabase {
  let created: TestDatabase | undefined;
  beforeAll(async () => {
    created = await createTestDatabase();
  });
  afterAll(async () => {
    await created?.drop();
  });
  return new Proxy({} as TestDatabase, {
    get(_target, field) {
      if (!created) throw new Error("The test database is made in beforeAll: read it inside a test or a hook");
      return Reflect.get(created, field);
    },
  });
}
