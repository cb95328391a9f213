/**
 * The results page's numbers and dates follow the admin language: Swedish
 * owners read "12,3 %", "1 234,50 kr" and "5 jan.", English ones keep the
 * texts the page always showed. Non-breaking spaces are made plain to compare.
 */
import { describe, expect, it } from "vitest";
import { formats, formatMoney, formatPercent } from "#app/components/results/format";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("results formatting", () => {
  it("keeps the English texts", () => {
    const f = formats("en");
    expect(f.count(12345)).toBe("12,345");
    expect(f.percent(0.1234)).toBe("12.3%");
    expect(f.lift(-0.04)).toBe("−4.0%");
    expect(plain(f.money(1234.5, "SEK"))).toBe("SEK 1,234.50");
    expect(f.day("2026-01-05")).toBe("Jan 5");
    expect(f.period("2025-12-20", "2026-01-05")).toBe("Dec 20, 2025 – Jan 5, 2026");
    // The English exports are the English formatters.
    expect(formatPercent(0.5)).toBe(f.percent(0.5));
    expect(formatMoney(1, "USD")).toBe("$1.00");
  });

  it("formats Swedish numbers, money and days the Swedish way", () => {
    const f = formats("sv");
    expect(plain(f.count(12345))).toBe("12 345");
    expect(plain(f.percent(0.1234))).toBe("12,3 %");
    expect(plain(f.lift(0.5))).toBe("+50,0 %");
    expect(plain(f.money(1234.5, "SEK"))).toBe("1 234,50 kr");
    expect(f.day("2026-01-05")).toBe("5 jan.");
    expect(f.period("2026-01-05", "2026-02-03")).toBe("5 jan. – 3 feb. 2026");
    expect(f.percent(null)).toBe("—");
  });
});
