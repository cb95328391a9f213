/**
 * The rate-limit stores behind one interface: each one's token bucket
 * (burst, refusal with a wait, refunds capped at the burst), atomic under
 * concurrent takes (a shared store is only worth it if 50 takes at once
 * cannot all pass a burst of 10), hostile keys, and failing open when the
 * store is away. PostgreSQL on the PostgreSQL run; Redis where redis-server
 * is installed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import {
  bucketKey,
  failingOpen,
  MemoryRateLimitStore,
  MAX_BUCKET_KEY_LENGTH,
  type RateLimitStore,
} from "#app/server/rate-limit/rate-limit-store.server";
import { PostgresRateLimitStore } from "#app/server/rate-limit/rate-limit-postgres.server";
import { RedisRateLimitStore } from "#app/server/rate-limit/rate-limit-redis.server";
import { redisUrlFrom, storeFromEnvironment, storeTimeoutMs } from "#app/server/rate-limit/shared-rate-limit.server";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import { redisServerPath, startTestRedis, type TestRedis } from "#test/support/redis-server";
import { freePort } from "#scripts/lib/free-port";

const limit = { capacity: 10, refillPerSecond: 0.001 };

/** The behaviour every store shares. */
function storeContract(make: () => RateLimitStore) {
  it("allows a burst, refuses past it with a wait, and counts 50 concurrent takes exactly", async () => {
    const store = make();
    const name = `burst${Math.random().toString(36).slice(2)}`;
    const verdicts = await Promise.all(
      Array.from({ length: 50 }, () => store.take({ name, key: "203.0.113.7", ...limit })),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    const refused = verdicts.find((v) => !v.allowed)!;
    // One token back takes 1000 s at 0.001 a second.
    expect(refused.retryAfterMs).toBeGreaterThan(900_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1_000_000);
    // Another key and another limit name have buckets of their own.
    expect((await store.take({ name, key: "203.0.113.8", ...limit })).allowed).toBe(true);
    expect((await store.take({ name: `${name}x`, key: "203.0.113.7", ...limit })).allowed).toBe(true);
  });

  it("takes refunds back, never past the burst", async () => {
    const store = make();
    const name = `refund${Math.random().toString(36).slice(2)}`;
    for (let i = 0; i < 10; i++) await store.take({ name, key: "k", ...limit });
    expect((await store.take({ name, key: "k", ...limit })).allowed).toBe(false);
    for (let i = 0; i < 25; i++) expect((await store.take({ name, key: "k", ...limit, cost: -1 })).allowed).toBe(true);
    const after = await Promise.all(Array.from({ length: 12 }, () => store.take({ name, key: "k", ...limit })));
    expect(after.filter((v) => v.allowed)).toHaveLength(10);
  });

  it("refills with time", async () => {
    const store = make();
    const name = `refill${Math.random().toString(36).slice(2)}`;
    const fast = { capacity: 1, refillPerSecond: 1000 };
    expect((await store.take({ name, key: "k", ...fast })).allowed).toBe(true);
    // A millisecond brings a token back at 1000 a second. Time has to pass: each try waits for the next
    // timer turn (about a millisecond). Back-to-back awaits of the in-memory store can all finish within
    // one millisecond on a fast machine, so a loop without that wait found no token there.
    const deadline = Date.now() + 2000;
    let allowed = false;
    while (!allowed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      allowed = (await store.take({ name, key: "k", ...fast })).allowed;
    }
    expect(allowed).toBe(true);
  });

  it("keeps hostile keys apart and bounded: quotes, SQL, Lua, very long, empty", async () => {
    const store = make();
    const name = `hostile${Math.random().toString(36).slice(2)}`;
    const keys = [
      '\'; DROP TABLE "RateLimitBucket"; --',
      "]] redis.call('FLUSHALL') --[[",
      "a\u0000b",
      "\ud800",
      "\uffff😀",
      "",
      "x".repeat(10_000),
      `${"x".repeat(9_999)}y`,
    ];
    for (const key of keys) {
      expect((await store.take({ name, key, capacity: 1, refillPerSecond: 0.001 })).allowed).toBe(true);
      expect((await store.take({ name, key, capacity: 1, refillPerSecond: 0.001 })).allowed).toBe(false);
    }
  });

  it("files a key too long or unfit for a database text by its hash, each its own bucket", () => {
    expect(bucketKey({ name: "ipRead", key: "203.0.113.7" })).toBe("ipRead:203.0.113.7");
    const long = bucketKey({ name: "loginAccount", key: "x".repeat(MAX_BUCKET_KEY_LENGTH) });
    expect(long).toMatch(/^loginAccount:#[0-9a-f]{64}$/);
    expect(bucketKey({ name: "loginAccount", key: "a\u0000b" })).toMatch(/^loginAccount:#[0-9a-f]{64}$/);
    expect(bucketKey({ name: "loginAccount", key: "a\u0000c" })).not.toBe(
      bucketKey({ name: "loginAccount", key: "a\u0000b" }),
    );
  });

  it("refuses a malformed limit with a clear error", async () => {
    const store = make();
    await expect(store.take({ name: "bad", key: "k", capacity: 0, refillPerSecond: 1 })).rejects.toThrow(
      /capacity must be/,
    );
    await expect(store.take({ name: "bad", key: "k", capacity: 5, refillPerSecond: -1 })).rejects.toThrow(
      /refill must be/,
    );
    await expect(store.take({ name: "bad", key: "k", capacity: 5, refillPerSecond: 1, cost: NaN })).rejects.toThrow(
      /cost must be/,
    );
    await expect(store.take({ name: "", key: "k", capacity: 5, refillPerSecond: 1 })).rejects.toThrow(/name and key/);
  });
}

describe("the in-memory store", () => {
  storeContract(() => new MemoryRateLimitStore());
});

describe.skipIf(testDatabaseKind() !== "postgresql")(
  "the PostgreSQL store (PostgreSQL run only: SQLite keeps buckets in memory)",
  () => {
    let t: TestDatabase;
    let client: pg.Client;
    let store: PostgresRateLimitStore;
    beforeAll(async () => {
      t = await createTestDatabase();
      client = new pg.Client({ connectionString: t.url });
      await client.connect();
      store = new PostgresRateLimitStore(async (sql, params) => (await client.query(sql, params)).rows);
    });
    afterAll(async () => {
      await store?.close();
      await client?.end();
      await t?.drop();
    });
    storeContract(() => store);

    it("keeps its buckets in an UNLOGGED table and deletes the ones that are full again", async () => {
      const persistence = await client.query(`SELECT relpersistence FROM pg_class WHERE relname = 'RateLimitBucket'`);
      expect(persistence.rows[0].relpersistence).toBe("u");
      await store.take({ name: "prune", key: "quick", capacity: 1, refillPerSecond: 1000 });
      await store.take({ name: "prune", key: "slow", capacity: 1, refillPerSecond: 0.001 });
      // "quick" is full again a millisecond later; wait for that on the database's clock.
      await client.query(`SELECT pg_sleep(0.01)`);
      await store.prune();
      const left = await client.query(`SELECT "key" FROM "RateLimitBucket" WHERE "key" LIKE 'prune:%'`);
      expect(left.rows.map((r) => r.key)).toEqual(["prune:slow"]);
    });
  },
);

const redisSkip = redisServerPath() ? false : "redis-server is not installed (apt-get install -y redis-server)";

describe.skipIf(!!redisSkip)(`the Redis store${redisSkip ? ` (skipped: ${redisSkip})` : ""}`, () => {
  let redis: TestRedis;
  let store: RedisRateLimitStore;
  beforeAll(async () => {
    redis = await startTestRedis();
    store = new RedisRateLimitStore(redis.url);
  });
  afterAll(async () => {
    await store?.close();
    await redis?.stop();
  });
  storeContract(() => store);
});

describe("failing open", () => {
  it("lets requests through with one warning when the store throws", async () => {
    const warn = vi.fn();
    const broken: RateLimitStore = {
      kind: "postgresql",
      take: async () => Promise.reject(new Error("connection refused")),
      close: async () => {},
    };
    const store = failingOpen(broken, { warn });
    for (let i = 0; i < 5; i++) expect((await store.take({ name: "n", key: "k", ...limit })).allowed).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/^rate limits unavailable \(postgresql: connection refused\)/);
  });

  it("lets a request through when the store does not answer in time", async () => {
    const warn = vi.fn();
    const hanging: RateLimitStore = { kind: "redis", take: () => new Promise(() => {}), close: async () => {} };
    const store = failingOpen(hanging, { warn, timeoutMs: 20 });
    expect((await store.take({ name: "n", key: "k", ...limit })).allowed).toBe(true);
    expect(warn.mock.calls[0][0]).toMatch(/no answer within 20 ms/);
  });

  it("still refuses a malformed limit (a programming error, not an outage)", async () => {
    const store = failingOpen(new MemoryRateLimitStore(), { warn: () => {} });
    await expect(store.take({ name: "n", key: "k", capacity: -3, refillPerSecond: 1 })).rejects.toThrow(/capacity/);
  });

  it("answers at once when Redis is not there, and says so", async () => {
    const port = await freePort();
    const warn = vi.fn();
    const store = failingOpen(new RedisRateLimitStore(`redis://127.0.0.1:${port}`), { warn });
    try {
      expect((await store.take({ name: "n", key: "k", ...limit })).allowed).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(/rate limits unavailable \(redis:/);
    } finally {
      await store.close();
    }
  });
});

describe("choosing the store", () => {
  it("is memory on SQLite, PostgreSQL on PostgreSQL, Redis whenever BECKON_REDIS_URL is set", async () => {
    const stores = [
      storeFromEnvironment({}),
      storeFromEnvironment({ DATABASE_URL: "file:./x.db" }),
      storeFromEnvironment({ DATABASE_URL: "postgresql://u@127.0.0.1:1/db" }),
      storeFromEnvironment({ DATABASE_URL: "postgresql://u@127.0.0.1:1/db", BECKON_REDIS_URL: "redis://127.0.0.1:1" }),
    ];
    expect(stores.map((s) => s.kind)).toEqual(["memory", "memory", "postgresql", "redis"]);
    await Promise.all(stores.map((s) => s.close()));
  });

  it("waits for a shared store a second by default, or BECKON_RATE_LIMIT_STORE_TIMEOUT_MS when it is sensible", () => {
    expect(storeTimeoutMs({})).toBe(1000);
    expect(storeTimeoutMs({ BECKON_RATE_LIMIT_STORE_TIMEOUT_MS: "250" })).toBe(250);
    for (const bad of ["0", "-5", "1.5", "abc", "60001", "1e9"])
      expect(storeTimeoutMs({ BECKON_RATE_LIMIT_STORE_TIMEOUT_MS: bad })).toBe(1000);
  });

  it("refuses a malformed BECKON_REDIS_URL with the reason", () => {
    expect(redisUrlFrom({})).toBeNull();
    expect(redisUrlFrom({ BECKON_REDIS_URL: "  " })).toBeNull();
    expect(redisUrlFrom({ BECKON_REDIS_URL: "rediss://:pw@cache.example:6380/2" })).toBe(
      "rediss://:pw@cache.example:6380/2",
    );
    expect(() => redisUrlFrom({ BECKON_REDIS_URL: "not a url" })).toThrow(/BECKON_REDIS_URL is not a URL/);
    expect(() => redisUrlFrom({ BECKON_REDIS_URL: "http://cache.example" })).toThrow(
      /must start with redis:\/\/ or rediss:\/\//,
    );
  });
});
