// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The runtime with a fake renderer (runtime-harness.ts): what shows when,
 * continued: two-tap teasers, A/B variants, page changes, the direct trigger,
 * and fetching definitions and the renderer.
 */
import { describe, expect, it, vi } from "vitest";
import type { RendererModule } from "#widget/render/types";
import { broadcastMock as broadcast, settle } from "./helpers";
import { configMock, ctaMock, summaryOf } from "#test/support/factories";
import {
  overlayDoc,
  ab,
  serve,
  api,
  start,
  ctaFetches,
  hosts,
  events,
  resetRuntimeBetweenTests,
} from "./runtime-harness";

resetRuntimeBetweenTests();

describe("display: targeting, triggers and frequency", () => {
  it("a two-tap CTA starts as a teaser on its teaser trigger", async () => {
    vi.useFakeTimers();
    const twoTap = ctaMock({
      id: 13,
      cta_type: "two-tap",
      inline_type: null,
      options: { trigger: "exit", "teaser-trigger": "delayed", "teaser-delay": 1 },
    });
    const { widget, mounts } = start(configMock({ ctas: serve(twoTap) }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(mounts[0]).toMatchObject({ teaser: true });
  });

  it("A/B: draws by percentages, remembers the variant in its cookie for 10512000 s", async () => {
    vi.useFakeTimers();
    const a = start(configMock({ ctas: serve(ab()) }), { random: () => 0.75 });
    await a.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(a.mounts[0].variant.id).toBe(112);
    expect(a.store.cookies.cf_1_cta_11_variant).toBe("112");
    expect(a.store.maxAges.cf_1_cta_11_variant).toBe(10512000);
    const b = start(configMock({ ctas: serve(ab()) }), { store: a.store, random: () => 0.1 });
    await b.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(b.mounts[0].variant.id).toBe(112);
  });

  it("a CTA with one variant shows it without reading or writing a variant cookie; a repeat draw keeps the cookie as it is", async () => {
    vi.useFakeTimers();
    const single = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }));
    await single.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(single.mounts).toHaveLength(1);
    expect(Object.keys(single.store.cookies).filter((k) => k.endsWith("_variant"))).toEqual([]);
    const a = start(configMock({ ctas: serve(ab()) }), { random: () => 0.75 });
    await a.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    a.store.maxAges.cf_1_cta_11_variant = 1;
    const again = start(configMock({ ctas: serve(ab()) }), { store: a.store, random: () => 0.1 });
    await again.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(again.mounts[0].variant.id).toBe(112);
    expect(a.store.maxAges.cf_1_cta_11_variant).toBe(1);
  });

  it("re-evaluates when a single-page site changes its address", async () => {
    vi.useFakeTimers();
    history.replaceState(null, "", "/kassan");
    const bc = broadcast({
      conditions: [{ position: 0, operator: "and", condition_type: "url", url: "/kurser", data: {} }],
    });
    const { widget, mounts, store } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "delayed", delay: 1 } })), broadcasts: [bc] }),
    );
    await widget.ready;
    await vi.advanceTimersByTimeAsync(5000);
    expect(mounts).toHaveLength(0);
    history.pushState(null, "", "/kurser/forhandling");
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(mounts).toHaveLength(1);
    const local = store.get<{ local: { visits: { sessionPages: number } } }>("cf_1_person")!.local;
    expect(local.visits.sessionPages).toBe(2);
  });

  it("the direct trigger shows a CTA now; close() closes it with cfClose", async () => {
    const seen = events("cfClose");
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "click" } })) }));
    await widget.ready;
    await widget.trigger(9);
    expect(mounts).toHaveLength(1);
    widget.close(9);
    expect(seen).toHaveLength(1);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    widget.trigger(404);
    expect(warn).toHaveBeenCalledWith("[beckon] No published CTA 404");
    warn.mockRestore();
  });

  it("fetches an immediate CTA's definition and the renderer while the visitor loads, and shows it only once ready", async () => {
    document.body.innerHTML = '<div data-beckon-area="footer"></div>';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = api();
    const gated = Object.assign(
      async (url: string, init?: RequestInit) => {
        if (url.endsWith("/visitors")) await gate;
        return inner(url, init);
      },
      { calls: inner.calls },
    );
    const seen = events("cfReady", "cfView");
    const { widget, importRenderer, mounts } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } }), ctaMock()) }),
      { fetch: gated as never },
    );
    await settle(10);
    expect(ctaFetches(inner)).toEqual([expect.stringMatching(/\/api\/cta\/9\.json$/)]);
    expect(importRenderer).toHaveBeenCalledTimes(1);
    expect(mounts).toHaveLength(0);
    expect(seen).toEqual([]);
    release();
    await widget.ready;
    await settle(10);
    expect(seen.map((e) => e.name)).toEqual(["cfReady", "cfView", "cfView"]);
    expect(mounts.map((m) => m.cta.id).sort()).toEqual([7, 9]);
    expect(importRenderer).toHaveBeenCalledTimes(1);
  });

  it("shows a CTA whose definition came with the config without fetching it; a preview still fetches its own", async () => {
    const doc = overlayDoc({ options: { trigger: "immediate" } });
    const live = start(configMock({ ctas: [{ ...summaryOf(doc), cta: doc }] }));
    await live.widget.ready;
    await settle(10);
    expect(live.mounts.map((m) => m.cta)).toEqual([doc]);
    expect(ctaFetches(live.fetch)).toEqual([]);
    live.widget.stop();
    document.body.innerHTML = "";
    history.replaceState(null, "", `/?iframe=true&variant=${doc.variants[0].id}`);
    serve(doc);
    const preview = start(configMock({ ctas: [{ ...summaryOf(doc), cta: doc }] }));
    await preview.widget.ready;
    await settle(10);
    expect(ctaFetches(preview.fetch)).toEqual([expect.stringMatching(/\/api\/cta\/9\.json\?preview=true$/)]);
  });

  it("keeps the page working when the renderer cannot load (one retry, then the chunk message)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const importRenderer = vi.fn(async (): Promise<RendererModule> => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const { widget } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }), {
      importRenderer,
    });
    await widget.ready;
    await settle(10);
    // Fetched ahead while the visitor loads (one retry), then again when the CTA shows (one retry).
    expect(importRenderer).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledWith("[beckon] Loading chunk renderer failed");
    expect(hosts()).toEqual([]);
    expect(widget.state(9)).toBe("hidden");
    warn.mockRestore();
  });

  it("lends the renderer the condition engine, with the CTA's answers, and the extras' types ready", async () => {
    const withGroups = overlayDoc({ options: { trigger: "immediate" } });
    withGroups.variants[0].steps[0].action_groups = [
      {
        id: 1,
        position: 0,
        status: true,
        data: {},
        actions: [],
        conditions: [
          { position: 0, operator: "and", condition_type: "data_field", data_name: "roll", data: { value: "VD" } },
        ],
      },
    ];
    const { widget, mounts, importExtras } = start(configMock({ ctas: serve(withGroups) }));
    await widget.ready;
    await settle(10);
    expect(importExtras).toHaveBeenCalled();
    const pass = mounts[0].runtime.conditionsPass!;
    expect(
      pass([{ position: 0, operator: "and", condition_type: "data_field", data_name: "roll", data: { value: "vd" } }], {
        roll: "VD",
      }),
    ).toBe(true);
    expect(
      pass([{ position: 0, operator: "and", condition_type: "data_field", data_name: "roll", data: { value: "vd" } }], {
        roll: "Säljare",
      }),
    ).toBe(false);
  });
});
