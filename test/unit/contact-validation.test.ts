import { describe, expect, it } from "vitest";
import { emailVerdict, phoneVerdict, validateContactShape } from "../../app/integrations/contact-validation.server";

describe("emailVerdict", () => {
  it.each([
    ["anna@example.se", true],
    [" Anna@Example.SE ", true],
    ["anna@example", false],
    ["anna example.se", false],
    ["@example.se", false],
    ["", false],
    [`${"a".repeat(250)}@x.se`, false],
  ])("%j is valid: %s", (email, valid) => {
    const v = emailVerdict(email);
    expect(v.valid).toBe(valid);
    expect(v.message).toBe(valid ? null : "Please enter a valid email address");
  });
});

describe("phoneVerdict", () => {
  it.each([
    ["+46 70-123 45 67", true, "+46701234567"],
    ["070-123 45 67", true, "0701234567"],
    ["(555) 123.4567 ext 12", true, "555123456712"],
    ["123", false, null],
    ["abcd", false, null],
  ])("%j", (phone, valid, normalized) => {
    expect(phoneVerdict(phone)).toMatchObject({ valid, phone_number: normalized });
  });
});

it("answers only what was asked", () => {
  expect(Object.keys(validateContactShape({ email: "a@b.se" }))).toEqual(["email"]);
  expect(Object.keys(validateContactShape({ phone: "12345" }))).toEqual(["phone"]);
});
