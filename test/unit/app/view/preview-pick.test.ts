/** parsePreviewPick: messages from the preview frame (which runs owner scripts) are checked field by field. */
import { describe, expect, it } from "vitest";
import { parsePreviewPick } from "#app/view/cta-preview";

const select = { type: "beckon-preview-select", section: 1, column: 0, element: 2, elementType: "text", focus: false };

describe("parsePreviewPick", () => {
  it("reads a selection and an in-place text edit", () => {
    expect(parsePreviewPick(select)).toEqual({ ...select, html: undefined });
    expect(parsePreviewPick({ ...select, type: "beckon-preview-text", html: "<h2>Hej</h2>" })).toMatchObject({
      type: "beckon-preview-text",
      html: "<h2>Hej</h2>",
    });
  });

  it("reads a button label edited in place, trimmed", () => {
    expect(
      parsePreviewPick({ ...select, type: "beckon-preview-label", elementType: "button", label: "  Boka nu " }),
    ).toMatchObject({ type: "beckon-preview-label", label: "Boka nu", html: undefined });
  });

  it("lets the card take focus unless the preview says not to", () => {
    const { focus: _focus, ...rest } = select;
    expect(parsePreviewPick(rest)?.focus).toBe(true);
  });

  it.each([
    ["nothing", null],
    ["a string", "beckon-preview-select"],
    ["another message type", { ...select, type: "beckon-preview-ready" }],
    ["a negative index", { ...select, section: -1 }],
    ["a fractional index", { ...select, column: 0.5 }],
    ["a huge index", { ...select, element: 1e9 }],
    ["an index as text", { ...select, element: "2" }],
    ["no element type", { ...select, elementType: undefined }],
    ["a text edit without html", { ...select, type: "beckon-preview-text" }],
    [
      "a text edit with html that is not text",
      { ...select, type: "beckon-preview-text", html: { toString: (): string => "<b>x</b>" } },
    ],
    ["an oversized text edit", { ...select, type: "beckon-preview-text", html: "x".repeat(100_001) }],
    ["a label edit without a label", { ...select, type: "beckon-preview-label", elementType: "button" }],
    ["an empty label", { ...select, type: "beckon-preview-label", elementType: "button", label: "   " }],
    ["a label that is not text", { ...select, type: "beckon-preview-label", elementType: "button", label: ["Boka"] }],
    ["an oversized label", { ...select, type: "beckon-preview-label", elementType: "button", label: "x".repeat(501) }],
    [
      "a label for an element that is not a button",
      { ...select, type: "beckon-preview-label", elementType: "text", label: "Boka" },
    ],
  ])("refuses %s", (_what, data) => {
    expect(parsePreviewPick(data)).toBeNull();
  });
});
