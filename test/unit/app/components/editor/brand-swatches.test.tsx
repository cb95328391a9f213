// @vitest-environment happy-dom
/**
 * The website's brand colours as swatches beside the editor's colour
 * fields: a click writes the colour's hex code into the option the renderer
 * reads, the swatch in use is pressed, known names read in the admin's
 * words, and settings rows that are not colours are never offered.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import { withPolarisRoot } from "./polaris-root";
import { drawnDefaults, RENDER_DEFAULTS, StyleControls } from "#app/components/editor/StyleControls";
import {
  BrandColoursProvider,
  brandColoursOf,
  brandSwatches,
  MAX_BRAND_SWATCHES,
  type BrandColour,
} from "#app/components/editor/brand-colours-context";

const polarisRoot = withPolarisRoot();
const saljakademin = { primary: "#0b3d91", secondary: "#F2A900", text: "#1d2530", background: "#ffffff" };

async function open(colours: BrandColour[], start: Record<string, unknown> = {}) {
  const { div, render } = polarisRoot();
  const state = { options: start };
  const draw = () =>
    render(
      <BrandColoursProvider value={colours}>
        <StyleControls
          level={{ kind: "cta", ctaType: "bar" }}
          options={state.options}
          onChange={(next) => ((state.options = next), draw())}
          errorFor={() => undefined}
          owner="Bar"
        />
      </BrandColoursProvider>,
    );
  await act(async () => draw());
  await act(async () => div.querySelector<HTMLButtonElement>('button[aria-label="Style of Bar"]')!.click());
  const swatch = (label: string) => div.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
  return { div, state, swatch };
}

describe("brand colour swatches", () => {
  it("set a colour field to the brand colour clicked, and show it pressed", async () => {
    const { div, state, swatch } = await open(brandColoursOf(saljakademin));
    const groups = [...div.querySelectorAll('[role="group"]')].map((g) => g.getAttribute("aria-label"));
    expect(groups).toContain("Brand colours: Button colour");
    expect(groups).toContain("Brand colours: Background colour");
    const primary = swatch("Use the brand colour Primary (#0b3d91) for Button colour")!;
    expect(primary.getAttribute("aria-pressed")).toBe("false");
    await act(async () => primary.click());
    expect(state.options["button-color"]).toBe("#0b3d91");
    expect(swatch("Use the brand colour Primary (#0b3d91) for Button colour")!.getAttribute("aria-pressed")).toBe(
      "true",
    );
    // The same colour in another field is that field's own choice.
    expect(swatch("Use the brand colour Primary (#0b3d91) for Background colour")!.getAttribute("aria-pressed")).toBe(
      "false",
    );
    await act(async () => swatch("Use the brand colour Secondary (#f2a900) for Background colour")!.click());
    expect(state.options["background-color"]).toBe("#f2a900");
    // The hex field shows what was picked, as if typed.
    expect([...div.querySelectorAll("input")].map((i) => i.value)).toContain("#f2a900");
  });

  it("show nothing without brand colours", async () => {
    const { div } = await open([]);
    expect(div.querySelector('[role="group"][aria-label^="Brand colours"]')).toBeNull();
    expect(div.querySelector('input[type="color"]')).not.toBeNull();
  });

  it("offer only real colours, each once, at most a field's worth, with the owner's own names as typed", () => {
    const colours = brandColoursOf({
      primary: "#0B3D91",
      accent: "#0b3d91",
      "  kampanj  ": "#e63946",
      broken: "red;}</style>",
      empty: "",
      number: 12 as unknown as string,
      "   ": "#123456",
      ["x".repeat(500)]: "#abcdef",
    });
    expect(colours).toEqual([
      { name: "primary", hex: "#0b3d91" },
      { name: "accent", hex: "#0b3d91" },
      { name: "kampanj", hex: "#e63946" },
      { name: "x".repeat(50), hex: "#abcdef" },
    ]);
    expect(brandSwatches(colours).map((c) => c.name)).toEqual(["primary", "kampanj", "x".repeat(50)]);
    expect(brandColoursOf(null)).toEqual([]);
    expect(brandColoursOf(undefined)).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`c${i}`, `#0000${(i + 16).toString(16)}`]));
    expect(brandSwatches(brandColoursOf(many))).toHaveLength(MAX_BRAND_SWATCHES);
    // A name from the settings page that looks like markup is text, never HTML.
    expect(brandColoursOf({ "<img src=x onerror=alert(1)>": "#000000" })[0].name).toBe("<img src=x onerror=alert(1)>");
  });

  it("show what the renderer draws where a colour is unset: the brand's colour of that role, else the default", async () => {
    expect(drawnDefaults(brandColoursOf({ primary: "#0b3d91", text: "#0b3d91", secondary: "#f2a900" }))).toEqual({
      ...RENDER_DEFAULTS,
      button: "#0b3d91",
      text: "#0b3d91",
    });
    expect(drawnDefaults([])).toEqual(RENDER_DEFAULTS);
    const { div } = await open(brandColoursOf(saljakademin));
    const placeholders = [...div.querySelectorAll("input:not([type=color])")].map((i) => i.getAttribute("placeholder"));
    expect(placeholders).toEqual(expect.arrayContaining(["#0b3d91", "#1d2530", "#ffffff"]));
    expect(placeholders).not.toContain(RENDER_DEFAULTS.button);
    // The contrast warnings count the brand's colour too: white text on the brand's light primary does not read.
    const light = await open(brandColoursOf({ primary: "#ffd23f" }), { "button-text-color": "#ffffff" });
    expect(light.div.textContent).toMatch(/Button text on button: contrast 1\.\d:1/);
  });

  it("name an owner's own colour as typed, and a known one in the admin's words", async () => {
    const { swatch, div } = await open(brandColoursOf({ "<b>kampanj</b>": "#e63946", background: "#fffaf3" }));
    expect(swatch("Use the brand colour <b>kampanj</b> (#e63946) for Button colour")).not.toBeNull();
    expect(swatch("Use the brand colour Background (#fffaf3) for Button colour")).not.toBeNull();
    expect(div.querySelector("b")).toBeNull();
  });
});
