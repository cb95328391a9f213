/**
 * The A/B statistics against values known in closed form, against an
 * independent numerical integration, and against a seeded Monte Carlo run.
 */
import { describe, expect, it } from "vitest";
import {
  EXACT_TERMS_LIMIT,
  MIN_TOTAL_CONVERSIONS,
  MIN_VIEWS_PER_VARIANT,
  abVerdict,
  logBeta,
  logGamma,
  normalCdf,
  posterior,
  probabilityToBeat,
} from "#app/models/results/ab-stats";

/** P(X > Y) by Simpson's rule on f_X(x)·F_Y(x), F_Y accumulated on the same grid (reference only). */
function integrated(aX: number, bX: number, aY: number, bY: number, steps = 200_000): number {
  const lo = 0;
  const hi = 1;
  const h = (hi - lo) / steps;
  const density = (a: number, b: number, x: number) =>
    x <= 0 || x >= 1 ? 0 : Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x) - logBeta(a, b));
  let cdfY = 0;
  let total = 0;
  let prevFy = density(aY, bY, lo);
  for (let i = 1; i <= steps; i++) {
    const x0 = lo + (i - 1) * h;
    const x1 = lo + i * h;
    const xm = (x0 + x1) / 2;
    const fyM = density(aY, bY, xm);
    const fy1 = density(aY, bY, x1);
    const cdf0 = cdfY;
    const cdfM = cdf0 + (h / 24) * (5 * prevFy + 8 * fyM - fy1); // quadratic through x0, xm, x1, integrated over the first half
    cdfY = cdf0 + (h / 6) * (prevFy + 4 * fyM + fy1);
    total += (h / 6) * (density(aX, bX, x0) * cdf0 + 4 * density(aX, bX, xm) * cdfM + density(aX, bX, x1) * cdfY);
    prevFy = fy1;
  }
  return total;
}

