// @vitest-environment happy-dom
/**
 * The editor's save bar inside Shopify's admin: App Bridge's <ui-save-bar>
 * with Save and Discard, shown exactly while the document is dirty. App
 * Bridge itself is not loaded here; a stand-in element records show/hide.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";
import { ShopifySaveBar } from "#app/components/editor/UnsavedGuard";

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const calls: string[] = [];
// What App Bridge defines in Shopify's admin: an element whose show()/hide() open and close the admin's bar.
class FakeSaveBar extends HTMLElement {
  show() {
    calls.push("show");
  }
  hide() {
    calls.push("hide");
  }
}
customElements.define("ui-save-bar", FakeSaveBar);

describe("ShopifySaveBar", () => {
  it("renders App Bridge's save bar with Save and Discard, open only while dirty", async () => {
    const onSave = vi.fn();
    const onDiscard = vi.fn();
    const div = document.createElement("div");
    document.body.appendChild(div);
    const root = createRoot(div);
    const render = (dirty: boolean, busy = false) =>
      act(async () => root.render(<ShopifySaveBar dirty={dirty} busy={busy} onSave={onSave} onDiscard={onDiscard} />));

    await render(false);
    const bar = div.querySelector("ui-save-bar")!;
    expect(bar).toBeInstanceOf(FakeSaveBar);
    expect(bar.id).toBe("cta-save-bar");
    expect(calls).toEqual(["hide"]);
    const [save, discard] = [...bar.querySelectorAll("button")];
    expect(save.textContent).toBe("Save");
    expect(save.getAttribute("variant")).toBe("primary");
    expect(discard.textContent).toBe("Discard");

    await render(true);
    expect(calls.at(-1)).toBe("show");
    save.click();
    discard.click();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onDiscard).toHaveBeenCalledTimes(1);

    await render(true, true);
    expect(save.disabled).toBe(true);

    await render(false);
    expect(calls.at(-1)).toBe("hide");
    await act(async () => root.unmount());
  });
});
