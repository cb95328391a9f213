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
export function createPrismaClient(target: DatabaseTarget = databaseTarget()): Db {
  if (target.kind === "postgresql") {
    const adapter = new PrismaPg({ connectionString: target.location, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    return new PostgresPrismaClient({ adapter }) as unknown as Db;
  }
  // WAL lets readers run beside the single writer; busy_timeout makes a
  // writer wait for the lock instead of failing at once.
  const adapter = new PrismaBetterSQLite3({ url: target.location, timeout: 10_000 });
  return new PrismaClient({ adapter });
}

declare global {
  // Survives Vite's module reloads in development.
  var __beckonPrisma: Db | undefined;
}

/** The application's client. */
export const prisma: Db = globalThis.__beckonPrisma ?? (globalThis.__beckonPrisma = createPrismaClient());

/** Which database the application's client talks to. */
export const databaseKind = databaseTarget().kind;

export default prisma;
