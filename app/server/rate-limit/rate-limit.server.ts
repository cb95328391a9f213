/**
 * Token-bucket rate limiting per key (visitor token, IP), in memory. Memory
 * is bounded: at most maxKeys buckets, least recently used dropped first —
 * a dropped bucket was idle the longest, so forgetting it is nearly the same
 * as letting it refill. One process's buckets: limits shared by several
 * server processes go through rate-limit-store.server.ts, whose in-memory
 * store is made of these.
 */
export interface RateLimitOptions {
  /** Bucket size: requests allowed in a burst. */
  capacity: number;
  /** Tokens added per second. */
  refillPerSecond: number;
  maxKeys?: number;
  now?: () => number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** When not allowed: milliseconds until one token is back. */
  retryAfterMs: number;
  remaining: number;
}

/** A set of token buckets sharing one configuration. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes `cost` tokens for the key when it has them (a refused take costs
   * nothing); a negative cost hands tokens back, up to the capacity.
   */
  take(key: string, cost = 1): RateLimitVerdict {
    const now = this.now();
    const { capacity, refillPerSecond } = this.options;
    const existing = this.buckets.get(key);
    let tokens = capacity;
    if (existing) {
      tokens = Math.min(capacity, existing.tokens + ((now - existing.at) / 1000) * refillPerSecond);
      this.buckets.delete(key);
    } else {
      while (this.buckets.size >= this.maxKeys) {
        const oldest = this.buckets.keys().next().value;
        if (oldest === undefined) break;
        this.buckets.delete(oldest);
      }
    }
    const allowed = cost <= 0 || tokens >= cost;
    if (allowed) tokens = Math.min(capacity, tokens - cost);
    this.buckets.set(key, { tokens, at: now });
    const retryAfterMs = allowed ? 0 : Math.ceil(((cost - tokens) / refillPerSecond) * 1000);
    return { allowed, retryAfterMs, remaining: Math.floor(tokens) };
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** Checks every key and consumes from all only when all allow (a refused call costs nothing). */
export function takeAll(checks: { limiter: RateLimiter; key: string | null }[]): RateLimitVerdict {
  const verdicts = checks.filter((c) => c.key !== null).map((c) => c.limiter.take(c.key!));
  const refused = verdicts.filter((v) => !v.allowed);
  if (!refused.length)
    return { allowed: true, retryAfterMs: 0, remaining: Math.min(...verdicts.map((v) => v.remaining), Infinity) };
  return { allowed: false, retryAfterMs: Math.max(...refused.map((v) => v.retryAfterMs)), remaining: 0 };
}
