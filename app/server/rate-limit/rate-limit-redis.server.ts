/**
 * Token buckets in Redis (BECKON_REDIS_URL): one Lua script per take, which
 * Redis runs atomically, so processes sharing the Redis never race on a
 * bucket. The script reads Redis's own clock (TIME), one clock for every
 * process. A bucket is a hash {t: tokens, at: ms} that expires when it would
 * be full again: an absent bucket is a full one, so Redis holds only the
 * buckets in use.
 *
 * Commands fail at once while Redis is unreachable (no offline queue): the
 * store's caller lets the request through (rate-limit-store.server.ts) and
 * ioredis keeps reconnecting in the background.
 */
import Redis, { type RedisOptions } from "ioredis";
import { bucketKey, checkedTake, verdictOf, type BucketTake, type RateLimitStore } from "./rate-limit-store.server";
import type { RateLimitVerdict } from "./rate-limit.server";

/** KEYS[1] bucket; ARGV capacity, refill per second, cost. Returns {allowed 0|1, tokens as text}. */
export const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local held = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = capacity
if held[1] and held[2] then
  tokens = math.min(capacity, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) / 1000 * rate)
end
local allowed = 0
if cost <= 0 or tokens >= cost then
  tokens = math.min(capacity, tokens - cost)
  allowed = 1
end
local text = string.format('%.6f', tokens)
redis.call('HSET', KEYS[1], 't', text, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate * 1000) + 1000)
return {allowed, text}
`;

const PREFIX = "beckon:rl:";

/** Options for a connection that fails fast instead of queueing while Redis is away. */
export function failFastRedisOptions(): RedisOptions {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    // Keep trying in the background, at most every 2 s.
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
}

type TakingRedis = Redis & {
  beckonTake(key: string, capacity: number, rate: number, cost: number): Promise<[number, string]>;
};

/** The Redis store of token buckets. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = "redis" as const;
  private readonly redis: TakingRedis;
  /** Settles when the first connection is made or fails: takes wait for it only, never for a reconnect. */
  private readonly firstAttempt: Promise<void>;

  constructor(url: string) {
    this.redis = new Redis(url, failFastRedisOptions()) as TakingRedis;
    this.firstAttempt = new Promise<void>((resolve) => {
      this.redis.once("ready", resolve);
      this.redis.once("error", () => resolve());
    });
    // Errors surface on the takes (and fail open there); unhandled, ioredis would print each reconnect attempt.
    this.redis.on("error", () => {});
    // EVALSHA with a fallback to EVAL: the script is sent once per connection.
    this.redis.defineCommand("beckonTake", { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  async take(take: BucketTake): Promise<RateLimitVerdict> {
    const checked = checkedTake(take);
    await this.firstAttempt;
    const [allowed, tokens] = await this.redis.beckonTake(
      PREFIX + bucketKey(checked),
      checked.capacity,
      checked.refillPerSecond,
      checked.cost,
    );
    return verdictOf(allowed === 1, Number(tokens), checked);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
