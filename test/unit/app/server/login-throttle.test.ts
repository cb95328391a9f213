/**
 * The owner sign-in throttle: attempts are counted before the password
 * check, an attacker's guesses cannot lock the rightful owner out, and the
 * client address is the same one the public API's rate limits use.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bucketOf, LOGIN_BUDGETS, LoginThrottle } from "#app/server/login-throttle.server";
import { MemoryRateLimitStore } from "#app/server/rate-limit/rate-limit-store.server";
import { sharedLimit } from "#app/server/rate-limit/shared-rate-limit.server";
import { clientIp } from "#app/server/client-address.server";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("a sign-in budget as a token bucket", () => {
  it("lets a burst through, then one attempt per refill interval, and takes refunds back", async () => {
    const c = clock(0);
    const store = new MemoryRateLimitStore(c.now);
    const limit = sharedLimit("k", bucketOf({ burst: 3, refillMs: 1000 }), () => store);
    for (let i = 0; i < 3; i++) expect((await limit.take("k")).allowed).toBe(true);
    c.advance(10);
    const refused = await limit.take("k");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBe(990);
    expect((await limit.take("other")).allowed).toBe(true);
    c.advance(990);
    expect((await limit.take("k")).allowed).toBe(true);
    // Refunds never fill past the burst.
    for (let i = 0; i < 10; i++) await limit.take("k", -1);
    for (let i = 0; i < 3; i++) expect((await limit.take("k")).allowed).toBe(true);
    expect((await limit.take("k")).allowed).toBe(false);
  });
});

/** A throttle on its own in-memory store, on the given clock. */
function throttleAt(now: () => number): LoginThrottle {
  const store = new MemoryRateLimitStore(now);
  return new LoginThrottle(() => store);
}

describe("LoginThrottle", () => {
  const attacker = { email: "owner@beckon.test", ip: "198.51.100.1", device: null };

  /** An attacker at one address guessing the owner's password and others' until refused everywhere. */
  async function flood(throttle: LoginThrottle) {
    for (let i = 0; i < 100; i++)
      await throttle.attempt({ ...attacker, email: i % 2 ? `victim${i}@beckon.test` : attacker.email });
  }

  it("counts attempts before the password check: 20 at once, only the burst goes ahead", async () => {
    const throttle = throttleAt(clock().now);
    // All twenty are decided before any password check finishes (none calls refund).
    const attempts = await Promise.all(Array.from({ length: 20 }, () => throttle.attempt(attacker)));
    const allowed = attempts.filter((a) => a.retryAfterSeconds === 0);
    expect(allowed).toHaveLength(LOGIN_BUDGETS.account.burst);
    for (const refused of attempts.filter((a) => a.retryAfterSeconds > 0))
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("hands a successful attempt back: only failures use up a budget", async () => {
    const throttle = throttleAt(clock().now);
    for (let i = 0; i < 50; i++) {
      const a = await throttle.attempt(attacker);
      expect(a.retryAfterSeconds).toBe(0);
      await a.refund();
      await a.refund(); // twice is still once
    }
  });

  it("a known device of the account signs in whatever others have guessed, from any address", async () => {
    const throttle = throttleAt(clock().now);
    await flood(throttle);
    expect((await throttle.attempt(attacker)).retryAfterSeconds).toBeGreaterThan(0);
    expect((await throttle.attempt({ ...attacker, device: "owners-laptop" })).retryAfterSeconds).toBe(0);
    expect(
      (await throttle.attempt({ ...attacker, ip: "203.0.113.7", device: "owners-laptop" })).retryAfterSeconds,
    ).toBe(0);
    // The attacker's address stays throttled, on this account and any other.
    expect((await throttle.attempt(attacker)).retryAfterSeconds).toBeGreaterThan(0);
    expect(
      (await throttle.attempt({ ...attacker, email: "someone-else@beckon.test" })).retryAfterSeconds,
    ).toBeGreaterThan(0);
  });

  it("from a new device elsewhere the account only slows down: one try every 30 s, never a 15-minute lockout", async () => {
    const c = clock();
    const throttle = throttleAt(c.now);
    await flood(throttle);
    const owner = { ...attacker, ip: "203.0.113.7" };
    const first = await throttle.attempt(owner);
    expect(first.retryAfterSeconds).toBeGreaterThan(0);
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(LOGIN_BUDGETS.account.refillMs / 1000);
    c.advance(first.retryAfterSeconds * 1000);
    const later = await throttle.attempt(owner);
    expect(later.retryAfterSeconds).toBe(0);
    await later.refund(); // the right password
    // ...while the attacker's address is still refused, on any account.
    expect(
      (await throttle.attempt({ ...attacker, email: "someone-else@beckon.test" })).retryAfterSeconds,
    ).toBeGreaterThan(0);
  });

  it("a known device has a budget of its own, so a stolen device cookie is throttled too", async () => {
    const throttle = throttleAt(clock().now);
    const device = { ...attacker, device: "stolen" };
    const allowed = (await Promise.all(Array.from({ length: 30 }, () => throttle.attempt(device)))).filter(
      (a) => a.retryAfterSeconds === 0,
    );
    expect(allowed).toHaveLength(LOGIN_BUDGETS.device.burst);
  });

  it("limits one address across many accounts", async () => {
    const throttle = throttleAt(clock().now);
    const allowed = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => throttle.attempt({ ...attacker, email: `victim${i}@beckon.test` })),
      )
    ).filter((a) => a.retryAfterSeconds === 0);
    expect(allowed).toHaveLength(LOGIN_BUDGETS.address.burst);
  });
});

describe("the sign-in throttle's client address", () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });

  it("under TRUST_PROXY is the hop the proxy added, not the first one the client wrote", async () => {
    process.env.TRUST_PROXY = "1";
    const request = new Request("http://beckon.test/owner/login", {
      method: "POST",
      headers: { "X-Forwarded-For": "10.9.9.9, 203.0.113.50" },
    });
    expect(clientIp(request, undefined)).toBe("203.0.113.50");
    expect(clientIp(request, { clientIp: "::ffff:192.0.2.1" })).toBe("192.0.2.1");
  });
});
