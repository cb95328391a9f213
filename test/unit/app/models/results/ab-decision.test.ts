/**
 * Automatic A/B decisions over random traffic (fast-check properties and
 * seeded simulations): never a winner before the minimum sample and duration,
 * the true winner in the vast majority of simulated tests, and a bandit that
 * moves traffic towards the better variant while keeping its holdout.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIDENCE } from "#contract/schema/ab-test";
import {
  betaDraw,
  decideAbTest,
  thompsonSplit,
  wholePercentages,
  type DecisionSettings,
  type TestArm,
} from "#app/models/results/ab-decision";
import { MIN_TOTAL_CONVERSIONS } from "#app/models/results/ab-stats";
import { DAY_MS } from "#app/models/results/results-period";
import { seededRandom } from "#test/support/seeded-random";

const defaults: DecisionSettings = { confidence: DEFAULT_CONFIDENCE, min_sample_per_variant: 100, min_days: 7 };

const armArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 20_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([views, rate]) => ({ views, conversions: Math.floor(views * rate) }));
const settingsArbitrary = fc.record({
  confidence: fc.double({ min: 0.5, max: 0.999, noNaN: true }),
  min_sample_per_variant: fc.integer({ min: 1, max: 5000 }),
  min_days: fc.integer({ min: 0, max: 60 }),
});

/** One simulated visitor day: `visitors` split by `percentages`, each converting at its arm's true rate. */
function simulateDay(
  random: () => number,
  arms: TestArm[],
  rates: number[],
  percentages: number[],
  visitors: number,
): void {
  for (let n = 0; n < visitors; n++) {
    let draw = random() * 100;
    let index = 0;
    while (index < arms.length - 1 && (draw -= percentages[index]) >= 0) index++;
    arms[index].views += 1;
    if (random() < rates[index]) arms[index].conversions += 1;
  }
}

/** Runs a test day by day, deciding after each day as the server job does; returns the winner (or null) and its day. */
function runTest(seed: number, rates: number[], visitorsPerDay: number, maxDays: number, settings = defaults) {
  const random = seededRandom(seed).next;
  const arms: TestArm[] = rates.map((_, i) => ({ id: i + 1, views: 0, conversions: 0 }));
  const even = wholePercentages(rates.map(() => 1));
  for (let day = 1; day <= maxDays; day++) {
    simulateDay(random, arms, rates, even, visitorsPerDay);
    const decision = decideAbTest(arms, day * DAY_MS, settings);
    if (decision.kind === "winner") return { winner: decision.variantId, day, arms };
  }
  return { winner: null, day: maxDays, arms };
}

describe("decideAbTest", () => {
  it("never names a winner before every variant has the minimum sample and the test the minimum days (random traffic)", () => {
    fc.assert(
      fc.property(
        fc.array(armArbitrary, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 90 * DAY_MS }),
        settingsArbitrary,
        (counts, elapsed, settings) => {
          const arms = counts.map((c, i) => ({ ...c, id: i + 1 }));
          const decision = decideAbTest(arms, elapsed, settings);
          if (decision.kind !== "winner") return;
          expect(arms.length).toBeGreaterThanOrEqual(2);
          for (const arm of arms) expect(arm.views).toBeGreaterThanOrEqual(settings.min_sample_per_variant);
          expect(elapsed).toBeGreaterThanOrEqual(settings.min_days * DAY_MS);
          expect(arms.reduce((n, a) => n + a.conversions, 0)).toBeGreaterThanOrEqual(MIN_TOTAL_CONVERSIONS);
          expect(decision.probability).toBeGreaterThanOrEqual(settings.confidence);
          expect(arms.some((a) => a.id === decision.variantId)).toBe(true);
        },
      ),
      { numRuns: 500, seed: 20261202 },
    );
  });

  it("says why it keeps running, in order: variants, sample, duration, conversions, confidence", () => {
    const arm = (id: number, views: number, conversions: number) => ({ id, views, conversions });
    expect(decideAbTest([arm(1, 5000, 500)], 30 * DAY_MS, defaults)).toEqual({ kind: "running", reason: "variants" });
    expect(decideAbTest([arm(1, 5000, 500), arm(2, 99, 90)], 30 * DAY_MS, defaults)).toEqual({
      kind: "running",
      reason: "sample",
    });
    expect(decideAbTest([arm(1, 5000, 50), arm(2, 5000, 900)], 7 * DAY_MS - 1, defaults)).toEqual({
      kind: "running",
      reason: "duration",
    });
    expect(decideAbTest([arm(1, 5000, 4), arm(2, 5000, 5)], 7 * DAY_MS, defaults)).toEqual({
      kind: "running",
      reason: "conversions",
    });
    expect(decideAbTest([arm(1, 5000, 400), arm(2, 5000, 405)], 7 * DAY_MS, defaults)).toEqual({
      kind: "running",
      reason: "confidence",
    });
  });

  it("names a clearly better challenger, or the control when every challenger is clearly worse", () => {
    const b = decideAbTest(
      [
        { id: 1, views: 4000, conversions: 200 },
        { id: 2, views: 4000, conversions: 320 },
      ],
      10 * DAY_MS,
      defaults,
    );
    expect(b).toMatchObject({ kind: "winner", variantId: 2 });
    const a = decideAbTest(
      [
        { id: 1, views: 4000, conversions: 320 },
        { id: 2, views: 4000, conversions: 200 },
        { id: 3, views: 4000, conversions: 210 },
      ],
      10 * DAY_MS,
      defaults,
    );
    expect(a).toMatchObject({ kind: "winner", variantId: 1 });
  });

  it("with three variants, a challenger wins only when it also beats the other challenger", () => {
    const decision = decideAbTest(
      [
        { id: 1, views: 4000, conversions: 200 },
        { id: 2, views: 4000, conversions: 320 },
        { id: 3, views: 4000, conversions: 318 },
      ],
      10 * DAY_MS,
      defaults,
    );
    expect(decision).toEqual({ kind: "running", reason: "confidence" });
  });

  // 300 simulated tests, 5 % against 8 %, 150 visitors a day split 50/50, decided after every day for up
  // to 60 days. Tolerance: at least 95 % of the seeds end with the true winner (B); the rest may stop on A
  // or run out of days. Every stop respects the minimum sample and duration.
  it("switches to the true winner in the vast majority of simulated tests, never before the minimum sample", () => {
    const seeds = 300;
    let right = 0;
    let wrong = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const run = runTest(seed, [0.05, 0.08], 150, 60);
      if (run.winner === 2) right++;
      else if (run.winner === 1) wrong++;
      if (run.winner !== null) {
        expect(run.day).toBeGreaterThanOrEqual(defaults.min_days);
        for (const arm of run.arms) expect(arm.views).toBeGreaterThanOrEqual(defaults.min_sample_per_variant);
      }
    }
    expect(right / seeds).toBeGreaterThanOrEqual(0.95);
    expect(wrong / seeds).toBeLessThanOrEqual(0.03);
  });

  it("with no true difference, declares a winner in a minority of simulated tests only", () => {
    // Deciding daily for 30 days inflates a 5 % error; the minimum sample and days keep it bounded.
    let decided = 0;
    for (let seed = 1; seed <= 200; seed++) if (runTest(seed, [0.06, 0.06], 150, 30).winner !== null) decided++;
    expect(decided / 200).toBeLessThanOrEqual(0.3);
  });
});

