import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import type { ReactNode } from "react";
import { BrandContrast, ContrastWarning, StyleControls } from "#app/components/editor/StyleControls";

const html = (node: ReactNode) => renderToStaticMarkup(<AppProvider i18n={en}>{node}</AppProvider>);
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("style controls", () => {
  it("warns below AA with the ratio, and says nothing for a readable pair", () => {
    expect(
      text(html(<ContrastWarning foreground="#1d2530" background="#1d3a8a" what="Button text on button" />)),
    ).toContain("Button text on button: contrast 1.4:1 — below 4.5:1 (WCAG AA); visitors may not read this");
    expect(
      text(html(<ContrastWarning foreground="#ffffff" background="#1d3a8a" what="Button text on button" />)),
    ).not.toContain("contrast");
    expect(html(<ContrastWarning foreground="red;}" background="#fff" what="x" />)).not.toContain("contrast");
  });

  it("flags a button the colour of its bar below 3:1 (WCAG AA for controls), not a distinct one", () => {
    const warn = (button: string, bar: string) =>
      text(html(<ContrastWarning foreground={button} background={bar} what="Button on background" control />));
    expect(warn("#1d3a8a", "#1d3a8a")).toContain(
      "Button on background: contrast 1.0:1 — below 3:1 (WCAG AA for buttons); visitors may not see there is a button",
    );
    // 3.2:1 is enough for a control, though not for text.
    expect(warn("#1f4fd6", "#9fb4ef")).not.toContain("contrast");
    expect(warn("#1f4fd6", "#ffffff")).not.toContain("contrast");
  });

  it("checks the brand colours with the renderer's defaults for unset ones", () => {
    // A light primary colour against the default white button text.
    expect(text(html(<BrandContrast colors={{ primary: "#ffd23f" }} />))).toMatch(
      /Button text on button: contrast 1\.\d:1/,
    );
    // Text colour set to the default background.
    expect(text(html(<BrandContrast colors={{ text: "#fefefe" }} />))).toMatch(/Text on background: contrast 1\.0:1/);
    expect(text(html(<BrandContrast colors={{ primary: "#1f4fd6", "on-primary": "#ffffff" }} />))).not.toContain(
      "contrast",
    );
  });

  it("starts collapsed, for the CTA and for every element (each has the box look)", () => {
    const cta = html(
      <StyleControls
        level={{ kind: "cta", ctaType: "bar" }}
        options={{}}
        onChange={() => {}}
        errorFor={() => undefined}
        owner="Bar"
      />,
    );
    expect(cta).toContain('aria-expanded="false"');
    expect(cta).toContain('aria-label="Style of Bar"');
    expect(cta).not.toContain('type="color"');
    const button = html(
      <StyleControls
        level={{ kind: "element", type: "button" }}
        options={{}}
        onChange={() => {}}
        errorFor={() => undefined}
        owner="Element 1"
      />,
    );
    expect(button).toContain('aria-label="Style of Element 1"');
    expect(button).not.toContain('type="color"');
  });
});
