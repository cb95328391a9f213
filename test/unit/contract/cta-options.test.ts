import { describe, expect, it } from "vitest";
import { cartCheckOf, cartValueMatches, hasTeaser, hideMinutes, triggerOf } from "#contract/cta-options";

describe("CTA trigger options", () => {
  it("defaults to a delayed trigger of 3 s (SPEC 9)", () => {
    expect(triggerOf({})).toMatchObject({ kind: "delayed", delay: 3000, scroll: 50 });
    expect(triggerOf(null)).toMatchObject({ kind: "delayed", delay: 3000 });
    expect(triggerOf({ trigger: "bogus" }).kind).toBe("delayed");
  });

  it("reads every trigger kind and its settings, numbers given as strings too", () => {
    expect(triggerOf({ trigger: "delayed", delay: 2 })).toMatchObject({ kind: "delayed", delay: 2000 });
    expect(triggerOf({ trigger: "delayed", delay: "0" })).toMatchObject({ delay: 0 });
    expect(triggerOf({ trigger: "scroll", "scroll-percentage": "40" })).toMatchObject({ kind: "scroll", scroll: 40 });
    for (const kind of ["exit", "click", "add-to-cart", "immediate"])
      expect(triggerOf({ trigger: kind }).kind).toBe(kind);
  });

  it("reads the teaser's own trigger (immediate by default)", () => {
    const o = { trigger: "exit", "teaser-trigger": "scroll", "teaser-scroll-percentage": 25 };
    expect(triggerOf(o, true)).toMatchObject({ kind: "scroll", scroll: 25 });
    expect(triggerOf({ trigger: "exit" }, true).kind).toBe("immediate");
    expect(triggerOf({ "teaser-trigger": "delayed", "teaser-delay": 5 }, true)).toMatchObject({
      kind: "delayed",
      delay: 5000,
    });
    expect(hasTeaser("two-tap", {})).toBe(true);
    expect(hasTeaser("hook", { teaser: true })).toBe(true);
    expect(hasTeaser("overlay", {})).toBe(false);
  });

  it("hides a closed CTA for hide-days, minutes-hide (default 30) when aggressive is minutes, never when aggressive is true", () => {
    expect(hideMinutes({ "hide-days": 3 })).toBe(3 * 24 * 60);
    expect(hideMinutes({ aggressive: false, "hide-days": 1 })).toBe(1440);
    expect(hideMinutes({ aggressive: "minutes" })).toBe(30);
    expect(hideMinutes({ aggressive: "minutes", "minutes-hide": 5, "hide-days": 7 })).toBe(5);
    expect(hideMinutes({ aggressive: true, "hide-days": 7 })).toBeNull();
    expect(hideMinutes({})).toBe(0); // a session cookie
  });

  it("compares the cart value: greater (default), less, range; threshold from the CTA, the website, else 50", () => {
    expect(cartCheckOf({})).toEqual({ cmp: "greater", min: 50, max: Infinity });
    expect(cartCheckOf({}, 500)).toMatchObject({ min: 500 });
    expect(cartCheckOf({ "cart-value": 75 }, 500)).toMatchObject({ min: 75 });
    const greater = cartCheckOf({ "cart-value": 100 });
    expect(cartValueMatches(greater, 100.01)).toBe(true);
    expect(cartValueMatches(greater, 100)).toBe(false);
    const less = cartCheckOf({ "cart-value-comparison": "less", "cart-value": 100 });
    expect(cartValueMatches(less, 99)).toBe(true);
    expect(cartValueMatches(less, 100)).toBe(false);
    const range = cartCheckOf({ "cart-value-comparison": "range", "cart-value": 50, "cart-value-max": "80" });
    expect([49, 50, 80, 81].map((v) => cartValueMatches(range, v))).toEqual([false, true, true, false]);
    expect(cartValueMatches(greater, null)).toBe(false);
  });
});
