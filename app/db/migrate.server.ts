/**
 * Applies the SQL migrations in prisma/migrations (SQLite) or
 * prisma/postgresql/migrations (PostgreSQL), each once, in name order, each in
 * its own transaction, recording them in `_beckon_migrations`. Beckon applies
 * migrations itself because Prisma's CLI cannot run its native engine on
 * machines without internet access; the SQL files themselves are Prisma's
 * (see scripts/create-migration.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { DatabaseTarget } from "./database-url";

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATIONS_TABLE = "_beckon_migrations";

/** Reads the migrations for a kind of database, oldest first. */
export function readMigrations(kind: DatabaseTarget["kind"], root = process.cwd()): Migration[] {
  const dir = path.join(root, kind === "sqlite" ? "prisma/migrations" : "prisma/postgresql/migrations");
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  return readdirSync(dir)
    .filter((n) => existsSync(path.join(dir, n, "migration.sql")))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** The names and checksums of the applied migrations, the same query on both databases. */
const SELECT_APPLIED = `SELECT name, checksum FROM "${MIGRATIONS_TABLE}"`;

/** The migrations not applied yet, oldest first; refuses when an applied one's SQL has changed since. */
function pendingMigrations(appliedRows: { name: string; checksum: string }[], migrations: Migration[]): Migration[] {
  const applied = new Map(appliedRows.map((r) => [r.name, r.checksum]));
  for (const migration of migrations) {
    const sum = applied.get(migration.name);
    if (sum && sum !== migration.checksum) {
      throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
    }
  }
  return migrations.filter((m) => !applied.has(m.name));
}

function migrateSqlite(file: string, migrations: Migration[]): string[] {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 10000");
    db.exec(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`,
    );
    const rows = db.prepare(SELECT_APPLIED).all() as { name: string; checksum: string }[];
    const done: string[] = [];
    for (const migration of pendingMigrations(rows, migrations)) {
      // Prisma's SQLite migrations toggle foreign keys themselves when they
      // rebuild tables; PRAGMA foreign_keys is a no-op inside a transaction,
      // so switch it off around the transaction as `migrate deploy` does.
      db.pragma("foreign_keys = OFF");
      db.transaction(() => {
        db.exec(migration.sql);
        db.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum, applied_at) VALUES (?, ?, ?)`).run(
          migration.name,
          migration.checksum,
          new Date().toISOString(),
        );
      })();
      db.pragma("foreign_keys = ON");
      done.push(migration.name);
    }
    return done;
  } finally {
    db.close();
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Serialize concurrent migrators (two app instances starting together).
    await client.query("SELECT pg_advisory_lock(7314159)");
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`,
    );
    const { rows } = await client.query<{ name: string; checksum: string }>(SELECT_APPLIED);
    const done: string[] = [];
    for (const migration of pendingMigrations(rows, migrations)) {
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum, applied_at) VALUES ($1, $2, now())`, [
          migration.name,
          migration.checksum,
        ]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(e as Error).message}`);
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock(7314159)").catch(() => {});
    await client.end();
  }
}

/** Brings the database up to date; returns the names of the migrations it applied. */
export async function migrate(target: DatabaseTarget, root = process.cwd()): Promise<string[]> {
  const migrations = readMigrations(target.kind, root);
  return target.kind === "sqlite"
    ? migrateSqlite(target.location, migrations)
    : migratePostgres(target.location, migrations);
}
