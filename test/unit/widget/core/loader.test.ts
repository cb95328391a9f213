// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"navigator":{"userAgent":"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"}}}
import { describe, expect, it, vi } from "vitest";
import { configMock } from "#test/support/factories";

describe("loader entry", () => {
  it("does not start for a crawler on an ordinary page, and never throws", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    (window as unknown as { __beckonConfig: unknown }).__beckonConfig = configMock();
    (window as unknown as { beckon: unknown }).beckon = { q: [["start", []]] };
    await import("#widget/core/loader");
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((window as unknown as { beckon: { installed?: boolean } }).beckon.installed).toBeUndefined();
    expect(document.cookie).not.toContain("cf_1_id");
    vi.unstubAllGlobals();
  });

  it("starts for a crawler when the body is marked as a widget page", async () => {
    vi.resetModules();
    const fetchSpy = vi.fn(
      async () => new Response(JSON.stringify({ visitor: {}, logged_in: false }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchSpy);
    document.body.classList.add("beckon-widget-page");
    await import("#widget/core/loader");
    await new Promise((r) => setTimeout(r, 20));
    expect((window as unknown as { beckon: { installed?: boolean } }).beckon.installed).toBe(true);
    expect(fetchSpy).toHaveBeenCalled();

    // A second copy of the loader only says so.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.resetModules();
    await import("#widget/core/loader");
    // The loader boots in a task after its evaluation.
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledWith("[beckon] already installed");
    warn.mockRestore();
    vi.unstubAllGlobals();
  });
});
