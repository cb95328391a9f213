/** When a test starts: its second variant, a changed set of variants, a new mode, or a writer's explicit restart. */
import { describe, expect, it } from "vitest";
import { abTestToStore } from "#app/models/ab-test-start";
import type { CtaDocument } from "#contract/schema/cta";

type Doc = Pick<CtaDocument, "ab_test" | "variants">;
const variant = (id?: number) => ({ id, variation: "A", percentage: 50, winner: false, options: {}, steps: [] });
const started = "2026-11-01T10:00:00.000Z";
const now = new Date("2026-12-02T08:00:00.000Z");
const running: Doc = {
  ab_test: {
    mode: "auto",
    confidence: 0.95,
    min_sample_per_variant: 100,
    min_days: 7,
    holdout_share: 0.2,
    started_at: started,
  },
  variants: [variant(1), variant(2)],
};

describe("abTestToStore", () => {
  it("starts the test when the second variant is added, with default settings when none were sent", () => {
    const before: Doc = { ab_test: null, variants: [variant(1)] };
    expect(abTestToStore(before, { ab_test: null, variants: [variant(1), variant()] }, now)).toEqual({
      abTest: expect.objectContaining({ mode: "manual", confidence: 0.95, started_at: now.toISOString() }),
      restarted: true,
    });
  });

  it("keeps the start while the variants and the mode stay, whatever start the editor sends", () => {
    const edited = { ...running, ab_test: { ...running.ab_test!, confidence: 0.99, started_at: now.toISOString() } };
    expect(abTestToStore(running, edited, now)).toEqual({
      abTest: { ...running.ab_test, confidence: 0.99, started_at: started },
      restarted: false,
    });
    // A writer that does not send the settings keeps the stored ones.
    expect(abTestToStore(running, { variants: running.variants }, now)).toEqual({
      abTest: running.ab_test,
      restarted: false,
    });
  });

  it("restarts on a new mode, a variant added or removed, or started_at: null", () => {
    const restartedBy = (doc: Doc) => abTestToStore(running, doc, now);
    expect(restartedBy({ ...running, ab_test: { ...running.ab_test!, mode: "bandit" } }).restarted).toBe(true);
    expect(restartedBy({ ...running, variants: [variant(1), variant(2), variant()] }).restarted).toBe(true);
    expect(restartedBy({ ...running, variants: [variant(1), variant(3)] }).restarted).toBe(true);
    const restart = restartedBy({ ...running, ab_test: { ...running.ab_test!, started_at: null } });
    expect(restart).toEqual({ abTest: { ...running.ab_test, started_at: now.toISOString() }, restarted: true });
  });

  it("with one variant left, keeps the settings without a start", () => {
    expect(abTestToStore(running, { ...running, variants: [variant(1)] }, now)).toEqual({
      abTest: { ...running.ab_test, started_at: null },
      restarted: true,
    });
    expect(abTestToStore(null, { ab_test: null, variants: [variant()] }, now)).toEqual({
      abTest: null,
      restarted: false,
    });
  });
});
