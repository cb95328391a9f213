/**
 * A/B test statistics for CTA variants, pure and deterministic.
 *
 * Model: each variant's conversion rate p has a Beta(1 + conversions,
 * 1 + views - conversions) posterior (Beta-Binomial with a uniform prior).
 * "Probability to beat the control" is P(p_variant > p_control) under the two
 * independent posteriors, computed in closed form (Evan Miller's sum for
 * integer Beta parameters, in log space) when the smaller shape parameter is
 * at most EXACT_TERMS_LIMIT, and by the normal approximation of the two
 * posteriors beyond that, where it agrees with the exact sum to about 1e-4.
 * No random draws: the same counts always give the same answer.
 *
 * Below a minimum sample (MIN_VIEWS_PER_VARIANT views for every variant and
 * MIN_TOTAL_CONVERSIONS conversions in total) no probability is reported:
 * the admin says "Not enough data yet" instead of a number that would swing
 * with every visitor.
 */

/** Views every variant needs before probabilities are shown. */
export const MIN_VIEWS_PER_VARIANT = 100;
/** Conversions all variants together need before probabilities are shown. */
export const MIN_TOTAL_CONVERSIONS = 10;
/** Above this many terms the exact sum gives way to the normal approximation. */
export const EXACT_TERMS_LIMIT = 20_000;

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, about 15 significant digits). */
export function logGamma(value: number): number {
  if (!(value > 0)) throw new RangeError(`logGamma needs a positive number, got ${value}`);
  if (value < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * value)) - logGamma(1 - value);
  const shifted = value - 1;
  let series = 0.99999999999980993;
  const base = shifted + 7.5;
  for (let i = 0; i < LANCZOS.length; i++) series += LANCZOS[i] / (shifted + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(base) - base + Math.log(series);
}

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** Standard normal cumulative distribution (erf by Abramowitz & Stegun 7.1.26; |error| < 1.5e-7). */
export function normalCdf(score: number): number {
  const scaled = Math.abs(score) / Math.SQRT2;
  const ratio = 1 / (1 + 0.3275911 * scaled);
  const poly =
    ratio *
    (0.254829592 + ratio * (-0.284496736 + ratio * (1.421413741 + ratio * (-1.453152027 + ratio * 1.061405429))));
  const erf = 1 - poly * Math.exp(-scaled * scaled);
  return score >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Counts of one arm of a test. */
export interface ArmCounts {
  views: number;
  conversions: number;
}

/** The Beta posterior's parameters for an arm (uniform prior). */
export function posterior(arm: ArmCounts): { alpha: number; beta: number } {
  const views = Math.max(0, Math.floor(arm.views));
  const conversions = Math.min(views, Math.max(0, Math.floor(arm.conversions)));
  return { alpha: 1 + conversions, beta: 1 + views - conversions };
}

/**
 * P(X > Y) for X ~ Beta(aX, bX), Y ~ Beta(aY, bY) with integer aX:
 * Σ_{i=0}^{aX−1} B(aY + i, bX + bY) / ((bX + i) · B(1 + i, bX) · B(aY, bY)).
 */
function exactProbabilityGreater(aX: number, bX: number, aY: number, bY: number): number {
  const constant = logBeta(aY, bY);
  let total = 0;
  for (let i = 0; i < aX; i++) {
    total += Math.exp(logBeta(aY + i, bX + bY) - Math.log(bX + i) - logBeta(1 + i, bX) - constant);
  }
  return Math.min(1, Math.max(0, total));
}

function normalProbabilityGreater(aX: number, bX: number, aY: number, bY: number): number {
  const mean = (a: number, b: number) => a / (a + b);
  const variance = (a: number, b: number) => (a * b) / ((a + b) ** 2 * (a + b + 1));
  const sd = Math.sqrt(variance(aX, bX) + variance(aY, bY));
  return normalCdf((mean(aX, bX) - mean(aY, bY)) / sd);
}

/**
 * The probability that the challenger's true conversion rate is higher than
 * the control's, given the observed counts (0..1).
 */
export function probabilityToBeat(challenger: ArmCounts, control: ArmCounts): number {
  const challengerPosterior = posterior(challenger);
  const controlPosterior = posterior(control);
  // The sum runs over the first argument's alpha; P(X > Y) = 1 − P(Y > X)
  // (ties have probability 0), so sum over whichever alpha is smaller.
  if (Math.min(challengerPosterior.alpha, controlPosterior.alpha) > EXACT_TERMS_LIMIT)
    return normalProbabilityGreater(
      challengerPosterior.alpha,
      challengerPosterior.beta,
      controlPosterior.alpha,
      controlPosterior.beta,
    );
  if (challengerPosterior.alpha <= controlPosterior.alpha)
    return exactProbabilityGreater(
      challengerPosterior.alpha,
      challengerPosterior.beta,
      controlPosterior.alpha,
      controlPosterior.beta,
    );
  return (
    1 -
    exactProbabilityGreater(
      controlPosterior.alpha,
      controlPosterior.beta,
      challengerPosterior.alpha,
      challengerPosterior.beta,
    )
  );
}

/** One variant as the A/B table needs it. */
export interface VariantCounts extends ArmCounts {
  id: number;
  letter: string;
}

/** A variant's line in the A/B result. */
export interface VariantVerdict extends VariantCounts {
  isControl: boolean;
  /** conversions / views, or null without views. */
  rate: number | null;
  /** (rate − control rate) / control rate, or null when either rate is missing or the control's is 0. */
  lift: number | null;
  /** P(this variant beats the control); null for the control and while there is not enough data. */
  probabilityToBeatControl: number | null;
}

export interface AbVerdict {
  /** Whether the minimum sample is reached (probabilities are shown only then). */
  enoughData: boolean;
  /** Why not, in words, when enoughData is false. */
  reason: string | null;
  variants: VariantVerdict[];
}

/** Conversion rate, or null without views. */
export function conversionRate(arm: ArmCounts): number | null {
  return arm.views > 0 ? arm.conversions / arm.views : null;
}

/**
 * Compares every variant with the control (the first one, variant A when the
 * CTA keeps the usual order). Needs at least two variants to say anything.
 */
export function abVerdict(variants: VariantCounts[], controlIndex = 0): AbVerdict {
  const control = variants[controlIndex];
  const totalConversions = variants.reduce((sum, v) => sum + v.conversions, 0);
  const short = variants.filter((v) => v.views < MIN_VIEWS_PER_VARIANT);
  let reason: string | null = null;
  if (variants.length < 2 || !control) reason = "A test needs at least two variants.";
  else if (short.length) {
    reason = `Each variant needs at least ${MIN_VIEWS_PER_VARIANT} views (${short.map((v) => `${v.letter}: ${v.views}`).join(", ")}).`;
  } else if (totalConversions < MIN_TOTAL_CONVERSIONS) {
    reason = `The test needs at least ${MIN_TOTAL_CONVERSIONS} conversions in total (now ${totalConversions}).`;
  }
  const enoughData = reason === null;
  const controlRate = control ? conversionRate(control) : null;
  return {
    enoughData,
    reason,
    variants: variants.map((variant, index) => {
      const rate = conversionRate(variant);
      const isControl = index === controlIndex;
      return {
        ...variant,
        isControl,
        rate,
        lift: !isControl && rate !== null && controlRate ? (rate - controlRate) / controlRate : null,
        probabilityToBeatControl: enoughData && !isControl && control ? probabilityToBeat(variant, control) : null,
      };
    }),
  };
}
