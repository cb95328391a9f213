/** Which layout a width gets on the host site (SPEC 2, 9). */
import { describe, expect, it } from "vitest";
import { builderDevice, isThemeMobileMenu, namedWidth } from "#demo/sv/src/breakpoints";
import { BUILDER_BREAKPOINTS, THEME_MENU_BREAKPOINT } from "#demo/sv/src/constants";

describe("page-builder device", () => {
  it("is mobile up to 767 px, tablet up to 1093 px, desktop above", () => {
    expect(BUILDER_BREAKPOINTS).toEqual({ mobile: 767, tablet: 1093 });
    expect(builderDevice(320)).toBe("mobile");
    expect(builderDevice(767)).toBe("mobile");
    expect(builderDevice(768)).toBe("tablet");
    expect(builderDevice(1023)).toBe("tablet");
    expect(builderDevice(1093)).toBe("tablet");
    expect(builderDevice(1094)).toBe("desktop");
    expect(builderDevice(1920)).toBe("desktop");
  });
});

describe("theme mobile menu", () => {
  it("switches at 921 px", () => {
    expect(THEME_MENU_BREAKPOINT).toBe(921);
    expect(isThemeMobileMenu(920)).toBe(true);
    expect(isThemeMobileMenu(921)).toBe(true);
    expect(isThemeMobileMenu(922)).toBe(false);
  });
});

describe("named widths", () => {
  it.each([
    [0, "xs"],
    [479, "xs"],
    [480, "sm"],
    [767, "sm"],
    [768, "md"],
    [1093, "md"],
    [1094, "lg"],
    [1439, "lg"],
    [1440, "xl"],
    [1599, "xl"],
    [1600, "xxl"],
  ] as const)("%i px is %s", (width, name) => {
    expect(namedWidth(width)).toBe(name);
  });
});
