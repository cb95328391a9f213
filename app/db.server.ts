/**
 * The one Prisma client. SQLite (better-sqlite3) unless DATABASE_URL points at
 * PostgreSQL. Both generated clients come from the same models, so the
 * PostgreSQL one is typed as the SQLite one.
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
// Explicit index.js paths: the server build keeps these generated CommonJS
// clients external (vite.config.ts), and Node's ESM loader needs file paths.
import { PrismaClient, Prisma } from "./generated/prisma-sqlite/index.js";
import { PrismaClient as PostgresPrismaClient, Prisma as PostgresPrisma } from "./generated/prisma-postgresql/index.js";
import { databaseTarget, type DatabaseTarget } from "./db/database-url";
import { plainSqlPool, registerPlainSql } from "./db/plain-sql.server";
import { serialPgTransactions } from "./db/pg-serial-transactions.server";
import { waitingForSqliteLocks } from "./db/sqlite-lock-wait.server";
import { serverEnv, type EnvSource } from "./server/env.server";

export type Db = PrismaClient;
export { Prisma };

/**
 * SQL NULL for a nullable Json column, from the namespace of the client in
 * use: the PostgreSQL client does not recognise the SQLite client's DbNull
 * and would store {} instead.
 */
export function dbNull(db: Db | Prisma.TransactionClient): typeof Prisma.DbNull {
  // Prisma keeps the provider on every client, transaction clients included.
  const provider = (db as unknown as { _activeProvider?: string })._activeProvider;
  return provider === "postgresql" ? (PostgresPrisma.DbNull as unknown as typeof Prisma.DbNull) : Prisma.DbNull;
}

/** Opens a client for a database target (tests open their own). */
export function createPrismaClient(target: DatabaseTarget = databaseTarget(serverEnv().databaseUrl)): Db {
  const client = openClient(target);
  if (target.kind !== "postgresql") return client;
  // Event ingestion's statements go through plain pg (plain-sql.server.ts says why); $disconnect closes that pool too.
  const plain = plainSqlPool(target.location, {
    max: serverEnv().pgIngestPoolSize,
    lockTimeoutMs: serverEnv().pgLockTimeoutMs,
  });
  const disconnect = async () => {
    await plain.end();
    await client.$disconnect();
  };
  const withPool = new Proxy(client, {
    get: (t, prop) => (prop === "$disconnect" ? disconnect : Reflect.get(t, prop)),
  });
  registerPlainSql(withPool, plain.query);
  return withPool;
}

function openClient(target: DatabaseTarget): PrismaClient {
  if (target.kind === "postgresql") {
    // lock_timeout: a statement waiting on a lock fails (and the public API answers 503) instead of hanging.
    // jit off: the app's queries are short index lookups, where compiling a
    // plan costs more than it saves; the results page's order attribution
    // paid 200 ms of JIT compilation for a 500 ms query at 1,000,000 events.
    // A DATABASE_URL that sets its own `options` keeps them.
    const adapter = new PrismaPg({
      connectionString: target.location,
      max: serverEnv().databasePoolSize,
      lock_timeout: serverEnv().pgLockTimeoutMs,
      options: "-c jit=off",
    });
    return new PostgresPrismaClient({ adapter: serialPgTransactions(adapter) }) as unknown as PrismaClient;
  }
  // WAL lets readers run beside the single writer. A writer waits for the
  // lock up to BECKON_SQLITE_BUSY_TIMEOUT_MS (10 s), then the public API
  // answers 503 with Retry-After. The driver's own busy_timeout would wait by
  // sleeping on the main thread (and defaults to 5 s), freezing every request:
  // it is 0, and the adapter waits with timers instead (sqlite-lock-wait.server.ts).
  const waitMs = sqliteBusyTimeoutMs();
  const adapter = waitingForSqliteLocks(new PrismaBetterSQLite3({ url: target.location, timeout: 0 }), waitMs);
  // Prisma's own limit on a transaction's start (2 s by default) would cut that wait short.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: waitMs + 1_000 } });
}

/** How long a SQLite writer waits for the lock (BECKON_SQLITE_BUSY_TIMEOUT_MS, default 10 s). */
export function sqliteBusyTimeoutMs(env?: EnvSource): number {
  return serverEnv(env).sqliteBusyTimeoutMs;
}

declare global {
  // Survives Vite's module reloads in development.
  var __beckonPrisma: Db | undefined;
}

/** The application's client. */
export const prisma: Db = globalThis.__beckonPrisma ?? (globalThis.__beckonPrisma = createPrismaClient());

/** Which database the application's client talks to. */
export const databaseKind = databaseTarget(serverEnv().databaseUrl).kind;

export default prisma;
