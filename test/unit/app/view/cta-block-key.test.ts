/** The key the theme's inline CTA block takes (app/view/cta-block-key.ts): the id, then the name as a slug. */
import { describe, expect, it } from "vitest";
import { ctaBlockKey, nameSlug } from "#app/view/cta-block-key";

describe("ctaBlockKey", () => {
  it("is the id and the name in ASCII words, in either language", () => {
    expect(ctaBlockKey({ id: 42, name: "Summer sale" })).toBe("42-summer-sale");
    expect(ctaBlockKey({ id: 7, name: "Sommarrea – 20 % på kaffe!" })).toBe("7-sommarrea-20-pa-kaffe");
    expect(ctaBlockKey({ id: 3, name: "Ärlig åsikt om öl" })).toBe("3-arlig-asikt-om-ol");
  });

  it("is the bare id for a name without letters or digits, and short for a long one", () => {
    expect(ctaBlockKey({ id: 5, name: "–– !!! ––" })).toBe("5");
    expect(ctaBlockKey({ id: 5, name: "" })).toBe("5");
    const long = ctaBlockKey({ id: 12, name: "word ".repeat(10_000) });
    expect(long.length).toBeLessThanOrEqual(3 + 40);
    expect(long).toMatch(/^12-[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("carries nothing a theme setting or HTML could misread", () => {
    for (const name of [
      '"><script>alert(1)</script>',
      "{{ shop.name }}",
      "a\u0000b\nc",
      "💥 launch 🚀",
      "x-".repeat(99),
    ]) {
      const key = ctaBlockKey({ id: 9, name });
      expect(key, name).toMatch(/^9(-[a-z0-9]+)*$/);
    }
    expect(nameSlug("--x--")).toBe("x");
  });

  it("needs a saved CTA's id", () => {
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 60]) expect(() => ctaBlockKey({ id, name: "x" })).toThrow();
  });
});
