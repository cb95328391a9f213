import { describe, expect, it } from "vitest";
import { checkContrast, contrastRatio, formatRatio, luminance, normalizeHex, parseHex } from "#app/view/contrast";

describe("contrast (WCAG 2.x)", () => {
  it("gives the reference ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBeCloseTo(1, 5);
    // Known values: #767676 on white is the lightest grey passing AA (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
    // Order does not matter.
    expect(contrastRatio("#1f4fd6", "#ffffff")).toBeCloseTo(contrastRatio("#ffffff", "#1f4fd6")!, 10);
  });

  it("computes relative luminance per channel with the sRGB curve", () => {
    expect(luminance({ r: 255, g: 0, b: 0 })).toBeCloseTo(0.2126, 4);
    expect(luminance({ r: 0, g: 255, b: 0 })).toBeCloseTo(0.7152, 4);
    expect(luminance({ r: 10, g: 10, b: 10 })).toBeCloseTo(10 / 255 / 12.92, 6);
  });

  it("flags the dark-on-dark pair that shipped an invisible button", () => {
    const check = checkContrast("#1d2530", "#1f3a8a")!;
    expect(check.passes).toBe(false);
    expect(Number(check.shown)).toBeLessThan(2);
    expect(checkContrast("#ffffff", "#1f3a8a")!.passes).toBe(true);
  });

  it("never rounds a failing ratio up to a passing one", () => {
    expect(formatRatio(4.49)).toBe("4.4");
    expect(formatRatio(2.16)).toBe("2.1");
  });

  it("refuses anything but hex colours", () => {
    for (const bad of [
      "red",
      "rgb(0,0,0)",
      "#12",
      "#1234567",
      "red;}body{display:none",
      "#fff;}x{",
      "",
      null,
      42,
      "x".repeat(100_000),
    ]) {
      expect(parseHex(bad)).toBeNull();
      expect(contrastRatio(bad, "#fff")).toBeNull();
    }
    expect(normalizeHex("#AbC")).toBe("#aabbcc");
    expect(normalizeHex(" #102030 ")).toBe("#102030");
  });
});
