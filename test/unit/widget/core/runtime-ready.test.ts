// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The runtime with a fake renderer (runtime-harness.ts): the visitor it creates,
 * cfReady and the inline CTAs of the page, and the CTA summaries the fixtures
 * stand for. The real renderer has its own tests; the end-to-end tests run
 * both in Chromium.
 */
import { describe, expect, it, vi } from "vitest";
import type { PublicCtaSummary } from "#contract/schema/public-config";
import { memoryStore, personMock, settle } from "./helpers";
import { configMock, ctaMock, summaryOf } from "#test/support/factories";
import { overlayDoc, serve, start, sent, events, resetRuntimeBetweenTests } from "./runtime-harness";

resetRuntimeBetweenTests();

describe("visitor and ready", () => {
  it("creates the visitor, fires cfReady with the steps, and fills the area's inline CTA with one View", async () => {
    document.body.innerHTML = '<main>Sida</main><div data-beckon-area="footer"></div>';
    const seen = events("cfReady", "cfView");
    const { widget, fetch, importRenderer, mounts, importExtras } = start(configMock({ ctas: serve(ctaMock()) }));
    expect(await widget.ready).toEqual({ visitor: "ok" });
    await settle(10);
    expect(seen.map((e) => e.name)).toEqual(["cfReady", "cfView"]);
    expect(seen[1].detail).toMatchObject({ cta_id: 7, variant_id: 11, step_id: 21, cta_name: "Newsletter" });
    expect(importRenderer).toHaveBeenCalledWith(
      expect.stringMatching(/^http:\/\/api\.test\/widget\/beckon-renderer\.js/),
    );
    // Only page conditions here: the extras chunk is not needed.
    expect(importExtras).not.toHaveBeenCalled();
    expect(mounts[0]).toMatchObject({ broadcastId: null, mode: "live", teaser: false });
    expect(document.querySelector('[data-beckon-area="footer"] > beckon-cta')).not.toBeNull();

    await new Promise((r) => setTimeout(r, 250)); // the queue's batching delay
    const token = fetch.calls[0].body.visitor.visitor_token;
    expect(sent(fetch)).toEqual([
      expect.objectContaining({
        event_type: "View",
        visitor_token: token,
        cta_id: 7,
        variant_id: 11,
        step_id: 21,
        contactable_type: "Cta",
        contactable_id: 7,
        url: location.href,
      }),
    ]);
    expect(fetch.calls.find((c) => c.url.endsWith("/events/create"))!.contentType).toBe("text/plain");
  });

  it("adopts the visitor the snippet started creating (window.beckon.v) instead of creating one", async () => {
    const token = "snippet_token_0123456789abcdefgh";
    const store = memoryStore();
    store.setCookie("cf_1_id", token, 60);
    const w = window as unknown as { beckon?: unknown };
    w.beckon = {
      q: [],
      v: {
        t: token,
        p: Promise.resolve(
          new Response(JSON.stringify({ visitor: personMock({ visitor_token: token }), logged_in: false }), {
            status: 201,
          }),
        ),
      },
    };
    try {
      const { widget, fetch } = start(configMock({ ctas: [] }), { store });
      expect(await widget.ready).toEqual({ visitor: "ok" });
      expect(await widget.visitor).toMatchObject({ token, source: "created" });
      expect(fetch.calls.filter((c) => c.url.includes("/visitors"))).toEqual([]);
    } finally {
      delete w.beckon;
    }
  });

  it("loads the extras before ready when a condition needs enrichment", async () => {
    const config = configMock({
      conditions: [{ position: 0, operator: "and", condition_type: "country", country: "SE", data: {} }],
      ctas: [],
    });
    const { widget, fetch, importExtras } = start(config);
    expect(await widget.ready).toEqual({
      visitor: "ok",
      sync: "skipped",
      geolocation: "ok",
      cart: "skipped",
      company: "skipped",
    });
    expect(importExtras).toHaveBeenCalledWith(expect.stringMatching(/beckon-extras\.js/));
    expect(fetch.calls.some((c) => c.url.endsWith("/api/geolocation"))).toBe(true);
  });

  it("still gets ready when the extras chunk cannot load (marked failed)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = configMock({
      conditions: [{ position: 0, operator: "and", condition_type: "tag", tag_id: "kund", data: {} }],
      ctas: [],
    });
    const { widget } = start(config, {
      importExtras: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    });
    expect(await widget.ready).toEqual({ visitor: "ok", extras: "failed" });
    expect(warn).toHaveBeenCalledWith("[beckon] Loading chunk extras failed");
    warn.mockRestore();
  });
});

describe("summaries", () => {
  it("the fixtures are what the server sends", () => {
    const s: PublicCtaSummary = summaryOf(overlayDoc());
    expect(s).toMatchObject({ id: 9, cta_type: "overlay", options: { trigger: "delayed" } });
  });
});
