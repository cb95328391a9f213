/**
 * Validation tables for e-mail and phone (SPEC 5 server checks). DNS is an
 * injected resolver, except one test that runs the real resolver against a
 * local name server.
 */
import { describe, expect, it } from "vitest";
import {
  BUSINESS_EMAIL,
  emailVerdict,
  EMAIL_SCORE_THRESHOLD,
  INVALID_EMAIL,
  INVALID_PHONE,
  lookupMx,
  phoneVerdict,
  validateContact,
  type AddressResolver,
  type EmailVerdict,
  type MxResolver,
} from "#app/integrations/contact-validation.server";
import { TtlCache } from "#app/integrations/cache.server";
import { isDisposableDomain, isFreeDomain } from "#app/integrations/email-domains.server";
import { FakeDns } from "#test/support/fake-providers/dns";

const dnsError = (code: string) => Object.assign(new Error(code), { code });

/** A resolver for a made-up DNS: which domains have mail servers. */
const resolver: MxResolver = async (domain) => {
  if (domain === "nomail.se" || domain === "a-only.se") throw dnsError("ENODATA");
  if (domain === "does-not-exist.se") throw dnsError("ENOTFOUND");
  if (domain === "nullmx.se") return [{ exchange: "", priority: 0 }];
  if (domain === "servfail.se") throw dnsError("ESERVFAIL");
  if (domain === "slow.se") return new Promise(() => {});
  return [{ exchange: `mx.${domain}`, priority: 10 }];
};

/** Their own addresses: a domain without MX may still take mail at its address (RFC 5321 5.1). */
const addresses: AddressResolver = async (domain) => {
  if (domain === "a-only.se") return ["192.0.2.10"];
  if (domain === "does-not-exist.se") throw dnsError("ENOTFOUND");
  throw dnsError("ENODATA");
};

const deps = () => ({
  resolveMx: resolver,
  resolveAddress: addresses,
  mxTimeoutMs: 50,
  mxCache: new TtlCache<boolean>(100, 60_000),
  emailCache: new TtlCache<EmailVerdict>(100, 60_000),
});

describe("e-mail", () => {
  it.each([
    // address, business only, valid, message, mx_found, free, disposable
    ["anna@acme-sales.se", false, true, null, true, false, false],
    ["Anna.Svensson@Acme-Sales.SE", false, true, null, true, false, false],
    ["anna@gmail.com", false, true, null, true, true, false],
    ["anna@hotmail.se", false, true, null, true, true, false],
    ["anna@gmail.com", true, false, BUSINESS_EMAIL, true, true, false],
    ["anna@telia.com", true, false, BUSINESS_EMAIL, true, true, false],
    ["anna@acme-sales.se", true, true, null, true, false, false],
    ["anna@mailinator.com", false, false, INVALID_EMAIL, true, false, true],
    ["anna@sub.0x01.gq", false, false, INVALID_EMAIL, true, false, true],
    ["anna@nomail.se", false, false, INVALID_EMAIL, false, false, false],
    ["anna@does-not-exist.se", false, false, INVALID_EMAIL, false, false, false],
    ["anna@nullmx.se", false, false, INVALID_EMAIL, false, false, false],
    ["anna@gmial.com", false, false, INVALID_EMAIL, true, true, false],
    ["anna@servfail.se", false, true, null, null, false, false],
    ["anna@slow.se", false, true, null, null, false, false],
    ["anna@", false, false, INVALID_EMAIL, false, null, null],
    ["anna@@acme.se", false, false, INVALID_EMAIL, false, null, null],
    ["anna@acme", false, false, INVALID_EMAIL, false, null, null],
    ["an na@acme.se", false, false, INVALID_EMAIL, false, null, null],
    [".anna@acme.se", false, false, INVALID_EMAIL, false, null, null],
    [`${"a".repeat(65)}@acme.se`, false, false, INVALID_EMAIL, false, null, null],
  ])("%s (business only: %s) → valid %s", async (email, businessOnly, valid, message, mx, free, disposable) => {
    const v = await emailVerdict(email, { businessOnly }, deps());
    expect(v).toMatchObject({ valid, message, mx_found: mx, free, disposable });
    expect(v.score).toBeGreaterThanOrEqual(0);
    expect(v.score).toBeLessThanOrEqual(1);
    if (message === INVALID_EMAIL && mx !== false) expect(v.score).toBeLessThan(EMAIL_SCORE_THRESHOLD);
    if (valid) expect(v.score).toBeGreaterThanOrEqual(EMAIL_SCORE_THRESHOLD);
  });

  it("scores a personal mailbox with a mail server 1, a shared one lower", async () => {
    expect((await emailVerdict("anna@acme.se", {}, deps())).score).toBe(1);
    expect((await emailVerdict("info@acme.se", {}, deps())).score).toBe(0.9);
    expect((await emailVerdict("anna@servfail.se", {}, deps())).score).toBe(0.8);
  });

  it("suggests the intended domain for a typo", async () => {
    expect((await emailVerdict("anna@gmial.com", {}, deps())).did_you_mean).toBe("anna@gmail.com");
  });

  it("caches verdicts and MX lookups, but not unknown lookups", async () => {
    let calls = 0;
    const d = { ...deps(), resolveMx: (async (domain: string) => (calls++, resolver(domain))) as MxResolver };
    await emailVerdict("a@acme.se", {}, d);
    await emailVerdict("a@acme.se", {}, d);
    await emailVerdict("b@acme.se", {}, d);
    expect(calls).toBe(1);
    await emailVerdict("a@servfail.se", {}, d);
    await emailVerdict("a@servfail.se", {}, d);
    expect(calls).toBe(3);
  });

  it("keeps the domain lists apart: free is not disposable", () => {
    expect(isFreeDomain("gmail.com")).toBe(true);
    expect(isDisposableDomain("gmail.com")).toBe(false);
    expect(isFreeDomain("mailinator.com")).toBe(false);
    expect(isDisposableDomain("mailinator.com")).toBe(true);
    expect(isFreeDomain("acme-sales.se")).toBe(false);
  });

  it("a domain without MX takes mail at its own address; a null MX or no address at all means none", async () => {
    let asked: string[] = [];
    const d = {
      ...deps(),
      resolveAddress: (async (domain: string) => (asked.push(domain), addresses(domain))) as AddressResolver,
    };
    expect(await lookupMx("a-only.se", d)).toBe(true);
    expect(await lookupMx("nomail.se", d)).toBe(false);
    expect(asked).toEqual(["a-only.se", "nomail.se"]);
    asked = [];
    expect(await lookupMx("nullmx.se", d)).toBe(false);
    expect(await lookupMx("does-not-exist.se", d)).toBe(false);
    expect(asked).toEqual([]);
    const slowAddress = { ...deps(), resolveAddress: (() => new Promise(() => {})) as AddressResolver };
    expect(await lookupMx("a-only.se", slowAddress)).toBeNull();
  });

  it("asks a real name server through node:dns (local server)", async () => {
    const dns = await new FakeDns(
      { "acme.se": [{ priority: 10, exchange: "mx1.acme.se" }], "empty.se": [] },
      { "web-only.se": ["192.0.2.20"] },
    ).start();
    try {
      const { Resolver } = await import("node:dns/promises");
      const r = new Resolver({ timeout: 200, tries: 1 });
      r.setServers([dns.address]);
      const real: MxResolver = (d) => r.resolveMx(d);
      const realAddress: AddressResolver = (d) => r.resolve4(d);
      const d = {
        resolveMx: real,
        resolveAddress: realAddress,
        mxTimeoutMs: 1000,
        mxCache: new TtlCache<boolean>(10, 60_000),
      };
      dns.silent.add("silent.se");
      expect(await lookupMx("acme.se", d)).toBe(true);
      expect(await lookupMx("web-only.se", d)).toBe(true);
      expect(await lookupMx("empty.se", d)).toBe(false);
      expect(await lookupMx("unknown.se", d)).toBe(false);
      expect(await lookupMx("silent.se", d)).toBeNull();
      expect(dns.queries.map((q) => q.type)).toContain(15);
      expect(dns.queries).toContainEqual({ name: "web-only.se", type: 1 });
    } finally {
      await dns.stop();
    }
  });
});