/** A small deterministic generator (mulberry32) and Beta draws by the order-statistic method for small integer shapes. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gammaDraw(shape: number, rand: () => number): number {
  // Marsaglia-Tsang for shape >= 1, with Box-Muller normals.
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rand();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function betaDraw(a: number, b: number, rand: () => number): number {
  const x = gammaDraw(a, rand);
  return x / (x + gammaDraw(b, rand));
}

describe("special functions", () => {
  it("logGamma matches factorials and Γ(1/2) = √π", () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(2)).toBeCloseTo(0, 12);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
    expect(logGamma(171)).toBeCloseTo(706.5730622457874, 8);
    expect(() => logGamma(0)).toThrow(RangeError);
  });

  it("logBeta(a, b) = ln(Γ(a)Γ(b)/Γ(a+b))", () => {
    expect(logBeta(1, 1)).toBeCloseTo(0, 12);
    expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 12);
  });

  it("normalCdf has the textbook values", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });
});

describe("probabilityToBeat", () => {
  it("uses Beta(1 + conversions, 1 + views − conversions) posteriors", () => {
    expect(posterior({ views: 100, conversions: 7 })).toEqual({ alpha: 8, beta: 94 });
    // Conversions beyond views (bad data) are clamped, negatives floored.
    expect(posterior({ views: 5, conversions: 9 })).toEqual({ alpha: 6, beta: 1 });
    expect(posterior({ views: -3, conversions: -1 })).toEqual({ alpha: 1, beta: 1 });
  });

  it("matches closed forms: P(Beta(2,1) > Beta(1,2)) = 5/6, P(Beta(2,1) > Beta(1,1)) = 2/3", () => {
    expect(probabilityToBeat({ views: 1, conversions: 1 }, { views: 1, conversions: 0 })).toBeCloseTo(5 / 6, 12);
    expect(probabilityToBeat({ views: 1, conversions: 1 }, { views: 0, conversions: 0 })).toBeCloseTo(2 / 3, 12);
    expect(probabilityToBeat({ views: 0, conversions: 0 }, { views: 1, conversions: 1 })).toBeCloseTo(1 / 3, 12);
  });

  it("is exactly one half for identical counts, and complementary when swapped", () => {
    for (const arm of [
      { views: 0, conversions: 0 },
      { views: 120, conversions: 9 },
      { views: 5000, conversions: 400 },
    ]) {
      expect(probabilityToBeat(arm, arm)).toBeCloseTo(0.5, 10);
    }
    const a = { views: 1000, conversions: 120 };
    const b = { views: 1000, conversions: 100 };
    expect(probabilityToBeat(a, b) + probabilityToBeat(b, a)).toBeCloseTo(1, 12);
  });

  it("agrees with numerical integration on realistic tests", () => {
    const cases: [number, number, number, number][] = [
      [1000, 120, 1000, 100],
      [250, 30, 240, 22],
      [100, 3, 100, 10],
      [4000, 160, 4100, 150],
    ];
    for (const [vA, cA, vB, cB] of cases) {
      const x = posterior({ views: vA, conversions: cA });
      const y = posterior({ views: vB, conversions: cB });
      const reference = integrated(x.alpha, x.beta, y.alpha, y.beta);
      expect(probabilityToBeat({ views: vA, conversions: cA }, { views: vB, conversions: cB })).toBeCloseTo(
        reference,
        6,
      );
    }
  });

  it("the known 1000/120 vs 1000/100 test gives about 0.923 (normal approximation: 0.9229)", () => {
    expect(probabilityToBeat({ views: 1000, conversions: 120 }, { views: 1000, conversions: 100 })).toBeCloseTo(
      0.9232,
      3,
    );
  });

  it("agrees with a seeded Monte Carlo estimate (200,000 draws)", () => {
    const rand = mulberry32(20260105);
    const x = posterior({ views: 300, conversions: 36 });
    const y = posterior({ views: 310, conversions: 28 });
    let wins = 0;
    const draws = 200_000;
    for (let i = 0; i < draws; i++) if (betaDraw(x.alpha, x.beta, rand) > betaDraw(y.alpha, y.beta, rand)) wins++;
    // 200,000 draws: standard error about 0.001.
    expect(probabilityToBeat({ views: 300, conversions: 36 }, { views: 310, conversions: 28 })).toBeCloseTo(
      wins / draws,
      2,
    );
  });

  it("switches to the normal approximation for very large counts and stays close to the integral", () => {
    const a = { views: 400_000, conversions: EXACT_TERMS_LIMIT + 500 };
    const b = { views: 400_000, conversions: EXACT_TERMS_LIMIT + 200 };
    const x = posterior(a);
    const y = posterior(b);
    const p = probabilityToBeat(a, b);
    const reference = integrated(x.alpha, x.beta, y.alpha, y.beta, 2_000_000);
    expect(Math.abs(p - reference)).toBeLessThan(2e-3);
    expect(p).toBeGreaterThan(0.9);
  });

  it("is deterministic and fast enough for the page", () => {
    const t = performance.now();
    const first = probabilityToBeat({ views: 150_000, conversions: 19_000 }, { views: 150_000, conversions: 18_700 });
    expect(performance.now() - t).toBeLessThan(2000);
    expect(probabilityToBeat({ views: 150_000, conversions: 19_000 }, { views: 150_000, conversions: 18_700 })).toBe(
      first,
    );
  });
});

describe("abVerdict", () => {
  const variant = (id: number, letter: string, views: number, conversions: number) => ({
    id,
    letter,
    views,
    conversions,
  });

  it("says 'not enough data' below the minimum views per variant, with no probabilities", () => {
    const v = abVerdict([variant(1, "A", 500, 40), variant(2, "B", MIN_VIEWS_PER_VARIANT - 1, 20)]);
    expect(v.enoughData).toBe(false);
    expect(v.reason).toContain(`${MIN_VIEWS_PER_VARIANT} views`);
    expect(v.reason).toContain("B: 99");
    expect(v.variants.every((x) => x.probabilityToBeatControl === null)).toBe(true);
    // Rates and lift are still shown.
    expect(v.variants[1].rate).toBeCloseTo(20 / 99, 12);
  });

  it("needs a minimum number of conversions in total", () => {
    const v = abVerdict([variant(1, "A", 200, 4), variant(2, "B", 200, MIN_TOTAL_CONVERSIONS - 5)]);
    expect(v.enoughData).toBe(false);
    expect(v.reason).toContain(`${MIN_TOTAL_CONVERSIONS} conversions`);
  });

  it("needs two variants", () => {
    expect(abVerdict([variant(1, "A", 1000, 100)]).enoughData).toBe(false);
    expect(abVerdict([]).reason).toContain("two variants");
  });

  it("gives each challenger its probability to beat the control and its lift", () => {
    const v = abVerdict([variant(1, "A", 1000, 100), variant(2, "B", 1000, 120), variant(3, "C", 1000, 80)]);
    expect(v.enoughData).toBe(true);
    expect(v.reason).toBeNull();
    const [a, b, c] = v.variants;
    expect(a.isControl).toBe(true);
    expect(a.probabilityToBeatControl).toBeNull();
    expect(a.lift).toBeNull();
    expect(b.probabilityToBeatControl).toBeCloseTo(0.9232, 3);
    expect(b.lift).toBeCloseTo(0.2, 12);
    expect(c.probabilityToBeatControl!).toBeLessThan(0.1);
    expect(c.lift).toBeCloseTo(-0.2, 12);
  });

  it("has no lift against a control with a zero rate", () => {
    const v = abVerdict([variant(1, "A", 150, 0), variant(2, "B", 150, 12)]);
    expect(v.variants[1].lift).toBeNull();
    expect(v.variants[1].probabilityToBeatControl!).toBeGreaterThan(0.999);
  });
});
