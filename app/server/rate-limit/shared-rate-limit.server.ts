/**
 * The rate limits of this server process, in the store its configuration
 * calls for: Redis when BECKON_REDIS_URL is set, else PostgreSQL when the
 * database is PostgreSQL (several processes may share it), else memory. The
 * shared stores fail open (rate-limit-store.server.ts).
 */
import { databaseTarget } from "#app/db/database-url";
import { serverEnv, type EnvSource } from "#app/server/env.server";
import { logger } from "#app/server/logger.server";
import { failingOpen, MemoryRateLimitStore, type BucketLimit, type RateLimitStore } from "./rate-limit-store.server";
import pg from "pg";
import { PostgresRateLimitStore, TAKE_SQL } from "./rate-limit-postgres.server";
import { RedisRateLimitStore } from "./rate-limit-redis.server";
import type { RateLimitVerdict } from "./rate-limit.server";

/** BECKON_REDIS_URL when set (redis:// or rediss://), else null; anything else is a configuration error. */
export function redisUrlFrom(env?: EnvSource): string | null {
  return serverEnv(env).redisUrl;
}

/** How long a shared store may take before a request goes ahead without it (BECKON_RATE_LIMIT_STORE_TIMEOUT_MS, 1 to 60,000 ms). */
export function storeTimeoutMs(env?: EnvSource): number {
  return serverEnv(env).rateLimitStoreTimeoutMs;
}

/** A shared store's fail-open warning, in the server log. */
const warn = (message: string) => logger("rate-limits").warn(message);

/** The store this configuration calls for. */
export function storeFromEnvironment(env?: EnvSource): RateLimitStore {
  const redisUrl = redisUrlFrom(env);
  const timeoutMs = storeTimeoutMs(env);
  if (redisUrl) return failingOpen(new RedisRateLimitStore(redisUrl), { timeoutMs, warn });
  const target = databaseTarget(serverEnv(env).databaseUrl);
  if (target.kind === "postgresql") {
    // A small pool of its own, with the take as a prepared statement: through Prisma's raw queries each
    // take cost the server several times the CPU, and the takes would queue behind the ingestion's writes.
    const pool = new pg.Pool({ connectionString: target.location, max: 3, application_name: "beckon-rate-limits" });
    pool.on("error", () => {}); // an idle connection lost: the next take reconnects (or fails open)
    const store = new PostgresRateLimitStore(async <Row>(sql: string, params: unknown[]) => {
      const prepared = sql === TAKE_SQL ? "beckon_rate_limit_take" : undefined;
      return (await pool.query({ name: prepared, text: sql, values: params })).rows as Row[];
    });
    const close = store.close.bind(store);
    store.close = async () => {
      await close();
      await pool.end();
    };
    return failingOpen(store, { timeoutMs, warn });
  }
  return new MemoryRateLimitStore();
}

let processStore: RateLimitStore | null = null;

/** This process's store (made on first use). */
export function rateLimitStore(): RateLimitStore {
  return (processStore ??= storeFromEnvironment());
}

/** A named limit whose buckets live in a store: the same name and key share one bucket across processes. */
export interface SharedLimit {
  readonly name: string;
  readonly limit: BucketLimit;
  /** Takes `cost` tokens (default 1) from the key's bucket; a negative cost hands them back. */
  take(key: string, cost?: number): Promise<RateLimitVerdict>;
}

/** A limit in the given store (default: this process's). */
export function sharedLimit(
  name: string,
  limit: BucketLimit,
  store: () => RateLimitStore = rateLimitStore,
): SharedLimit {
  return {
    name,
    limit,
    take: (key, cost = 1) => store().take({ name, key, cost, ...limit }),
  };
}
