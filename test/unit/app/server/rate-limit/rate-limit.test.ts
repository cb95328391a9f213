import { describe, expect, it } from "vitest";
import { RateLimiter, takeAll } from "#app/server/rate-limit/rate-limit.server";
import { clientIp } from "#app/server/client-address.server";
import { TtlCache } from "#app/integrations/cache.server";

describe("RateLimiter", () => {
  it("allows a burst, then refills at the set rate", () => {
    let t = 0;
    const l = new RateLimiter({ capacity: 3, refillPerSecond: 0.5, now: () => t });
    expect([1, 2, 3].map(() => l.take("v").allowed)).toEqual([true, true, true]);
    const refused = l.take("v");
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 2000 });
    t += 1999;
    expect(l.take("v").allowed).toBe(false);
    t += 2001;
    expect(l.take("v").allowed).toBe(true);
    expect(l.take("other").allowed).toBe(true);
  });

  it("keeps memory bounded by dropping the least recently used bucket", () => {
    const l = new RateLimiter({ capacity: 1, refillPerSecond: 0.001, maxKeys: 100, now: () => 0 });
    for (let i = 0; i < 1000; i++) l.take(`ip-${i}`);
    expect(l.size).toBe(100);
    expect(l.take("ip-999").allowed).toBe(false); // recent: still limited
    expect(l.take("ip-0").allowed).toBe(true); // forgotten: a fresh bucket
  });

  it("takeAll reports the longest wait of the refusing limits", () => {
    const a = new RateLimiter({ capacity: 1, refillPerSecond: 1, now: () => 0 });
    const b = new RateLimiter({ capacity: 1, refillPerSecond: 0.1, now: () => 0 });
    expect(
      takeAll([
        { limiter: a, key: "x" },
        { limiter: b, key: "y" },
        { limiter: b, key: null },
      ]).allowed,
    ).toBe(true);
    expect(
      takeAll([
        { limiter: a, key: "x" },
        { limiter: b, key: "y" },
      ]),
    ).toMatchObject({ allowed: false, retryAfterMs: 10_000 });
  });
});

describe("clientIp", () => {
  const req = (headers: Record<string, string>) => new Request("http://x/", { headers });
  it("prefers the socket address from the load context", () => {
    expect(clientIp(req({ "x-forwarded-for": "1.1.1.1" }), { clientIp: "::ffff:89.160.20.112" }, {})).toBe(
      "89.160.20.112",
    );
  });
  it("trusts X-Forwarded-For only behind a trusted proxy, taking the hop it added", () => {
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 89.160.20.112" }), undefined, {})).toBeNull();
    expect(clientIp(req({ "x-forwarded-for": "6.6.6.6, 89.160.20.112" }), undefined, { TRUST_PROXY: "1" })).toBe(
      "89.160.20.112",
    );
    expect(clientIp(req({ "x-real-ip": "81.2.69.1" }), undefined, { TRUST_PROXY: "1" })).toBe("81.2.69.1");
  });
});

describe("TtlCache", () => {
  it("expires entries and evicts the least recently used", () => {
    let t = 0;
    const c = new TtlCache<number>(2, 100, () => t);
    c.set("a", 1);
    c.set("b", 2);
    expect(c.get("a")).toBe(1); // a is now the most recent
    c.set("c", 3);
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
    t = 101;
    expect(c.get("a")).toBeUndefined();
    expect(c.size).toBe(1);
  });
});
