import { describe, expect, it } from "vitest";
import type { PublicWebsiteConfig } from "~/lib/schema/public-config";
import { ctaCss } from "../../../widget/render/styles";

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
