import { describe, expect, it } from "vitest";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { ctaCss } from "#widget/render/styles";

const config = (colors: Record<string, string> | null = null) =>
  ({ brand_colors: colors, brand_style: null }) as unknown as PublicWebsiteConfig;
const vars = (css: string) => css.match(/\.bk-root\{(--bk-[^}]*)\}/)![1];

describe("ctaCss button colours", () => {
  it("uses the CTA's and then the variant's button colours before the brand's", () => {
    expect(
      vars(ctaCss(config({ primary: "#222222" }), [], [{ "button-color": "#ffcc00", "button-text-color": "#111111" }])),
    ).toContain("--bk-primary:#ffcc00;--bk-on-primary:#111111;");
    expect(vars(ctaCss(config(), [], [{ "button-color": "#ffcc00" }, { "button-color": "#00aa00" }]))).toContain(
      "--bk-primary:#00aa00;",
    );
    expect(vars(ctaCss(config({ primary: "#222222", "on-primary": "#eeeeee" }), [], [{}]))).toContain(
      "--bk-primary:#222222;--bk-on-primary:#eeeeee;",
    );
  });

  it("drops a value that would end the declaration", () => {
    const css = vars(ctaCss(config(), [], [{ "button-color": "red;}body{display:none" }]));
    expect(css).not.toContain("display:none");
    expect(css).toContain("--bk-on-primary:#fff;");
  });
});

describe("ctaCss font", () => {
  const withStyle = (style: Record<string, unknown>) =>
    ({ brand_colors: null, brand_style: style }) as unknown as PublicWebsiteConfig;

  it("names no family when neither the CTA nor the brand names a font, so the page's own is inherited", () => {
    const css = ctaCss(config(), [], [{}]);
    expect(vars(css)).not.toContain("--bk-font");
    // The host keeps the page's font family (and only that) through its all:initial reset.
    expect(css).toMatch(/:host\{all:initial!important;font-family:inherit!important;/);
    expect(css).toMatch(/\.bk-root\{font-size:16px;line-height:1\.5;font-family:var\(--bk-font\);/);
  });

  it("puts a named font first, the variant's before the CTA's before the brand's, with the system fallbacks", () => {
    expect(vars(ctaCss(withStyle({ font: "Lato" }), [], [{}]))).toContain(
      '--bk-font:"Lato",system-ui,-apple-system,sans-serif;',
    );
    expect(vars(ctaCss(withStyle({ font: "Lato" }), [], [{ font: "Roboto" }, { font: "Open Sans" }]))).toContain(
      '--bk-font:"Open Sans",system-ui,-apple-system,sans-serif;',
    );
  });

  it("drops a font name that would end the declaration or quote its way out, and inherits instead", () => {
    for (const font of ["Lato;}body{display:none", "x".repeat(81), "Lato\\;color:red", ""]) {
      const css = vars(ctaCss(withStyle({ font }), [], [{}]));
      expect(css, font).not.toContain("--bk-font");
      expect(css, font).not.toContain("display:none");
    }
    // Quotes inside an accepted name are dropped, so it cannot close its string early.
    expect(vars(ctaCss(withStyle({ font: "O'Brien Sans" }), [], [{}]))).toContain('--bk-font:"OBrien Sans",');
    expect(vars(ctaCss(withStyle({ font: 'Lato"),url(evil' }), [], [{}]))).toContain('--bk-font:"Lato),url(evil",');
  });
});
