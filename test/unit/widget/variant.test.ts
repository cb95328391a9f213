import { describe, expect, it } from "vitest";
import { pickVariant } from "../../../widget/core/variant";

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
  it("ignores a remembered variant that no longer exists", () => expect(pickVariant(variants, "9", () => 0.99)!.id).toBe(2));
  it("shows a declared winner to everyone", () => expect(pickVariant([variants[0], { ...variants[1], winner: true }], "1")!.id).toBe(2));
  it("falls back to the first variant when all weights are zero", () =>
    expect(pickVariant([{ id: 5, percentage: 0 }, { id: 6, percentage: 0 }], null, () => 0.5)!.id).toBe(5));
});
