/**
 * Plain SQL for the hot statements of event ingestion on PostgreSQL (and the
 * results page's order reads, tens of thousands of rows), on a small pg pool
 * of its own, as named prepared statements.
 *
 * Why not Prisma: measured on this project (one 50-event batch statement,
 * loopback PostgreSQL), Prisma's raw query took about 2.7 ms of Node's CPU
 * and 7.8 ms end to end, plain pg 0.8 ms and 2.8 ms (prepared: parsed and
 * planned once per connection); a one-row findMany costs about 2 ms of CPU
 * in Prisma's query compiler. Ingestion is where those milliseconds add up.
 * Everything else keeps going through Prisma.
 *
 * A client made by createPrismaClient for PostgreSQL gets one (db.server.ts);
 * for any other client (SQLite, a test's wrapper around a client) plainSqlOf
 * falls back to the client's own $queryRawUnsafe, with the same SQL.
 */
import pg from "pg";
import type { Db } from "#app/db.server";

/** Runs one statement with positional parameters; `name` makes it a prepared statement on each connection. */
export type PlainSql = <Row>(sql: string, params: unknown[], name?: string) => Promise<Row[]>;

export interface PlainSqlPool {
  query: PlainSql;
  end(): Promise<void>;
}

/** A lazily opened pg pool on a PostgreSQL connection string. */
export function plainSqlPool(connectionString: string, options: { max: number; lockTimeoutMs: number }): PlainSqlPool {
  let pool: pg.Pool | null = null;
  const open = () => {
    if (pool) return pool;
    // No JIT: these are short indexed statements, but a LATERAL per order lifts the results page's
    // order query past jit_above_cost, and compiling it took about 66 ms of a 100 ms query. A larger
    // work_mem than the default 4 MB: the order credit sorts a month's orders (150,000 at
    // 10,000,000 events, 6 MB), which spilled to disk.
    const settings = "-c jit=off -c work_mem=32MB";
    pool = new pg.Pool({
      connectionString,
      max: options.max,
      lock_timeout: options.lockTimeoutMs,
      application_name: "beckon-ingestion",
      options: settings,
    });
    // An idle connection lost (a restart, a dropped database): the next query opens another.
    pool.on("error", () => {});
    return pool;
  };
  return {
    query: async <Row>(sql: string, params: unknown[], name?: string) =>
      (await open().query({ name, text: sql, values: params })).rows as Row[],
    async end() {
      const currentPool = pool;
      pool = null;
      await currentPool?.end();
    },
  };
}

const registered = new WeakMap<object, PlainSql>();

/** Gives a client its plain pool (db.server.ts does, for PostgreSQL). */
export function registerPlainSql(client: object, query: PlainSql): void {
  registered.set(client, query);
}

/** The plain SQL of a client: its pool when it has one, else its own raw queries (same SQL, no prepared statements). */
export function plainSqlOf(db: Pick<Db, "$queryRawUnsafe">): PlainSql {
  return registered.get(db) ?? (<Row>(sql: string, params: unknown[]) => db.$queryRawUnsafe<Row[]>(sql, ...params));
}
