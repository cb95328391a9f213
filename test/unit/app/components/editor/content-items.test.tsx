// @vitest-environment happy-dom
/**
 * The items of tabs, collapse and carousel elements in the editor: a title,
 * the rich-text field (never a raw HTML box) and, for slides, image,
 * description and link; add and remove write element.content_toggle_items,
 * and odd stored items (numbers, objects, no title) show as empty fields.
 */
import { act } from "react";
import { describe, expect, it } from "vitest";
import { withPolarisRoot } from "./polaris-root";
import { ContentItemsEditor, hasContentItems } from "#app/components/editor/ContentItemsEditor";
import { newElement } from "#app/components/editor/document";
import type { CtaElement, ElementType } from "#contract/schema/cta";

const polarisRoot = withPolarisRoot();

async function open(type: ElementType, items: Record<string, unknown>[] | null) {
  const { div, render, press } = polarisRoot();
  const state = { element: { ...newElement(type, 0), content_toggle_items: items } as CtaElement };
  const draw = () =>
    render(<ContentItemsEditor element={state.element} onChange={(next) => ((state.element = next), draw())} />);
  await act(async () => draw());
  const input = (label: string) => {
    const id = [...div.querySelectorAll("label")].find((l) => l.textContent === label)?.getAttribute("for");
    return id ? div.querySelector<HTMLInputElement>(`[id="${id}"]`) : null;
  };
  const type_ = (label: string, value: string) =>
    act(async () => {
      const el = input(label)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    });
  return { div, state, input, type: type_, press };
}

describe("content items in the editor", () => {
  it("edits, adds and removes tabs, each with a title and rich text but no HTML box", async () => {
    const c = await open("tabs", [{ title: "Kurser", html: "<p>Två dagar</p>" }, { title: "Priser" }]);
    expect(c.div.textContent).toContain("Tabs");
    expect(c.input("Title of Tab 1")!.value).toBe("Kurser");
    expect(c.input("Title of Tab 2")!.value).toBe("Priser");
    // The text is the rich-text field (loading, then Tiptap); no textarea of raw HTML, no slide fields.
    expect(c.div.querySelector("textarea")).toBeNull();
    expect(c.input("Image address of Tab 1")).toBeNull();
    await c.type("Title of Tab 2", "Pris och datum");
    expect(c.state.element.content_toggle_items).toEqual([
      { title: "Kurser", html: "<p>Två dagar</p>" },
      { title: "Pris och datum" },
    ]);
    await c.press("Remove Tab 1");
    expect(c.state.element.content_toggle_items).toEqual([{ title: "Pris och datum" }]);
    await c.press("Add tab");
    expect(c.state.element.content_toggle_items).toEqual([{ title: "Pris och datum" }, { title: "Tab 2" }]);
    await c.type("Title of Tab 2", "");
    expect(c.state.element.content_toggle_items).toEqual([{ title: "Pris och datum" }, {}]);
  });

  it("gives a carousel slide its image, description and link", async () => {
    const c = await open("carousel", null);
    expect(c.div.textContent).toContain("Slides");
    await c.press("Add slide");
    await c.type("Image address of Slide 1", "https://bild.test/1.jpg");
    await c.type("Image description of Slide 1", "Kursdeltagare i Stockholm");
    await c.type("Link of Slide 1 (optional)", "/kurser");
    expect(c.state.element.content_toggle_items).toEqual([
      { title: "Slide 1", image: "https://bild.test/1.jpg", alt: "Kursdeltagare i Stockholm", link: "/kurser" },
    ]);
  });

  it("shows odd stored items as empty fields instead of failing", async () => {
    const c = await open("collapse", [{ title: 5, html: { toString: "x" } }, {}]);
    expect(c.input("Title of Item 1")!.value).toBe("");
    expect(c.input("Title of Item 2")!.value).toBe("");
  });

  it("is only for tabs, collapse and carousel", () => {
    expect(
      (["tabs", "collapse", "carousel", "text", "conditional_row", "button"] as ElementType[]).filter(hasContentItems),
    ).toEqual(["tabs", "collapse", "carousel"]);
  });
});
