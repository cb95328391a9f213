import { describe, expect, it } from "vitest";
import {
  emailVerdict,
  phoneVerdict,
  validateContact,
  type MxResolver,
} from "#app/integrations/contact-validation.server";
import { TtlCache } from "#app/integrations/cache.server";

// No network in unit tests: every domain has a mail server.
const deps = () => ({
  resolveMx: (async () => [{ exchange: "mx.example.se", priority: 10 }]) as MxResolver,
  mxCache: new TtlCache<boolean>(100, 60_000),
  emailCache: new TtlCache<any>(100, 60_000),
});

describe("emailVerdict", () => {
  it.each([
    ["anna@example.se", true],
    [" Anna@Example.SE ", true],
    ["anna@example", false],
    ["anna example.se", false],
    ["@example.se", false],
    ["", false],
    [`${"a".repeat(250)}@x.se`, false],
  ])("%j is valid: %s", async (email, valid) => {
    const v = await emailVerdict(email, {}, deps());
    expect(v.valid).toBe(valid);
    expect(v.message).toBe(valid ? null : "Please enter a valid email address");
  });
});

describe("phoneVerdict", () => {
  it.each([
    ["+46 70-123 45 67", "US", true, "+46701234567"],
    ["070-123 45 67", "SE", true, "+46701234567"],
    ["(201) 555-0123 ext 12", "US", true, "+12015550123"],
    ["(555) 123.4567 ext 12", "US", false, null],
    ["123", "US", false, null],
    ["abcd", "US", false, null],
  ])("%j in %s", (phone, country, valid, normalized) => {
    expect(phoneVerdict(phone, country)).toMatchObject({ valid, phone_number: normalized });
  });
});

it("answers only what was asked", async () => {
  expect(Object.keys(await validateContact({ email: "a@b.se" }, deps()))).toEqual(["email"]);
  expect(Object.keys(await validateContact({ phone: "+46701234567" }, deps()))).toEqual(["phone"]);
});
