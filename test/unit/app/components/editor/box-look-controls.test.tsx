// @vitest-environment happy-dom
/**
 * The box look in the Style section (text size, corner radius, shadow,
 * border, background image) for a CTA, a section and an element: each
 * control writes the option key the renderer reads, a border style draws a
 * 1 px border at once and "No border" removes all of it, a button element's
 * colours are the button's own with their contrast warning, and a background
 * image address that is not https is flagged before saving.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import { withPolarisRoot } from "./polaris-root";
import { StyleControls, type StyleLevel } from "#app/components/editor/StyleControls";

const polarisRoot = withPolarisRoot();

/** Renders the controls, opened, keeping the options they write as the owner would see them. */
async function open(level: StyleLevel, start: Record<string, unknown> = {}) {
  const { div, render } = polarisRoot();
  const state = { options: start };
  const draw = () =>
    render(
      <StyleControls
        level={level}
        options={state.options}
        onChange={(next) => ((state.options = next), draw())}
        errorFor={() => undefined}
        owner="Element 1"
      />,
    );
  await act(async () => draw());
  await act(async () => div.querySelector<HTMLButtonElement>('button[aria-label="Style of Element 1"]')!.click());
  const field = (label: string) => {
    const id = [...div.querySelectorAll("label")].find((l) => l.textContent === label)?.getAttribute("for");
    const el = id ? div.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${id}"]`) : null;
    if (!el) throw new Error(`no field labelled ${label}`);
    return el;
  };
  const choose = (label: string, value: string) =>
    act(async () => {
      const el = field(label) as HTMLSelectElement;
      el.value = value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
  const type = (label: string, value: string) =>
    act(async () => {
      const el = field(label) as HTMLInputElement;
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(el, value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  return { div, state, field, choose, type, text: () => div.textContent ?? "" };
}

describe("the box look controls", () => {
  it("write border, radius, shadow and text size on an element; No border removes the border", async () => {
    const c = await open({ kind: "element", type: "text" });
    expect(() => c.field("Border width")).toThrow();
    await c.choose("Border style", "dashed");
    expect(c.state.options).toEqual({ "border-style": "dashed", "border-width": 1 });
    await c.type("Border width", "3");
    await c.type("Corner radius", "12");
    await c.type("Text size", "18");
    await c.choose("Shadow", "medium");
    await c.type("Border colour", "#112233");
    expect(c.state.options).toEqual({
      "border-style": "dashed",
      "border-width": 3,
      "border-radius": 12,
      "font-size": 18,
      shadow: "medium",
      "border-color": "#112233",
    });
    await c.choose("Shadow", "");
    await c.choose("Border style", "");
    expect(c.state.options).toEqual({ "border-radius": 12, "font-size": 18 });
  });

  it("flags a background image that is not https before saving, and keeps a good one", async () => {
    const c = await open({ kind: "section" });
    for (const bad of [
      "http://bild.test/a.jpg",
      "javascript:alert(1)",
      "/bild.jpg",
      'https://x.test/a.jpg");x:url("',
    ]) {
      await c.type("Background image address", bad);
      expect(c.text(), bad).toContain("Use an https:// address");
    }
    await c.type("Background image address", "https://bild.test/a.jpg");
    expect(c.text()).not.toContain("Use an https:// address");
    expect(c.state.options).toEqual({ "background-image": "https://bild.test/a.jpg" });
    await c.type("Background image address", "  ");
    expect(c.state.options).toEqual({});
  });

  it("gives a button element its own colours, warned against the button defaults", async () => {
    const c = await open({ kind: "element", type: "button" });
    await c.type("Button colour", "#f2c14e");
    expect(c.text()).toMatch(/Button text on button: contrast 1\.\d:1/);
    await c.type("Button text colour", "#1d2530");
    expect(c.text()).not.toContain("contrast");
    expect(c.state.options).toEqual({ "background-color": "#f2c14e", "text-color": "#1d2530" });
  });

  it("offers the same look on the CTA itself", async () => {
    const c = await open({ kind: "cta", ctaType: "overlay", subtype: "boxed" });
    await c.choose("Border style", "solid");
    await c.choose("Shadow", "large");
    expect(c.state.options).toEqual({ "border-style": "solid", "border-width": 1, shadow: "large" });
  });
});
