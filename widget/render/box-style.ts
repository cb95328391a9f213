/**
 * The inline style of a box from its style options (widget/render/options.ts
 * BoxStyleOptions): the CTA's frame, a section, a column, an element. Values
 * go through the CSSOM (element.style), never into a style sheet, so a bad
 * value is at worst ignored by the browser; the server checks them on save
 * (contract/schema/option-keys.ts). Most keys are CSS property names already
 * and pass as they are (the CSSOM takes dashed names, Preact adds px to
 * numbers), which keeps this small: it ships to every visitor who sees a CTA.
 * As in CSS, a border needs a style besides its width (the server refuses
 * a width without one). A background image covers its box.
 */
import type { CSSProperties } from "react";

/** Style keys that are the CSS property of the same name. */
const AS_IS = [
  "background-color",
  "text-align",
  "padding",
  "font-size",
  "border-width",
  "border-style",
  "border-color",
  "border-radius",
];

/** Shadow presets (key "shadow"; the names the server accepts): offset and blur. */
// No prototype: "toString" or "constructor" must not read as a preset.
const SHADOWS = { __proto__: null, small: "0 1px 4px", medium: "0 3px 12px", large: "0 8px 32px" } as unknown as Record<
  string,
  string
>;

/** The inline style of a box; `column` adds a column's width (% of its section). */
export function boxStyle(options: Record<string, any>, column?: 1): CSSProperties {
  const style: Record<string, unknown> = {};
  for (const key of AS_IS) if (options[key] != null) style[key] = options[key];
  if (options["text-color"]) style.color = options["text-color"];
  if (SHADOWS[options.shadow]) style["box-shadow"] = SHADOWS[options.shadow] + " rgba(0,0,0,.3)";
  if (options["background-image"]) {
    style["background-image"] = `url(${JSON.stringify(options["background-image"])})`;
    style["background-size"] = "cover";
  }
  if (column && options.width > 0 && options.width <= 100) style.flex = `0 1 calc(${options.width}% - 16px)`;
  return style as CSSProperties;
}
