import { describe, expect, it } from "vitest";
import { pickVariant } from "#widget/core/variant";

const variants = [
  { id: 1, percentage: 30 },
  { id: 2, percentage: 70 },
];

describe("A/B split", () => {
  it("draws by the variant percentages", () => {
    expect(pickVariant(variants, null, () => 0)!.id).toBe(1);
    expect(pickVariant(variants, null, () => 0.2999)!.id).toBe(1);
    expect(pickVariant(variants, null, () => 0.3)!.id).toBe(2);
    expect(pickVariant(variants, null, () => 0.9999)!.id).toBe(2);
  });
  it("keeps the remembered variant", () => expect(pickVariant(variants, "1", () => 0.99)!.id).toBe(1));
  it("ignores a remembered variant that no longer exists", () =>
    expect(pickVariant(variants, "9", () => 0.99)!.id).toBe(2));
  it("shows a declared winner to everyone", () =>
    expect(pickVariant([variants[0], { ...variants[1], winner: true }], "1")!.id).toBe(2));
  it("falls back to the first variant when all weights are zero", () =>
    expect(
      pickVariant(
        [
          { id: 5, percentage: 0 },
          { id: 6, percentage: 0 },
        ],
        null,
        () => 0.5,
      )!.id,
    ).toBe(5));
  it("splits many visitors by the percentages, within tolerance", () => {
    // A seeded generator: the test is deterministic, the distribution is what a real draw gives.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const three = [
      { id: 1, percentage: 50 },
      { id: 2, percentage: 30 },
      { id: 3, percentage: 20 },
    ];
    const counts: Record<number, number> = { 1: 0, 2: 0, 3: 0 };
    const N = 20_000;
    for (let i = 0; i < N; i++) counts[pickVariant(three, null, random)!.id!]++;
    expect(counts[1] / N).toBeCloseTo(0.5, 1);
    expect(Math.abs(counts[1] / N - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(counts[2] / N - 0.3)).toBeLessThan(0.02);
    expect(Math.abs(counts[3] / N - 0.2)).toBeLessThan(0.02);
  });
  it("with Math.random too", () => {
    let a = 0;
    for (let i = 0; i < 10_000; i++) if (pickVariant(variants, null)!.id === 1) a++;
    expect(Math.abs(a / 10_000 - 0.3)).toBeLessThan(0.03);
  });
});
