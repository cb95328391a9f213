/**
 * Automatic A/B tests, pure: whether a test has a winner (decideAbTest) and,
 * for a bandit, how to split the traffic meanwhile (thompsonSplit). Both use
 * the Beta model of ab-stats.ts on each variant's counts since the test's
 * start.
 *
 * A winner is never named before every variant has the minimum sample, the
 * test has run the minimum number of days and the variants together have
 * MIN_TOTAL_CONVERSIONS conversions (the Results page's own threshold):
 * looking early and often is what turns a 95 % level into a coin toss.
 */
import type { AbTestSettings } from "#contract/schema/ab-test";
import { MIN_TOTAL_CONVERSIONS, posterior, probabilityToBeat, type ArmCounts } from "./ab-stats";
import { DAY_MS } from "./results-period";

/** One variant's counts since the test's start. */
export interface TestArm extends ArmCounts {
  id: number;
}

export type DecisionSettings = Pick<AbTestSettings, "confidence" | "min_sample_per_variant" | "min_days">;

/** Why a test keeps running. */
export type RunningReason = "variants" | "sample" | "duration" | "conversions" | "confidence";

export type AbDecision =
  | { kind: "running"; reason: RunningReason }
  /** `probability`: the winner's lowest probability of beating another variant. */
  | { kind: "winner"; variantId: number; probability: number };

/**
 * Decides a test from the variants' counts (the first is the control), the
 * time since its start and its settings. A challenger wins when it beats
 * the control and every other challenger with at least `confidence`; the
 * control wins when every challenger's chance to beat it is at most
 * 1 − confidence.
 */
export function decideAbTest(arms: TestArm[], elapsedMs: number, settings: DecisionSettings): AbDecision {
  if (arms.length < 2) return { kind: "running", reason: "variants" };
  if (arms.some((arm) => !(arm.views >= settings.min_sample_per_variant))) return { kind: "running", reason: "sample" };
  if (!(elapsedMs >= settings.min_days * DAY_MS)) return { kind: "running", reason: "duration" };
  if (arms.reduce((sum, arm) => sum + arm.conversions, 0) < MIN_TOTAL_CONVERSIONS)
    return { kind: "running", reason: "conversions" };
  const [control, ...challengers] = arms;
  let best: { arm: TestArm; probability: number } | null = null;
  for (const arm of challengers) {
    const probability = Math.min(
      ...arms.filter((other) => other !== arm).map((other) => probabilityToBeat(arm, other)),
    );
    if (!best || probability > best.probability) best = { arm, probability };
  }
  if (best && best.probability >= settings.confidence)
    return { kind: "winner", variantId: best.arm.id, probability: best.probability };
  const controlProbability = Math.min(...challengers.map((arm) => 1 - probabilityToBeat(arm, control)));
  if (controlProbability >= settings.confidence)
    return { kind: "winner", variantId: control.id, probability: controlProbability };
  return { kind: "running", reason: "confidence" };
}

/** A standard normal draw (Box–Muller) from a uniform source. */
function normalDraw(random: () => number): number {
  const uniform = 1 - random(); // (0, 1]: the logarithm stays finite
  return Math.sqrt(-2 * Math.log(uniform)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw for shape ≥ 1 (Marsaglia and Tsang). */
function gammaDraw(shape: number, random: () => number): number {
  const offset = shape - 1 / 3;
  const scale = 1 / Math.sqrt(9 * offset);
  for (;;) {
    const normal = normalDraw(random);
    const cube = (1 + scale * normal) ** 3;
    if (cube <= 0) continue;
    const uniform = 1 - random();
    if (Math.log(uniform) < 0.5 * normal * normal + offset - offset * cube + offset * Math.log(cube))
      return offset * cube;
  }
}

/** A draw of an arm's conversion rate from its Beta posterior (both shapes are at least 1). */
export function betaDraw(arm: ArmCounts, random: () => number): number {
  const { alpha, beta } = posterior(arm);
  const first = gammaDraw(alpha, random);
  return first / (first + gammaDraw(beta, random));
}

/** Thompson draws per split: enough for whole percentages to settle within about one point. */
export const THOMPSON_DRAWS = 4000;

/** Whole percentages in proportion to `weights`, adding up to 100 (largest remainders round up). */
export function wholePercentages(weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  const exact = weights.map((w) => (total > 0 ? (w / total) * 100 : 100 / weights.length));
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, n) => sum + n, 0);
  const order = exact.map((value, index) => ({ index, rest: value - floors[index] })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] += 1;
    left -= 1;
  }
  return floors;
}

/**
 * The bandit's split, as whole percentages adding up to 100: `holdoutShare`
 * of the traffic evenly over the variants (so every variant keeps being
 * measured), the rest in proportion to each variant's probability of being
 * the best, estimated by Thompson sampling from the Beta posteriors.
 * `random` is the uniform source (seeded in tests).
 */
export function thompsonSplit(
  arms: ArmCounts[],
  holdoutShare: number,
  random: () => number = Math.random,
  draws = THOMPSON_DRAWS,
): number[] {
  if (arms.length === 0) return [];
  const wins = arms.map(() => 0);
  for (let round = 0; round < draws; round++) {
    let bestIndex = 0;
    let bestRate = -1;
    arms.forEach((arm, index) => {
      const rate = betaDraw(arm, random);
      if (rate > bestRate) [bestIndex, bestRate] = [index, rate];
    });
    wins[bestIndex] += 1;
  }
  const holdout = Math.min(1, Math.max(0, holdoutShare));
  return wholePercentages(wins.map((won) => holdout / arms.length + (1 - holdout) * (won / draws)));
}
