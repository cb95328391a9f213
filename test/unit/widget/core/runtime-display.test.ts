// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The runtime with a fake renderer (runtime-harness.ts): what shows when:
 * targeting, triggers and frequency (two-tap teasers, A/B variants, page changes
 * and loading the renderer: runtime-display-variants-and-loading.test.ts).
 */
import { describe, expect, it, vi } from "vitest";
import { WARM_UP_MS } from "#widget/core/runtime";
import { broadcastMock as broadcast, memoryStore, settle } from "./helpers";
import { configMock, ctaMock, summaryOf } from "#test/support/factories";
import {
  overlayDoc,
  barDoc,
  serve,
  start,
  ctaFetches,
  hosts,
  events,
  resetRuntimeBetweenTests,
} from "./runtime-harness";

resetRuntimeBetweenTests();

describe("display: targeting, triggers and frequency", () => {
  it("shows an overlay after its delay when its broadcast is on, once per page load", async () => {
    vi.useFakeTimers();
    const seen = events("cfView");
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc()), broadcasts: [broadcast()] }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(1999);
    expect(mounts).toHaveLength(0);
    expect(widget.state(9)).toBe("hidden");
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(hosts()).toEqual(["9"]);
    expect(widget.state(9)).toBe("visible");
    expect(mounts[0].broadcastId).toBe(50);
    // Its frame and its elements in tasks a frame apart (render.tsx).
    expect(mounts[0].staged).toBe(true);
    expect(document.body.lastElementChild!.tagName).toBe("BECKON-CTA");
    widget.start(); // a re-evaluation does not show it twice
    await vi.advanceTimersByTimeAsync(5000);
    expect(mounts).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  it("does not show where its broadcast's conditions fail, nor when site-wide conditions fail", async () => {
    vi.useFakeTimers();
    history.replaceState(null, "", "/kassan");
    const a = start(configMock({ ctas: serve(overlayDoc()), broadcasts: [broadcast()] }));
    await a.widget.ready;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.mounts).toHaveLength(0);

    history.replaceState(null, "", "/wp-admin/");
    const site = [
      {
        position: 0,
        operator: "and" as const,
        condition_type: "url" as const,
        url: "/wp-admin",
        data: { match: "not_contains" },
      },
    ];
    const b = start(configMock({ ctas: serve(overlayDoc({ broadcast_id: null })), conditions: site }));
    await b.widget.ready;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.mounts).toHaveLength(0);
  });

  it("runs a CTA no broadcast names on every page, but not one whose broadcast is not running", async () => {
    vi.useFakeTimers();
    const free = overlayDoc({ id: 21, broadcast_id: null, options: { trigger: "immediate" } });
    const orphan = overlayDoc({ id: 22, broadcast_id: 99, options: { trigger: "immediate" } });
    const { widget, mounts } = start(configMock({ ctas: serve(free, orphan) }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(mounts.map((m) => m.cta.id)).toEqual([21]);
  });

  it("respects a timed broadcast's range", async () => {
    vi.useFakeTimers();
    const ended = broadcast({
      timeframe: true,
      range_start: "2020-01-01T09:00:00",
      range_end: "2020-02-01T09:00:00",
      cta_ids: [9],
    });
    const { widget, mounts } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })), broadcasts: [ended] }),
    );
    await widget.ready;
    await vi.advanceTimersByTimeAsync(100);
    expect(mounts).toHaveLength(0);
  });

  it("closing sets the viewed cookie for hide-days and fires cfClose; the next page does not show it", async () => {
    vi.useFakeTimers();
    const seen = events("cfClose");
    const config = configMock({ ctas: serve(overlayDoc()), broadcasts: [broadcast()] });
    const first = start(config);
    await first.widget.ready;
    await vi.advanceTimersByTimeAsync(2000);
    first.mounts[0].onClose!();
    expect(hosts()).toEqual([]);
    expect(first.unmounted).toEqual([9]);
    expect(first.widget.state(9)).toBe("closed");
    expect(seen[0].detail).toMatchObject({ cta_id: 9, variant_id: 11, step_id: 21, broadcast_id: 50 });
    expect(first.store.cookies.cf_1_cta_9_viewed).toBe("1");
    expect(first.store.maxAges.cf_1_cta_9_viewed).toBe(7 * 24 * 60 * 60);
    // It fired once on this page: nothing brings it back automatically.
    first.widget.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(first.mounts).toHaveLength(1);

    const next = start(config, { store: first.store });
    await next.widget.ready;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(next.mounts).toHaveLength(0);
  });

  it("cfTrigger names a CTA as its own trigger fires (before it shows), never one kept away by its viewed cookie", async () => {
    vi.useFakeTimers();
    const seen = events("cfReady", "cfTrigger", "cfView");
    const config = configMock({ ctas: serve(overlayDoc()), broadcasts: [broadcast()] });
    const first = start(config);
    await first.widget.ready;
    await vi.advanceTimersByTimeAsync(1999);
    expect(seen.map((e) => e.name)).toEqual(["cfReady"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen[1]).toMatchObject({ name: "cfTrigger", detail: { cta_id: 9 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.map((e) => e.name)).toEqual(["cfReady", "cfTrigger", "cfView"]);
    first.mounts[0].onClose!();
    first.widget.stop();

    seen.length = 0;
    const next = start(config, { store: first.store });
    await next.widget.ready;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.map((e) => e.name)).toEqual(["cfReady"]);
    // A click on .cta-{id}-trigger or beckon.trigger() shows it without its trigger: no cfTrigger.
    next.widget.trigger(9);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.map((e) => e.name)).toEqual(["cfReady", "cfView"]);
  });

  it("a page-start CTA that will not show costs nothing: closed before (viewed cookie) or not targeted here", async () => {
    const doc = overlayDoc({ options: { trigger: "immediate", "hide-days": 7 } });
    const closed = memoryStore();
    closed.setCookie("cf_1_cta_9_viewed", "1", 600);
    const returning = start(configMock({ ctas: [{ ...summaryOf(doc), cta: doc }] }), { store: closed });
    await returning.widget.ready;
    await settle(10);
    expect(returning.importRenderer).not.toHaveBeenCalled();
    expect(returning.mounts).toHaveLength(0);
    returning.widget.stop();
    // A site-wide condition that fails on this page (the checkout).
    history.replaceState(null, "", "/kassan");
    const checkout = configMock({ ctas: [{ ...summaryOf(doc), cta: doc }], conditions: broadcast().conditions });
    const elsewhere = start(checkout);
    await elsewhere.widget.ready;
    await settle(10);
    expect(elsewhere.importRenderer).not.toHaveBeenCalled();
  });

  it("aggressive true ignores the viewed cookie; aggressive minutes hides for minutes-hide (default 30)", async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    store.setCookie("cf_1_cta_9_viewed", "1", 600);
    const aggressive = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate", aggressive: true, "hide-days": 7 } })) }),
      { store },
    );
    await aggressive.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(aggressive.mounts).toHaveLength(1);
    aggressive.widget.close(9);

    const minutes = start(
      configMock({ ctas: serve(overlayDoc({ id: 12, options: { trigger: "immediate", aggressive: "minutes" } })) }),
    );
    await minutes.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    minutes.widget.close(12);
    expect(minutes.store.maxAges.cf_1_cta_12_viewed).toBe(30 * 60);
  });

  it("a conversion also sets the viewed cookie", async () => {
    vi.useFakeTimers();
    const { widget, mounts, store } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate", "hide-days": 2 } })) }),
    );
    await widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    mounts[0].runtime.dispatch("cfConversion", { cta_id: 9, variant_id: 11, step_id: 21, element_id: 31 });
    expect(store.maxAges.cf_1_cta_9_viewed).toBe(2 * 86400);
  });

  it("a renderer that reports cfClose itself is closed the same way", async () => {
    vi.useFakeTimers();
    const { widget, mounts, store } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate", "hide-days": 1 } })) }),
    );
    await widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    mounts[0].runtime.dispatch("cfClose", { cta_id: 9 });
    expect(widget.state(9)).toBe("closed");
    expect(store.cookies.cf_1_cta_9_viewed).toBe("1");
  });

  it("scroll trigger on a bar", async () => {
    vi.useFakeTimers();
    Object.defineProperty(window, "innerHeight", { value: 1000, configurable: true });
    Object.defineProperty(document.documentElement, "scrollHeight", { value: 5000, configurable: true });
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
    const { widget, mounts } = start(configMock({ ctas: serve(barDoc()) }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(100);
    expect(mounts).toHaveLength(0);
    Object.defineProperty(window, "scrollY", { value: 2000, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    await vi.advanceTimersByTimeAsync(0);
    expect(mounts.map((m) => m.cta.id)).toEqual([10]);
  });

  it("exit intent", async () => {
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "exit" } })) }));
    await widget.ready;
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 5 }));
    await settle(5);
    expect(mounts).toHaveLength(1);
  });

  it("fetches a later trigger's definition and the renderer ahead, so that it shows on its trigger with nothing left to fetch", async () => {
    vi.useFakeTimers();
    const exit = overlayDoc({ options: { trigger: "exit", "hide-days": 7 } });
    const later = ctaMock({
      id: 12,
      cta_type: "overlay",
      overlay_type: "boxed",
      inline_type: null,
      options: { trigger: "delayed", delay: 10 },
    });
    const { widget, fetch, importRenderer, mounts } = start(configMock({ ctas: serve(exit, later) }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(WARM_UP_MS - 1);
    expect(ctaFetches(fetch)).toEqual([]);
    expect(importRenderer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ctaFetches(fetch).sort()).toEqual([
      expect.stringMatching(/\/api\/cta\/12\.json$/),
      expect.stringMatching(/\/api\/cta\/9\.json$/),
    ]);
    expect(importRenderer).toHaveBeenCalledTimes(1);
    expect(mounts).toHaveLength(0);
    expect(widget.state(9)).toBe("hidden");
    // The trigger: shown from what came ahead, within the same turn of the event loop's microtasks.
    fetch.calls.length = 0;
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 5 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(mounts.map((m) => m.cta.id)).toEqual([9]);
    expect(ctaFetches(fetch)).toEqual([]);
    expect(importRenderer).toHaveBeenCalledTimes(1);
  });

  it("fetches nothing ahead for a CTA that will not show here: closed before, or its broadcast not running", async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    store.setCookie("cf_1_cta_9_viewed", "1", 600);
    const exit = overlayDoc({ options: { trigger: "exit", "hide-days": 7 } });
    const bar = { ...summaryOf(barDoc()), broadcast_id: 50 };
    const { widget, fetch, importRenderer } = start(
      configMock({
        ctas: [summaryOf(exit), bar],
        broadcasts: [
          broadcast({
            cta_ids: [10],
            conditions: [
              { position: 0, operator: "and", condition_type: "url", url: "/elsewhere", data: { match: "contains" } },
            ],
          }),
        ],
      }),
      { store },
    );
    serve(exit, barDoc());
    await widget.ready;
    await vi.advanceTimersByTimeAsync(WARM_UP_MS * 4);
    expect(ctaFetches(fetch)).toEqual([]);
    expect(importRenderer).not.toHaveBeenCalled();
  });

  it("a click on .cta-{id}-trigger opens a CTA whatever its trigger, even after a close", async () => {
    document.body.innerHTML = '<a href="#" class="button cta-9-trigger"><span>Få e-boken</span></a>';
    const store = memoryStore();
    store.setCookie("cf_1_cta_9_viewed", "1", 600);
    const { widget, mounts } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "click", "hide-days": 7 } })) }),
      { store },
    );
    await widget.ready;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    document.querySelector("span")!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await settle(5);
    expect(mounts).toHaveLength(1);
    widget.close(9);
    document.querySelector("span")!.click();
    await settle(5);
    expect(mounts).toHaveLength(2);
  });
});
