/**
 * The owner sign-in throttle: attempts are counted before the password
 * check, an attacker's guesses cannot lock the rightful owner out, and the
 * client address is the same one the public API's rate limits use.
 */
import { afterEach, describe, expect, it } from "vitest";
import { AttemptLimiter, LOGIN_BUDGETS, LoginThrottle } from "~/lib/login-throttle.server";
import { clientIp } from "~/integrations/rate-limit.server";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("AttemptLimiter", () => {
  it("lets a burst through, then one attempt per refill interval", () => {
    const limiter = new AttemptLimiter({ burst: 3, refillMs: 1000 });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("k", 0)).toBe(0);
      limiter.take("k", 0);
    }
    expect(limiter.retryAfter("k", 10)).toBe(990);
    expect(limiter.retryAfter("other", 10)).toBe(0);
    expect(limiter.retryAfter("k", 1000)).toBe(0);
    limiter.refund("k", 1000);
    limiter.refund("k", 1000);
    limiter.refund("k", 1000);
    expect(limiter.size).toBe(0);
  });
});

describe("LoginThrottle", () => {
  const attacker = { email: "owner@beckon.test", ip: "198.51.100.1", device: null };

  /** An attacker at one address guessing the owner's password and others' until refused everywhere. */
  function flood(throttle: LoginThrottle) {
    for (let i = 0; i < 100; i++) throttle.attempt({ ...attacker, email: i % 2 ? `victim${i}@beckon.test` : attacker.email });
  }

  it("counts attempts before the password check: 20 at once, only the burst goes ahead", () => {
    const throttle = new LoginThrottle(clock().now);
    // All twenty are decided before any password check finishes (none calls refund).
    const attempts = Array.from({ length: 20 }, () => throttle.attempt(attacker));
    const allowed = attempts.filter((a) => a.retryAfterSeconds === 0);
    expect(allowed).toHaveLength(LOGIN_BUDGETS.account.burst);
    for (const refused of attempts.filter((a) => a.retryAfterSeconds > 0)) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("hands a successful attempt back: only failures use up a budget", () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < 50; i++) {
      const a = throttle.attempt(attacker);
      expect(a.retryAfterSeconds).toBe(0);
      a.refund();
      a.refund(); // twice is still once
    }
  });

  it("a known device of the account signs in whatever others have guessed, from any address", () => {
    const throttle = new LoginThrottle(clock().now);
    flood(throttle);
    expect(throttle.attempt(attacker).retryAfterSeconds).toBeGreaterThan(0);
    expect(throttle.attempt({ ...attacker, device: "owners-laptop" }).retryAfterSeconds).toBe(0);
    expect(throttle.attempt({ ...attacker, ip: "203.0.113.7", device: "owners-laptop" }).retryAfterSeconds).toBe(0);
    // The attacker's address stays throttled, on this account and any other.
    expect(throttle.attempt(attacker).retryAfterSeconds).toBeGreaterThan(0);
    expect(throttle.attempt({ ...attacker, email: "someone-else@beckon.test" }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("from a new device elsewhere the account only slows down: one try every 30 s, never a 15-minute lockout", () => {
    const c = clock();
    const throttle = new LoginThrottle(c.now);
    flood(throttle);
    const owner = { ...attacker, ip: "203.0.113.7" };
    const first = throttle.attempt(owner);
    expect(first.retryAfterSeconds).toBeGreaterThan(0);
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(LOGIN_BUDGETS.account.refillMs / 1000);
    c.advance(first.retryAfterSeconds * 1000);
    const later = throttle.attempt(owner);
    expect(later.retryAfterSeconds).toBe(0);
    later.refund(); // the right password
    // ...while the attacker's address is still refused, on any account.
    expect(throttle.attempt({ ...attacker, email: "someone-else@beckon.test" }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a known device has a budget of its own, so a stolen device cookie is throttled too", () => {
    const throttle = new LoginThrottle(clock().now);
    const device = { ...attacker, device: "stolen" };
    const allowed = Array.from({ length: 30 }, () => throttle.attempt(device)).filter((a) => a.retryAfterSeconds === 0);
    expect(allowed).toHaveLength(LOGIN_BUDGETS.device.burst);
  });

  it("limits one address across many accounts", () => {
    const throttle = new LoginThrottle(clock().now);
    const allowed = Array.from({ length: 40 }, (_, i) => throttle.attempt({ ...attacker, email: `victim${i}@beckon.test` })).filter(
      (a) => a.retryAfterSeconds === 0,
    );
    expect(allowed).toHaveLength(LOGIN_BUDGETS.address.burst);
  });
});

describe("the sign-in throttle's client address", () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });

  it("under TRUST_PROXY is the hop the proxy added, not the first one the client wrote", () => {
    process.env.TRUST_PROXY = "1";
    const request = new Request("http://beckon.test/owner/login", { method: "POST", headers: { "X-Forwarded-For": "10.9.9.9, 203.0.113.50" } });
    expect(clientIp(request, undefined)).toBe("203.0.113.50");
    expect(clientIp(request, { clientIp: "::ffff:192.0.2.1" })).toBe("192.0.2.1");
  });
});
