/**
 * The unique-code settings of a CTA document: defaults, bounds, the one
 * message per setting, and hostile input (wrong types, NaN, Infinity,
 * prototype keys, unknown keys, oversized values).
 */
import { describe, expect, it } from "vitest";
import { ctaDocumentSchema } from "#contract/schema/cta";
import {
  codeExpiry,
  defaultUniqueCodes,
  discountCodeRequestSchema,
  uniqueCodesSchema,
  UNIQUE_CODES_MESSAGES,
} from "#contract/schema/unique-codes";
import { ctaDocumentMock } from "#test/support/factories";
import { HOSTILE_KEYS } from "#test/support/hostile-keys";

const messages = (value: unknown) => {
  const r = uniqueCodesSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("unique code settings", () => {
  it("fills the defaults of each source", () => {
    expect(defaultUniqueCodes("shopify")).toEqual({
      source: "shopify",
      kind: "percentage",
      value: 10,
      minimum_subtotal: 0,
      once_per_customer: true,
      prefix: "BECKON",
      warn_threshold: 20,
    });
    expect(defaultUniqueCodes("pool")).toEqual({ source: "pool", warn_threshold: 20 });
  });

  it("names the sources for an unknown, missing or hostile source", () => {
    for (const source of ["coupon", undefined, 1, null, "__proto__", "toString", { source: "pool" }])
      expect(messages({ source })).toEqual([UNIQUE_CODES_MESSAGES.source]);
    for (const value of ["pool", 1, [], true]) expect(messages(value).length).toBeGreaterThan(0);
  });

  it("keeps every number finite and within its bounds", () => {
    const bad: [string, unknown][] = [
      ["value", 0],
      ["value", -5],
      ["value", Number.NaN],
      ["value", Number.POSITIVE_INFINITY],
      ["value", "10"],
      ["value", 1e9],
      ["minimum_subtotal", -1],
      ["expires_after_days", 0],
      ["expires_after_days", 1.5],
      ["expires_after_days", 99_999],
      ["warn_threshold", -1],
      ["warn_threshold", 0.5],
    ];
    for (const [key, value] of bad) {
      const issues = uniqueCodesSchema.safeParse({ source: "shopify", [key]: value });
      expect(issues.success, `${key}=${String(value)}`).toBe(false);
      expect(issues.error!.issues[0].path).toEqual([key]);
      expect(issues.error!.issues[0].message).toBe(UNIQUE_CODES_MESSAGES[key as keyof typeof UNIQUE_CODES_MESSAGES]);
    }
  });

  it("takes no percentage over 100 but any amount up to the maximum", () => {
    expect(messages({ source: "shopify", kind: "percentage", value: 101 })).toEqual([UNIQUE_CODES_MESSAGES.value]);
    expect(messages({ source: "shopify", kind: "amount", value: 250 })).toEqual([]);
    expect(messages({ source: "shopify", kind: "free" })).toEqual([UNIQUE_CODES_MESSAGES.kind]);
  });

  it("refuses unknown keys, prototype keys and prefixes that would break a code", () => {
    expect(messages({ source: "pool", colour: "red" }).length).toBe(1);
    for (const key of HOSTILE_KEYS)
      expect(uniqueCodesSchema.safeParse(JSON.parse(`{"source":"pool","${key}":1}`)).success, key).toBe(false);
    for (const prefix of ["A B", "<b>", "x".repeat(21), "KOD/1", "ÅÄÖ"])
      expect(messages({ source: "shopify", prefix })).toEqual([UNIQUE_CODES_MESSAGES.prefix]);
  });

  it("is part of the CTA document, and optional there", () => {
    expect(ctaDocumentSchema.parse(ctaDocumentMock()).unique_codes).toBeUndefined();
    const doc = ctaDocumentSchema.parse(ctaDocumentMock({ unique_codes: { source: "pool", warn_threshold: 5 } }));
    expect(doc.unique_codes).toEqual({ source: "pool", warn_threshold: 5 });
    const bad = ctaDocumentSchema.safeParse(ctaDocumentMock({ unique_codes: { source: "shopify", value: -1 } }));
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(["unique_codes", "value"]);
  });

  it("dates a code's expiry from when it is handed out", () => {
    const at = new Date("2026-12-02T10:00:00Z");
    expect(codeExpiry({ expires_after_days: 7 }, at)?.toISOString()).toBe("2026-12-09T10:00:00.000Z");
    expect(codeExpiry({ expires_after_days: null }, at)).toBeNull();
  });
});

describe("the widget's code request", () => {
  it("takes a visitor token and a CTA id, nothing else", () => {
    const token = "a".repeat(32);
    expect(discountCodeRequestSchema.parse({ visitor_token: token, cta_id: 4 })).toEqual({
      visitor_token: token,
      cta_id: 4,
    });
    for (const body of [
      {},
      { visitor_token: token },
      { visitor_token: "short", cta_id: 1 },
      { visitor_token: "x".repeat(65), cta_id: 1 },
      { visitor_token: token, cta_id: -1 },
      { visitor_token: token, cta_id: "1" },
      { visitor_token: token, cta_id: 1, person_id: 2 },
      { visitor_token: "'; DROP TABLE x;--aaaaaaaa", cta_id: 1 },
    ])
      expect(discountCodeRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
