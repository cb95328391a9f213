// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { findInlineTargets, watchInlineTargets } from "#widget/core/inline";
import { ctaMock, summaryOf } from "#test/support/factories";

const footer = summaryOf(ctaMock({ id: 7, options: { area: "footer" } }));
const sidebar = summaryOf(ctaMock({ id: 8, options: { area: "sidebar" } }));
const overlay = summaryOf(ctaMock({ id: 9, cta_type: "overlay", overlay_type: "boxed", options: { area: "footer" } }));

describe("inline targets", () => {
  it("matches placeholders by id and areas by options.area, inline CTAs only, each element once", () => {
    document.body.innerHTML = `
      <div class="beckon-cta" data-cta-id="8" id="p8"></div>
      <div class="beckon-cta" data-cta-id="9" id="p9"></div>
      <div class="beckon-cta" data-cta-id="404"></div>
      <div data-beckon-area="footer" id="f"></div>
      <div data-beckon-area="nowhere"></div>`;
    const seen = new WeakSet<Element>();
    const found = findInlineTargets(document, [overlay, footer, sidebar], seen);
    expect(found.map((t) => [t.el.id, t.cta.id])).toEqual([
      ["p8", 8],
      ["f", 7],
    ]);
    expect(findInlineTargets(document, [overlay, footer, sidebar], seen)).toEqual([]);
  });

  it("does not walk the page when no published CTA is placed in it", () => {
    document.body.innerHTML = '<div class="beckon-cta" data-cta-id="9"></div>';
    const overlay = summaryOf({ ...ctaMock(), id: 9, cta_type: "overlay", inline_type: null, overlay_type: "boxed" });
    const walk = vi.spyOn(document, "querySelectorAll");
    expect(findInlineTargets(document, [overlay], new WeakSet())).toEqual([]);
    expect(walk).not.toHaveBeenCalled();
    walk.mockRestore();
  });

  it("finds areas that appear after load", async () => {
    document.body.innerHTML = "";
    const onFound = vi.fn();
    const w = watchInlineTargets(document, [footer], onFound);
    expect(onFound).not.toHaveBeenCalled();
    const late = document.createElement("div");
    late.setAttribute("data-beckon-area", "footer");
    document.body.appendChild(late);
    await new Promise((r) => setTimeout(r, 80));
    expect(onFound).toHaveBeenCalledTimes(1);
    expect(onFound.mock.calls[0][0].el).toBe(late);
    w.stop();
  });
});
