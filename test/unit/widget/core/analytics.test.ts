// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
import { describe, expect, it } from "vitest";
import { analyticsName, forward } from "#widget/core/analytics";
import { forward as forwardEvent } from "#widget/core/extras/extras";
import { ctaMock, elementMock } from "#test/support/factories";

describe("analytics names (SPEC 7)", () => {
  it.each([
    ["cfView", undefined, "CTA Viewed"],
    ["cfSubmit", "form", "CTA Form Submitted"],
    ["cfSubmit", "survey", "CTA Survey Submitted"],
    ["cfConversion", "button", "CTA Button Clicked"],
    ["cfConversion", "form", null],
    ["cfCompletion", "quiz", "CTA Completed"],
    ["cfClose", undefined, "CTA Closed"],
    ["cfAddToCart", "products", "Add To Cart"],
    ["cfReady", undefined, null],
  ])("%s (%s) → %s", (event, type, name) => expect(analyticsName(event, type)).toBe(name));
});

describe("forwarding", () => {
  it("loads Segment's snippet once when a write key is set and queues the call for analytics.js", () => {
    document.head.innerHTML = "";
    const win = window as Window & { analytics?: any };
    delete win.analytics;
    forward(win, { segment_write_key: "wk_1" }, "CTA Viewed", { cta_id: 7 });
    forward(win, { segment_write_key: "wk_1" }, "CTA Closed", { cta_id: 7 });
    expect(
      document.querySelectorAll('script[src*="cdn.segment.com/analytics.js/v1/wk_1/analytics.min.js"]'),
    ).toHaveLength(1);
    expect(Array.from(win.analytics)).toEqual([
      ["track", "CTA Viewed", { cta_id: 7 }],
      ["track", "CTA Closed", { cta_id: 7 }],
    ]);
  });

  it("pushes to the dataLayer and loads GTM when an id is set and it is not on the page", () => {
    document.head.innerHTML = "";
    const win = window as Window & { dataLayer?: unknown[] };
    delete win.dataLayer;
    forward(win, { gtm_id: "GTM-ABC" }, "CTA Form Submitted", { cta_id: 7 });
    forward(win, { gtm_id: "GTM-ABC" }, "CTA Viewed", { cta_id: 8 });
    expect(document.querySelectorAll('script[src*="googletagmanager.com/gtm.js?id=GTM-ABC"]')).toHaveLength(1);
    expect(win.dataLayer).toEqual([
      { "gtm.start": expect.any(Number), event: "gtm.js" },
      { event: "CTA Form Submitted", beckon: { cta_id: 7 } },
      { event: "CTA Viewed", beckon: { cta_id: 8 } },
    ]);
  });

  it("uses a dataLayer the site already has, without an id", () => {
    const win = window as Window & { dataLayer?: unknown[] };
    win.dataLayer = [];
    forward(win, {}, "CTA Closed", {});
    expect(win.dataLayer).toEqual([{ event: "CTA Closed", beckon: {} }]);
  });

  it("names a submission by its element type, found in the CTA document", () => {
    const win = window as Window & { dataLayer?: unknown[] };
    win.dataLayer = [];
    const cta = ctaMock({}, [
      elementMock({ id: 31, element_type: "survey" }),
      elementMock({ id: 32, element_type: "button", fields: [] }),
    ]);
    forwardEvent(win, {}, "cfSubmit", cta, { element_id: 31 });
    forwardEvent(win, {}, "cfConversion", cta, { element_id: 32 });
    forwardEvent(win, {}, "cfConversion", cta, { element_id: 31 });
    expect(win.dataLayer.map((e) => (e as { event: string }).event)).toEqual([
      "CTA Survey Submitted",
      "CTA Button Clicked",
    ]);
  });
});