describe("thompsonSplit", () => {
  it("shifts traffic towards the better variant and keeps the holdout on an even split", () => {
    const random = seededRandom(7).next;
    const split = thompsonSplit(
      [
        { views: 1000, conversions: 50 },
        { views: 1000, conversions: 80 },
      ],
      0.2,
      random,
    );
    expect(split.reduce((a, b) => a + b, 0)).toBe(100);
    expect(split[1]).toBeGreaterThan(80);
    // 20 % holdout over two variants: the worse one keeps at least 10 %.
    expect(split[0]).toBeGreaterThanOrEqual(10);
  });

  it("splits evenly while nothing is known, and the same seed gives the same split", () => {
    const empty = [
      { views: 0, conversions: 0 },
      { views: 0, conversions: 0 },
      { views: 0, conversions: 0 },
    ];
    const split = thompsonSplit(empty, 0.1, seededRandom(3).next);
    for (const share of split) expect(Math.abs(share - 100 / 3)).toBeLessThan(4);
    expect(thompsonSplit(empty, 0.1, seededRandom(3).next)).toEqual(split);
  });

  it("moves weight to the better arm as a simulated bandit test learns (seeded)", () => {
    const random = seededRandom(11).next;
    const rates = [0.05, 0.08];
    const arms: TestArm[] = [
      { id: 1, views: 0, conversions: 0 },
      { id: 2, views: 0, conversions: 0 },
    ];
    let split = [50, 50];
    const history: number[] = [];
    for (let day = 0; day < 20; day++) {
      simulateDay(random, arms, rates, split, 300);
      split = thompsonSplit(arms, 0.2, random);
      history.push(split[1]);
    }
    expect(history[history.length - 1]).toBeGreaterThan(85);
    expect(Math.min(...history.slice(-5))).toBeGreaterThan(70);
    expect(arms[0].views).toBeGreaterThan(0.1 * 300 * 20 * 0.5);
  });

  it("holdout share 1 is an even split; 0 gives all to a certain winner; whole percentages add up to 100", () => {
    const arms = [
      { views: 100_000, conversions: 1000 },
      { views: 100_000, conversions: 9000 },
    ];
    expect(thompsonSplit(arms, 1, seededRandom(1).next)).toEqual([50, 50]);
    expect(thompsonSplit(arms, 0, seededRandom(1).next)).toEqual([0, 100]);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 10 }), (w) => {
        const split = wholePercentages(w);
        expect(split.reduce((a, b) => a + b, 0)).toBe(100);
        for (const share of split) expect(Number.isInteger(share) && share >= 0).toBe(true);
      }),
      { seed: 5 },
    );
  });

  it("draws rates whose mean is the posterior mean (seeded Monte Carlo)", () => {
    const random = seededRandom(9).next;
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += betaDraw({ views: 48, conversions: 8 }, random);
    expect(sum / 20_000).toBeCloseTo(9 / 50, 2);
  });
});
