/**
 * Waits for a locked SQLite file without blocking the event loop.
 *
 * better-sqlite3 is synchronous: its busy_timeout waits for a lock by
 * sleeping inside the call, on Node's main thread, so one write to a file
 * another process has locked froze every request of the server (and several
 * writes waited one after another). The driver is therefore opened with
 * busy_timeout 0, so a locked write fails at once with SQLITE_BUSY, and this
 * decorator of Prisma's driver adapter does the waiting with timers instead,
 * retrying where a retry is safe, until the configured deadline:
 *
 * - a statement outside a transaction (autocommit: it failed whole, nothing
 *   was written);
 * - the start of a transaction, which is BEGIN IMMEDIATE: it takes the write
 *   lock up front, so a transaction never meets a lock half-way (a deferred
 *   BEGIN would fail at its first write, past the point a retry is safe).
 *
 * The adapter has one connection, so its transactions run one at a time; a
 * transaction's deadline counts from its request, its turn in that queue
 * included, so n waiting writes all answer within the configured time, not n
 * times it. Past the deadline the driver's SQLITE_BUSY surfaces, which the
 * public API answers with 503 and Retry-After. Reads need no lock in WAL
 * mode and are served meanwhile.
 */
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

type SqlDriverAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;
type SqlQuery = Parameters<SqlDriverAdapter["queryRaw"]>[0];

/** What PrismaClient needs of an adapter factory. */
export type SqliteAdapterFactory = Pick<PrismaBetterSQLite3, "provider" | "adapterName" | "connect">;

/** The first retry comes after about this long; later ones back off to MAX_STEP_MS. */
const FIRST_STEP_MS = 5;
/** Bounds how late a waiting write notices the lock is gone, and how often it asks. */
const MAX_STEP_MS = 50;

/** An adapter factory whose connections wait for locks asynchronously, at most waitMs per statement or transaction start. */
export function waitingForSqliteLocks(factory: SqliteAdapterFactory, waitMs: number): SqliteAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => new LockWaitingAdapter(await factory.connect(), waitMs),
  };
}

/** SQLITE_BUSY and its extended codes, as the adapter maps them (DriverAdapterError) or throws them raw. */
export function isSqliteBusy(e: unknown): boolean {
  const candidate = e as { code?: unknown; cause?: { originalCode?: unknown } } | null;
  const code = candidate?.cause?.originalCode ?? candidate?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * The driver's SQLITE_BUSY, for a transaction whose turn did not come in
 * time. Prisma recognises adapter errors by this name and cause (the shape of
 * its DriverAdapterError), so callers see what a locked statement gives them.
 */
function busyError(): Error {
  const cause = { kind: "SocketTimeout", originalCode: "SQLITE_BUSY", originalMessage: "database is locked" };
  return Object.assign(new Error("database is locked"), { name: "DriverAdapterError", cause });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a statement, and again after a growing, jittered pause while it meets a lock, until the deadline. */
async function retryWhileBusy<T>(run: () => Promise<T>, deadline: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isSqliteBusy(error) || left <= 0) throw error;
      const step = Math.min(MAX_STEP_MS, FIRST_STEP_MS * 2 ** attempt);
      // Jitter: writers that met the same lock do not all come back in the same tick.
      await delay(Math.min(left, step / 2 + (Math.random() * step) / 2));
    }
  }
}

/** One transaction at a time on the connection, first come first served; a waiter gives up at its deadline. */
class TransactionQueue {
  #busy = false;
  #waiting: (() => void)[] = [];

  /** Resolves with a release function once it is this caller's turn, or rejects as busy at the deadline. */
  acquire(deadline: number): Promise<() => void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.#releaser());
      };
      const timer = setTimeout(
        () => {
          this.#waiting = this.#waiting.filter((g) => g !== grant);
          reject(busyError());
        },
        Math.max(0, deadline - Date.now()),
      );
      this.#waiting.push(grant);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#busy = false;
    };
  }
}

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

class LockWaitingAdapter implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter["provider"];
  readonly adapterName: string;
  readonly #inner: SqlDriverAdapter;
  readonly #waitMs: number;
  readonly #queue = new TransactionQueue();
  readonly getConnectionInfo?: SqlDriverAdapter["getConnectionInfo"];

  constructor(inner: SqlDriverAdapter, waitMs: number) {
    this.#inner = inner;
    this.#waitMs = waitMs;
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
    // Only where the driver has it: Prisma plans queries differently by its answer.
    if (inner.getConnectionInfo) this.getConnectionInfo = () => inner.getConnectionInfo!();
  }

  queryRaw(query: SqlQuery) {
    return retryWhileBusy(() => this.#inner.queryRaw(query), Date.now() + this.#waitMs);
  }

  executeRaw(query: SqlQuery) {
    return retryWhileBusy(() => this.#inner.executeRaw(query), Date.now() + this.#waitMs);
  }

  // A script may fail half-way: not retried (only the CLI runs scripts).
  executeScript(script: string) {
    return this.#inner.executeScript(script);
  }

  async startTransaction(isolationLevel?: Parameters<SqlDriverAdapter["startTransaction"]>[0]): Promise<Transaction> {
    // SQLite transactions are serializable; the driver refuses any other level, and so does this.
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") return this.#inner.startTransaction(isolationLevel);
    const deadline = Date.now() + this.#waitMs;
    const release = await this.#queue.acquire(deadline);
    try {
      await retryWhileBusy(() => this.#inner.executeRaw(statement("BEGIN IMMEDIATE")), deadline);
    } catch (e) {
      release();
      throw e;
    }
    return new LockHoldingTransaction(this.#inner, release);
  }

  dispose() {
    return this.#inner.dispose();
  }
}

/** A transaction begun by LockWaitingAdapter: Prisma sends COMMIT and ROLLBACK itself, then calls commit() or rollback(). */
class LockHoldingTransaction implements Transaction {
  readonly provider: Transaction["provider"];
  readonly adapterName: string;
  readonly options = { usePhantomQuery: false };
  readonly #connection: SqlDriverAdapter;
  readonly #release: () => void;

  constructor(connection: SqlDriverAdapter, release: () => void) {
    this.#connection = connection;
    this.#release = release;
    this.provider = connection.provider;
    this.adapterName = connection.adapterName;
  }

  queryRaw(query: SqlQuery) {
    return this.#connection.queryRaw(query);
  }

  async executeRaw(query: SqlQuery) {
    try {
      return await this.#connection.executeRaw(query);
    } catch (error) {
      // Prisma calls commit()/rollback() only when its COMMIT/ROLLBACK
      // succeeded: after a failed one the connection would stay in the
      // transaction and the queue would never move on.
      if (query.sql === "COMMIT" || query.sql === "ROLLBACK") {
        await this.#connection.executeRaw(statement("ROLLBACK")).catch(() => {});
        this.#release();
      }
      throw error;
    }
  }

  async commit() {
    this.#release();
  }

  async rollback() {
    this.#release();
  }
}
