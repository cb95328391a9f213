/** The A/B test settings: defaults, and hostile values refused with the setting's own message. */
import { describe, expect, it } from "vitest";
import { AB_TEST_MESSAGES, abTestSchema, defaultAbTest } from "#contract/schema/ab-test";
import { ctaDocumentSchema } from "#contract/schema/cta";
import { ctaDocumentMock } from "#test/support/factories";

const messagesOf = (input: unknown) => {
  const parsed = abTestSchema.safeParse(input);
  // One setting may break two rules (Infinity is neither finite nor at most the maximum): the same words, once.
  return parsed.success
    ? []
    : [...new Set(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`))];
};

describe("abTestSchema", () => {
  it("fills the defaults: manual, 95 %, 100 views, 7 days, 20 % holdout, not started", () => {
    expect(defaultAbTest()).toEqual({
      mode: "manual",
      confidence: 0.95,
      min_sample_per_variant: 100,
      min_days: 7,
      holdout_share: 0.2,
    });
    expect(abTestSchema.parse({ mode: "bandit", confidence: 0.99, holdout_share: 0 })).toMatchObject({
      mode: "bandit",
      confidence: 0.99,
      holdout_share: 0,
    });
  });

  it.each([
    ["confidence", 2.0],
    ["confidence", 0.49],
    ["confidence", 1],
    ["confidence", Number.NaN],
    ["confidence", Number.POSITIVE_INFINITY],
    ["confidence", "0.95"],
    ["confidence", null],
    ["min_sample_per_variant", -1],
    ["min_sample_per_variant", 0],
    ["min_sample_per_variant", 10.5],
    ["min_sample_per_variant", 1e12],
    ["min_sample_per_variant", Number.NaN],
    ["min_days", -3],
    ["min_days", 366],
    ["min_days", Number.MAX_SAFE_INTEGER],
    ["min_days", 1.5],
    ["holdout_share", -0.1],
    ["holdout_share", 0.95],
    ["holdout_share", Number.NEGATIVE_INFINITY],
    ["holdout_share", {}],
    ["mode", "always-b"],
    ["mode", ""],
  ] as const)("refuses %s = %s with a clear message", (key, value) => {
    expect(messagesOf({ [key]: value })).toEqual([`${key}: ${AB_TEST_MESSAGES[key]}`]);
  });

  it("refuses unknown keys, a started_at that is no time, and a non-object", () => {
    expect(messagesOf({ winner: 2 })[0]).toMatch(/Unrecognized key/);
    expect(messagesOf({ started_at: "yesterday" })[0]).toMatch(/^started_at: /);
    expect(messagesOf("auto").length).toBe(1);
    expect(messagesOf(["auto"]).length).toBe(1);
  });

  it("is part of the CTA document, where a hostile setting is reported at its path", () => {
    const cta = ctaDocumentMock();
    expect(ctaDocumentSchema.parse({ ...cta, ab_test: { mode: "auto" } }).ab_test).toMatchObject({
      mode: "auto",
      confidence: 0.95,
    });
    const parsed = ctaDocumentSchema.safeParse({ ...cta, ab_test: { mode: "auto", confidence: 2 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["ab_test.confidence", AB_TEST_MESSAGES.confidence],
    ]);
  });
});
