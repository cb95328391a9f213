/**
 * Where the rate limits' token buckets live, behind one interface, so that
 * several server processes on one database share their limits (a burst
 * spread over three processes meets one limit, not three):
 * - memory: the default (SQLite, one embedded process), no round trip;
 * - Redis, when BECKON_REDIS_URL is set (rate-limit-redis.server.ts);
 * - PostgreSQL, when the database is PostgreSQL and no Redis is set
 *   (rate-limit-postgres.server.ts).
 * Every take is atomic per bucket in each store (a Lua script, one UPSERT,
 * or one synchronous step in memory), so concurrent requests on different
 * processes cannot all pass a limit they together exceed.
 *
 * A shared store fails open: when Redis or PostgreSQL does not answer in
 * time, the request goes ahead and a warning is logged (at most once a
 * minute). A rate limiter must not take the site down; without the store
 * the database is usually down too, and those requests fail on their own.
 */
import { createHash } from "node:crypto";
import { RateLimiter, type RateLimitVerdict } from "./rate-limit.server";

/** A bucket's size and refill. */
export interface BucketLimit {
  /** Tokens a full bucket holds: requests allowed in a burst. */
  capacity: number;
  /** Tokens added per second. */
  refillPerSecond: number;
}

/** One take from one bucket. */
export interface BucketTake extends BucketLimit {
  /** The limit's name ("ipWrite"); buckets of different limits never mix. */
  name: string;
  /** Whose bucket (an address, a website id, an account). */
  key: string;
  /** Tokens to take (default 1); negative hands tokens back. */
  cost?: number;
}

/** A place where buckets live. */
export interface RateLimitStore {
  readonly kind: "memory" | "redis" | "postgresql";
  /** Takes from one bucket, atomically: allowed when it held the tokens (a refused take costs nothing). */
  take(take: BucketTake): Promise<RateLimitVerdict>;
  /** Lets go of connections and timers. */
  close(): Promise<void>;
}

/** The longest key a shared store files as written; longer ones are filed by their hash. */
export const MAX_BUCKET_KEY_LENGTH = 200;

/**
 * The key a shared store files a bucket under. Keys come from visitors (an
 * address, a typed e-mail): one that is long or holds characters a database
 * text cannot (NUL, lone surrogates) is filed by its SHA-256, so it can
 * neither bloat the store nor make a take fail (and so fail open).
 */
export function bucketKey(take: Pick<BucketTake, "name" | "key">): string {
  const key = `${take.name}:${take.key}`;
  if (key.length <= MAX_BUCKET_KEY_LENGTH && !/[\u0000-\u001f\ud800-\udfff]/.test(key)) return key;
  return `${take.name}:#${createHash("sha256").update(take.key, "utf16le").digest("hex")}`;
}

/** Checks a take before it reaches a store: a limit that is not a positive number is a programming error. */
export function checkedTake(take: BucketTake): Required<BucketTake> {
  const cost = take.cost ?? 1;
  if (!(take.capacity >= 1) || !Number.isFinite(take.capacity))
    throw new RangeError(`Rate limit ${take.name}: capacity must be a number of at least 1`);
  if (!(take.refillPerSecond > 0) || !Number.isFinite(take.refillPerSecond))
    throw new RangeError(`Rate limit ${take.name}: refill must be a positive number`);
  if (!Number.isFinite(cost)) throw new RangeError(`Rate limit ${take.name}: cost must be a finite number`);
  if (typeof take.key !== "string" || typeof take.name !== "string" || take.name === "")
    throw new TypeError("Rate limit name and key must be strings");
  return { ...take, cost };
}

/** The verdict of a shared store's answer: tokens left after the take, and whether it was allowed. */
export function verdictOf(allowed: boolean, tokens: number, take: Required<BucketTake>): RateLimitVerdict {
  return {
    allowed,
    retryAfterMs: allowed ? 0 : Math.max(1, Math.ceil(((take.cost - tokens) / take.refillPerSecond) * 1000)),
    remaining: Math.max(0, Math.floor(tokens)),
  };
}

/** Buckets in this process's memory: one bounded set per limit name. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = "memory" as const;
  private readonly limiters = new Map<string, RateLimiter>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  async take(take: BucketTake): Promise<RateLimitVerdict> {
    return this.takeNow(take);
  }

  /** The same take, synchronously (memory needs no round trip). */
  takeNow(take: BucketTake): RateLimitVerdict {
    const checked = checkedTake(take);
    let limiter = this.limiters.get(checked.name);
    if (!limiter) {
      limiter = new RateLimiter({
        capacity: checked.capacity,
        refillPerSecond: checked.refillPerSecond,
        maxKeys: this.maxKeys,
        now: this.now,
      });
      this.limiters.set(checked.name, limiter);
    }
    return limiter.take(checked.key, checked.cost);
  }

  async close(): Promise<void> {
    this.limiters.clear();
  }
}

/** How long a shared store may take to answer before the request goes ahead without it. */
export const SHARED_STORE_TIMEOUT_MS = 1000;
const WARN_EVERY_MS = 60_000;

/**
 * Wraps a shared store so that a failure or a slow answer lets the request
 * through (allowed, remaining unknown) with a warning, instead of failing it.
 * A programming error in the take itself (a bad limit) still throws.
 */
export function failingOpen(
  store: RateLimitStore,
  options: { timeoutMs?: number; warn: (message: string) => void },
): RateLimitStore {
  const timeoutMs = options.timeoutMs ?? SHARED_STORE_TIMEOUT_MS;
  const warn = options.warn;
  let warnedAt = -Infinity;
  const open = (why: string): RateLimitVerdict => {
    if (Date.now() - warnedAt >= WARN_EVERY_MS) {
      warnedAt = Date.now();
      warn(`rate limits unavailable (${store.kind}: ${why}); letting requests through until the store answers again`);
    }
    return { allowed: true, retryAfterMs: 0, remaining: 0 };
  };
  return {
    kind: store.kind,
    async take(take) {
      checkedTake(take);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), timeoutMs);
      });
      try {
        const answer = await Promise.race([store.take(take), timedOut]);
        return answer === "timeout" ? open(`no answer within ${timeoutMs} ms`) : answer;
      } catch (e) {
        return open(e instanceof Error ? e.message : String(e));
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => store.close(),
  };
}