describe("phone", () => {
  it.each([
    // input, default country, valid, E.164
    ["+46 70-123 45 67", "US", true, "+46701234567"],
    ["+46701234567", "SE", true, "+46701234567"],
    ["070-123 45 67", "SE", true, "+46701234567"],
    ["0701234567", "SE", true, "+46701234567"],
    ["(070) 123 45 67", "SE", true, "+46701234567"],
    ["0046 70 123 45 67", "US", true, "+46701234567"],
    ["46701234567", "US", true, "+46701234567"],
    ["08-123 456 78", "SE", true, "+46812345678"],
    ["+46 8 123 456 78", "US", true, "+46812345678"],
    ["031-123 45 67", "SE", true, "+46311234567"],
    ["070-123 45", "SE", false, null],
    ["+46 70 123", "US", false, null],
    ["070-123 45 67", "US", false, null],
    ["(201) 555-0123", "US", true, "+12015550123"],
    ["201.555.0123 ext. 7", "US", true, "+12015550123"],
    ["+1 650 253 0000", "SE", true, "+16502530000"],
    ["+44 20 7946 0958", "SE", true, "+442079460958"],
    ["(555) 123.4567 ext 12", "US", false, null],
    ["123", "US", false, null],
    ["abcd", "US", false, null],
    ["call me maybe", "SE", false, null],
    ["", "SE", false, null],
    ["+".padEnd(30, "9"), "SE", false, null],
  ])("%j in %s → valid %s", (input, country, valid, e164) => {
    const v = phoneVerdict(input, country);
    expect(v).toMatchObject({ valid, phone_number: e164, message: valid ? null : INVALID_PHONE });
  });

  it("falls back to US for a malformed country", () => {
    expect(phoneVerdict("(201) 555-0123", "Sweden").valid).toBe(true);
  });
});

it("validates both at once", async () => {
  const r = await validateContact(
    { email: "anna@gmail.com", phone: "070-123 45 67", country: "SE", business_only: true },
    deps(),
  );
  expect(r.email).toMatchObject({ valid: false, message: BUSINESS_EMAIL, free: true });
  expect(r.phone).toMatchObject({ valid: true, phone_number: "+46701234567", country: "SE" });
});
