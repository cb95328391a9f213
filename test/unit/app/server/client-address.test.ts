/**
 * The one client-address rule (app/server/client-address.server.ts): the
 * socket's address, or behind a trusted proxy the hop it appended to
 * X-Forwarded-For. A client writing its own first hops must not get a fresh
 * budget from the owner sign-in throttle.
 */
import { describe, expect, it } from "vitest";
import { appendedHop, clientAddress, clientIp, normalizeIp } from "#app/server/client-address.server";
import { LOGIN_BUDGETS, LoginThrottle } from "#app/server/login-throttle.server";
import { MemoryRateLimitStore } from "#app/server/rate-limit/rate-limit-store.server";

const post = (headers: Record<string, string>) =>
  new Request("http://beckon.test/owner/login", { method: "POST", headers });

describe("appendedHop", () => {
  it("is the last non-empty hop", () => {
    expect(appendedHop("203.0.113.50")).toBe("203.0.113.50");
    expect(appendedHop("10.9.9.9, 198.51.100.7 ,203.0.113.50")).toBe("203.0.113.50");
    expect(appendedHop("10.9.9.9, 203.0.113.50, , ")).toBe("203.0.113.50");
    expect(appendedHop(" , ,")).toBeNull();
    expect(appendedHop("")).toBeNull();
  });

  it("finds the last hop of a header with thousands of client-written hops", () => {
    const spoofed = Array.from({ length: 5000 }, (_, i) => `10.0.${i % 256}.${i % 250}`).join(", ");
    expect(appendedHop(`${spoofed}, 203.0.113.50`)).toBe("203.0.113.50");
    expect(appendedHop(",".repeat(100_000))).toBeNull();
  });
});

describe("clientAddress", () => {
  const sources = { socket: "::ffff:192.0.2.1", forwardedFor: "6.6.6.6, 203.0.113.50", realIp: "198.51.100.9" };

  it("is the socket's address unless a proxy is trusted: headers are anyone's to write", () => {
    expect(clientAddress(sources, false)).toBe("192.0.2.1");
    expect(clientAddress({ forwardedFor: "6.6.6.6" }, false)).toBeNull();
  });

  it("behind a trusted proxy, is the hop it appended, then its X-Real-IP, then the socket", () => {
    expect(clientAddress(sources, true)).toBe("203.0.113.50");
    expect(clientAddress({ ...sources, forwardedFor: null }, true)).toBe("198.51.100.9");
    expect(clientAddress({ ...sources, forwardedFor: " , ", realIp: "  " }, true)).toBe("192.0.2.1");
    expect(clientAddress({}, true)).toBeNull();
  });

  it("gives IPv4 as a dotted quad, also when IPv4-mapped", () => {
    expect(normalizeIp("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(normalizeIp("::ffff:cb00:7105")).toBe("::ffff:cb00:7105");
    expect(clientAddress({ forwardedFor: "::ffff:203.0.113.5" }, true)).toBe("203.0.113.5");
  });
});

describe("clientIp of a request", () => {
  it("takes the server's resolved address from the load context first", () => {
    expect(
      clientIp(post({ "X-Forwarded-For": "6.6.6.6" }), { clientIp: "::ffff:192.0.2.1" }, { TRUST_PROXY: "1" }),
    ).toBe("192.0.2.1");
  });

  it("ignores a context value that is not a string", () => {
    for (const context of [null, 42, { clientIp: 7 }, { clientIp: "" }, "1.2.3.4"]) {
      expect(
        clientIp(post({ "X-Forwarded-For": "6.6.6.6, 203.0.113.50" }), context, { TRUST_PROXY: "1" }),
        JSON.stringify(context),
      ).toBe("203.0.113.50");
    }
  });
});

describe("the owner sign-in throttle behind a trusted proxy", () => {
  it("cannot be dodged by writing a different first X-Forwarded-For hop on every attempt", async () => {
    const store = new MemoryRateLimitStore(() => 1_000_000);
    const throttle = new LoginThrottle(() => store);
    let allowed = 0;
    for (let i = 0; i < 60; i++) {
      // Each attempt claims another origin and names another account, but comes through the proxy from one address.
      const request = post({ "X-Forwarded-For": `10.${i}.${i}.${i}, 198.51.100.${i}, 203.0.113.50` });
      const ip = clientIp(request, undefined, { TRUST_PROXY: "1" });
      expect(ip).toBe("203.0.113.50");
      const attempt = await throttle.attempt({ email: `victim${i}@beckon.test`, ip, device: null });
      if (attempt.retryAfterSeconds === 0) allowed++;
    }
    expect(allowed).toBe(LOGIN_BUDGETS.address.burst);
  });
});
