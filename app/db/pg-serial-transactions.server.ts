/**
 * One statement at a time on each PostgreSQL transaction's connection.
 *
 * Prisma's query interpreter runs the child queries of a read with several
 * relations (a findFirst with two includes, as loadCtaDocument does inside
 * saveCtaDocument's transaction) with Promise.all. Outside a transaction each
 * gets a pool connection of its own; inside one they all go to the
 * transaction's single pg client, which queues them but warns
 * ("Calling client.query() when the client is already executing a query is
 * deprecated and will be removed in pg@9.0"): pg 9 will reject that, and a
 * connection that is sent a second statement before the first has answered
 * is one whose errors and results can no longer be told apart. This
 * decorator of the adapter factory chains a transaction's statements (and
 * its commit or rollback after them), which is what the queue did anyway,
 * without relying on it.
 */
import type { PrismaPg } from "@prisma/adapter-pg";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;

/** What PrismaClient needs of an adapter factory. */
export type PgAdapterFactory = Pick<PrismaPg, "provider" | "adapterName" | "connect">;

const CHAINED = new Set<PropertyKey>(["queryRaw", "executeRaw", "commit", "rollback"]);

/** The transaction with its statements, commit and rollback run one after another, in call order. */
export function serialTransaction(tx: Transaction): Transaction {
  let tail: Promise<unknown> = Promise.resolve();
  return new Proxy(tx, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (!CHAINED.has(prop) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const run = tail.then(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        // The next statement waits for this one to settle, failed or not; the caller sees the failure.
        tail = run.catch(() => {});
        return run;
      };
    },
  });
}

/** An adapter factory whose transactions send one statement at a time. */
export function serialPgTransactions(factory: PgAdapterFactory): PgAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      return new Proxy(adapter, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== "startTransaction" || typeof value !== "function")
            return typeof value === "function" ? value.bind(target) : value;
          return async (...args: unknown[]) =>
            serialTransaction(await (value as (...a: unknown[]) => Promise<Transaction>).apply(target, args));
        },
      });
    },
  };
}
