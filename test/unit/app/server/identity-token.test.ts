/** Signed identity tokens (issue 21): only an untampered, unexpired token of this website proves an address. */
import { describe, expect, it } from "vitest";
import {
  IDENTITY_TOKEN_MAX_TTL_SECONDS,
  signIdentityToken,
  verifyIdentityToken,
} from "#app/server/identity-token.server";

const secret = "identity-test-secret-0123456789abcdef0123";
const now = Date.parse("2026-11-25T12:00:00Z");
const inAnHour = now / 1000 + 3600;
const verify = (token: string, websiteId = 7, at = now, s = secret) =>
  verifyIdentityToken(token, websiteId, { now: at, secret: s });

describe("identity tokens", () => {
  it("round-trips, normalising the address", () => {
    const t = signIdentityToken({ websiteId: 7, email: " Anna@Acme-Sales.SE ", expiresAt: inAnHour }, secret);
    expect(t).toMatch(/^v1\.7\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verify(t)).toEqual({
      ok: true,
      claim: { websiteId: 7, email: "anna@acme-sales.se", expiresAt: Math.floor(inAnHour) },
    });
  });

  it("refuses a tampered address, expiry, website or signature", () => {
    const t = signIdentityToken({ websiteId: 7, email: "anna@acme-sales.se", expiresAt: inAnHour }, secret);
    const [v, w, e, x, sig] = t.split(".");
    const other = Buffer.from("victim@acme-sales.se").toString("base64url");
    expect(verify([v, w, other, x, sig].join("."))).toEqual({ ok: false, reason: "signature" });
    expect(verify([v, w, e, String(Number(x) + 86400), sig].join("."))).toEqual({ ok: false, reason: "signature" });
    expect(verify([v, "8", e, x, sig].join("."), 8)).toEqual({ ok: false, reason: "signature" });
    expect(verify([v, w, e, x, sig.slice(0, -2) + (sig.endsWith("AA") ? "BB" : "AA")].join("."))).toEqual({
      ok: false,
      reason: "signature",
    });
    expect(verify(t, 7, now, "another-secret-0123456789abcdef0123456")).toEqual({ ok: false, reason: "signature" });
  });

  it("refuses a genuine token of another website", () => {
    const t = signIdentityToken({ websiteId: 8, email: "anna@acme-sales.se", expiresAt: inAnHour }, secret);
    expect(verify(t, 7)).toEqual({ ok: false, reason: "website" });
    expect(verify(t, 8).ok).toBe(true);
  });

  it("refuses an expired token, and will not make one beyond 90 days", () => {
    const t = signIdentityToken({ websiteId: 7, email: "anna@acme-sales.se", expiresAt: inAnHour }, secret);
    expect(verify(t, 7, inAnHour * 1000 - 1).ok).toBe(true);
    expect(verify(t, 7, inAnHour * 1000)).toEqual({ ok: false, reason: "expired" });
    expect(() =>
      signIdentityToken(
        { websiteId: 7, email: "a@b.se", expiresAt: Date.now() / 1000 + IDENTITY_TOKEN_MAX_TTL_SECONDS + 60 },
        secret,
      ),
    ).toThrow(RangeError);
  });

  it("calls anything else malformed", () => {
    for (const junk of [
      "",
      "v1",
      "v2.7.YQ.1.x",
      "v1.7..1.x",
      "v1.x.YQ.1.x",
      "v1.7.YQ.1.x.y",
      "v1.7.QUJD.99999999999.x",
    ])
      expect(verify(junk).ok).toBe(false);
    expect(verify("v1.7.QUJD.1.x")).toEqual({ ok: false, reason: "malformed" }); // "ABC" is not lower case
  });
});
