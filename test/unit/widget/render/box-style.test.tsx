// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The box look (border, radius, shadow, text size, background image, and an
 * element's own colours and padding) on the CTA's frame of every type, on
 * sections and columns, around elements and on a button itself; bad values
 * never become other CSS.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { boxStyle } from "#widget/render/box-style";
import { SHADOW_PRESETS } from "#contract/schema/option-keys";
import { stepMock, swedishCtaMock, swedishElementMock } from "#test/support/factories";
import { mount } from "./mount";

const LOOK = {
  "font-size": 18,
  "border-width": 3,
  "border-style": "dashed",
  "border-color": "#112233",
  "border-radius": 12,
  shadow: "large",
  "background-image": "https://bild.test/bakgrund.jpg",
};

const text = (options: Record<string, unknown> = {}) =>
  swedishElementMock({
    id: 1,
    position: 0,
    element_type: "text",
    options: { html: "<h2>Vänta!</h2>", ...options },
    fields: [],
  });
const button = (options: Record<string, unknown> = {}) =>
  swedishElementMock({
    id: 2,
    position: 1,
    element_type: "button",
    options: { "button-text": "Boka", ...options },
    fields: [],
  });

/** The look of an element, as the browser keeps it. */
const lookOf = (el: HTMLElement) => ({
  fontSize: el.style.fontSize,
  border: [el.style.borderWidth, el.style.borderStyle, el.style.borderColor].join(" "),
  radius: el.style.borderRadius,
  shadow: el.style.boxShadow,
  image: el.style.backgroundImage,
});
const EXPECTED = {
  fontSize: "18px",
  border: "3px dashed #112233",
  radius: "12px",
  shadow: expect.stringMatching(/^0 8px 32px rgba\(0, ?0, ?0, ?\.3\)$/),
  image: 'url("https://bild.test/bakgrund.jpg")',
};

beforeEach(() => {
  document.body.innerHTML = "";
});

describe("the box look", () => {
  it("styles a section, a column and a text element (in a box of its own), and the button itself", async () => {
    const step = stepMock(21, 0, [
      text({ ...LOOK, "background-color": "#fff8e1", "text-color": "#1d2530", padding: 16 }),
      button({ ...LOOK, "background-color": "#ffcc00", "text-color": "#000000" }),
    ]);
    step.sections[0].options = LOOK;
    step.sections[0].columns[0].options = { ...LOOK, width: 50 };
    const { $ } = await mount({ cta: swedishCtaMock({}, [], [step]) });
    expect(lookOf($(".bk-section"))).toEqual(EXPECTED);
    expect(lookOf($(".bk-column"))).toEqual(EXPECTED);
    expect($(".bk-column").style.flex).toMatch(/calc\(50% - 16px\)/);

    const box = $(".bk-column").children[0] as HTMLElement;
    expect(box.classList.contains("bk-el")).toBe(true);
    expect(box.querySelector(".bk-text h2")!.textContent).toBe("Vänta!");
    expect(lookOf(box)).toEqual(EXPECTED);
    expect([box.style.backgroundColor, box.style.color, box.style.padding]).toEqual(["#fff8e1", "#1d2530", "16px"]);
    expect(box.style.backgroundSize).toBe("cover");

    // The button carries its look itself; its row stays a plain .bk-el.
    const b = $(".bk-button");
    expect(lookOf(b)).toEqual(EXPECTED);
    expect([b.style.backgroundColor, b.style.color]).toEqual(["#ffcc00", "#000000"]);
    expect(b.parentElement!.getAttribute("style")).toBeNull();
  });

  it("leaves elements without a look as they were: no box around them, no style attribute", async () => {
    const { $ } = await mount({ cta: swedishCtaMock({}, [text(), button()]) });
    const column = $(".bk-column");
    expect(column.getAttribute("style")).toBeNull();
    expect((column.children[0] as HTMLElement).classList.contains("bk-text")).toBe(true);
    expect($(".bk-button").getAttribute("style")).toBeNull();
  });

  it.each([
    ["overlay", { overlay_type: "boxed" }, ".bk-boxed"],
    ["inline", { inline_type: "embed" }, ".bk-inline"],
    ["bar", { bar_position: "top" }, ".bk-bar"],
    ["hook", { hook_type: "vertical" }, ".bk-hook"],
    ["page", {}, ".bk-page"],
  ] as const)("puts the CTA's look on its %s frame", async (cta_type, sub, selector) => {
    const { $ } = await mount({ cta: swedishCtaMock({ cta_type, ...sub, options: LOOK }, [text()]) });
    expect(lookOf($(selector))).toEqual(EXPECTED);
  });

  it("draws each shadow preset the server accepts, and nothing for an unknown one", () => {
    for (const preset of SHADOW_PRESETS)
      expect(boxStyle({ shadow: preset })).toHaveProperty("box-shadow", expect.stringMatching(/^0 \d+px \d+px rgba/));
    for (const bad of ["huge", "toString", "constructor", "__proto__", "Small", 5, null, {}])
      expect(boxStyle({ shadow: bad }), String(bad)).not.toHaveProperty("box-shadow");
  });

  it("gives a column its width only within 1 to 100 %, and never to a frame or an element", () => {
    expect(boxStyle({ width: 40 }, 1)).toHaveProperty("flex");
    // A numeric string counts, as it does for the renderer's other numbers.
    expect(boxStyle({ width: "40" }, 1)).toHaveProperty("flex");
    for (const bad of [0, -5, 101, 1e9, "40%", NaN, null, {}])
      expect(boxStyle({ width: bad }, 1), String(bad)).not.toHaveProperty("flex");
    expect(boxStyle({ width: 40 })).toEqual({});
  });

  it("never turns a hostile or malformed value into other CSS", async () => {
    const hostile = {
      "background-color": "red;position:fixed",
      "font-size": "18px;position:fixed",
      "border-color": "#000;}body{display:none",
      "border-style": { toString: () => "solid" },
      "background-image": 'https://x.test/a.jpg");position:fixed;b:url("',
      "text-color": "x".repeat(100_000),
      padding: ["1px", "2px"],
    };
    const step = stepMock(21, 0, [text(hostile)]);
    step.sections[0].options = hostile;
    const { $ } = await mount({
      cta: swedishCtaMock({ cta_type: "overlay", overlay_type: "boxed", options: hostile }, [], [step]),
    });
    for (const el of [$(".bk-boxed"), $(".bk-section"), $(".bk-column").children[0] as HTMLElement]) {
      expect(el.style.position).toBe("");
      expect(el.getAttribute("style") ?? "").not.toMatch(/position|display/);
      expect(el.style.backgroundColor).toBe("");
    }
    // The address stays inside its url(): quotes are escaped, so the rest cannot become a declaration.
    expect(boxStyle({ "background-image": 'a");x:url("' })["background-image" as "backgroundImage"]).toBe(
      'url("a\\");x:url(\\"")',
    );
    expect(boxStyle({})).toEqual({});
  });
});
