// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The runtime with a fake renderer: what shows when, what is tracked, and
 * what reaches the host page. The real renderer has its own tests; the
 * end-to-end tests run both in Chromium.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicCtaSummary, PublicWebsiteConfig } from "../../../app/lib/schema/public-config";
import type { CtaDocument } from "../../../app/lib/schema/cta";
import * as extras from "../../../widget/core/extras/extras";
import type { PanelData, PanelModule } from "../../../widget/core/panel/types";
import { startWidget, WARM_UP_MS, type Widget, type WidgetDeps } from "../../../widget/core/runtime";
import { watchInlineTargets } from "../../../widget/core/inline";
import type { MountOptions, RendererModule } from "../../../widget/render/types";
import { broadcastMock as broadcast, fakeFetch, memoryStore, personMock, settle, type FakeCall } from "./helpers";
import { configMock, ctaMock, summaryOf } from "../../support/factories";

// Fixtures: the newsletter inline CTA 7 (area footer), an exit-style overlay 9 and a bar 10.
const overlayDoc = (over: Partial<CtaDocument> = {}) =>
  ctaMock({ id: 9, name: "Exitpopup", cta_type: "overlay", overlay_type: "boxed", inline_type: null, options: { trigger: "delayed", delay: 2, "hide-days": 7 }, ...over });
const barDoc = () => ctaMock({ id: 10, name: "Webbinariebar", cta_type: "bar", bar_position: "top", inline_type: null, options: { trigger: "scroll", "scroll-percentage": 40 } });
const ab = () =>
  ctaMock({
    id: 11,
    cta_type: "overlay",
    overlay_type: "boxed",
    inline_type: null,
    options: { trigger: "immediate" },
    variants: [
      { ...ctaMock().variants[0], id: 111, variation: "A", percentage: 50 },
      { ...ctaMock().variants[0], id: 112, variation: "B", percentage: 50, steps: [{ ...ctaMock().variants[0].steps[0], id: 212 }] },
    ],
  });


const docs: Record<number, CtaDocument> = {};
function serve(...list: CtaDocument[]) {
  for (const d of list) docs[d.id!] = d;
  return list.map(summaryOf);
}

function api(over: (call: FakeCall) => { status: number; body?: unknown } | Error | undefined = () => undefined) {
  return fakeFetch((call) => {
    const custom = over(call);
    if (custom) return custom;
    if (call.url.endsWith("/api/websites/1/visitors")) return { status: 201, body: { visitor: personMock({ visitor_token: call.body.visitor.visitor_token }), logged_in: false } };
    const cta = /\/api\/cta\/(\d+)\.json/.exec(call.url);
    if (cta && docs[+cta[1]]) return { status: 200, body: { cta: docs[+cta[1]] } };
    if (call.url.endsWith("/events/create")) return { status: 200, body: { stored: call.body.events.length, duplicates: 0, rejected: [] } };
    if (call.url.endsWith("/contacts/create")) return { status: 201, body: { contact: { id: 1 } } };
    if (call.url.endsWith("/api/geolocation")) return { status: 200, body: { countryCode: "SE", country: "Sweden" } };
    return { status: 404, body: { error: { field: null, message: "Not found" } } };
  });
}

function fakeRenderer() {
  const mounts: MountOptions[] = [];
  const unmounted: number[] = [];
  const mod: RendererModule = {
    mountCta(o) {
      mounts.push(o);
      o.host.textContent = `CTA ${o.cta.id} ${o.variant.variation}`;
      // On screen at once, as the real renderer reports for a visible CTA.
      o.onView?.();
      return { unmount: () => void unmounted.push(o.cta.id!) };
    },
    watchInlineTargets,
  };
  return { mod, mounts, unmounted };
}

const running: Widget[] = [];

function start(config: PublicWebsiteConfig, over: Partial<WidgetDeps> & { store?: ReturnType<typeof memoryStore> } = {}) {
  const store = over.store ?? memoryStore();
  const fetch = (over.fetch as ReturnType<typeof api>) ?? api();
  const r = fakeRenderer();
  const importRenderer = vi.fn(async () => r.mod);
  const importExtras = vi.fn(async () => extras);
  const widget = startWidget({ config, fetch, importRenderer, importExtras, mobile: false, ...over, store });
  running.push(widget);
  return { widget, store, fetch, importRenderer, importExtras, ...r };
}

/** The addresses of the CTA definitions fetched so far. */
const ctaFetches = (fetch: { calls: FakeCall[] }) => fetch.calls.map((c) => c.url).filter((u) => u.includes("/api/cta/"));
const sent = (fetch: ReturnType<typeof api>) => fetch.calls.filter((c) => c.url.endsWith("/events/create")).flatMap((c) => c.body.events);
const hosts = () => Array.from(document.querySelectorAll<HTMLElement>("beckon-cta")).map((h) => h.getAttribute("data-beckon-cta"));
const events = (...names: string[]) => {
  const seen: { name: string; detail: any }[] = [];
  for (const name of names) document.addEventListener(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail }));
  return seen;
};

beforeEach(() => {
  running.splice(0).forEach((w) => w.stop());
  document.body.innerHTML = "";
  document.body.className = "";
  history.replaceState(null, "", "/");
});
afterEach(() => vi.useRealTimers());

describe("visitor and ready", () => {
  it("creates the visitor, fires cfReady with the steps, and fills the area's inline CTA with one View", async () => {
    document.body.innerHTML = '<main>Sida</main><div data-beckon-area="footer"></div>';
    const seen = events("cfReady", "cfView");
    const { widget, fetch, importRenderer, mounts, importExtras } = start(configMock({ ctas: serve(ctaMock()) }));
    expect(await widget.ready).toEqual({ visitor: "ok" });
    await settle(10);
    expect(seen.map((e) => e.name)).toEqual(["cfReady", "cfView"]);
    expect(seen[1].detail).toMatchObject({ cta_id: 7, variant_id: 11, step_id: 21, cta_name: "Newsletter" });
    expect(importRenderer).toHaveBeenCalledWith(expect.stringMatching(/^http:\/\/api\.test\/widget\/beckon-renderer\.js/));
    // Only page conditions here: the extras chunk is not needed.
    expect(importExtras).not.toHaveBeenCalled();
    expect(mounts[0]).toMatchObject({ broadcastId: null, mode: "live", teaser: false });
    expect(document.querySelector('[data-beckon-area="footer"] > beckon-cta')).not.toBeNull();

    await new Promise((r) => setTimeout(r, 250)); // the queue's batching delay
    const token = fetch.calls[0].body.visitor.visitor_token;
    expect(sent(fetch)).toEqual([
      expect.objectContaining({ event_type: "View", visitor_token: token, cta_id: 7, variant_id: 11, step_id: 21, contactable_type: "Cta", contactable_id: 7, url: location.href }),
    ]);
    expect(fetch.calls.find((c) => c.url.endsWith("/events/create"))!.contentType).toBe("text/plain");
  });

  it("adopts the visitor the snippet started creating (window.beckon.v) instead of creating one", async () => {
    const token = "snippet_token_0123456789abcdefgh";
    const store = memoryStore();
    store.setCookie("cf_1_id", token, 60);
    const w = window as unknown as { beckon?: unknown };
    w.beckon = { q: [], v: { t: token, p: Promise.resolve(new Response(JSON.stringify({ visitor: personMock({ visitor_token: token }), logged_in: false }), { status: 201 })) } };
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
    const config = configMock({ conditions: [{ position: 0, operator: "and", condition_type: "country", country: "SE", data: {} }], ctas: [] });
    const { widget, fetch, importExtras } = start(config);
    expect(await widget.ready).toEqual({ visitor: "ok", sync: "skipped", geolocation: "ok", cart: "skipped", company: "skipped" });
    expect(importExtras).toHaveBeenCalledWith(expect.stringMatching(/beckon-extras\.js/));
    expect(fetch.calls.some((c) => c.url.endsWith("/api/geolocation"))).toBe(true);
  });

  it("still gets ready when the extras chunk cannot load (marked failed)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = configMock({ conditions: [{ position: 0, operator: "and", condition_type: "tag", tag_id: "kund", data: {} }], ctas: [] });
    const { widget } = start(config, { importExtras: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) });
    expect(await widget.ready).toEqual({ visitor: "ok", extras: "failed" });
    expect(warn).toHaveBeenCalledWith("[beckon] Loading chunk extras failed");
    warn.mockRestore();
  });
});

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
    const site = [{ position: 0, operator: "and" as const, condition_type: "url" as const, url: "/wp-admin", data: { match: "not_contains" } }];
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
    const ended = broadcast({ timeframe: true, range_start: "2020-01-01T09:00:00", range_end: "2020-02-01T09:00:00", cta_ids: [9] });
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })), broadcasts: [ended] }));
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
    const aggressive = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate", aggressive: true, "hide-days": 7 } })) }), { store });
    await aggressive.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(aggressive.mounts).toHaveLength(1);
    aggressive.widget.close(9);

    const minutes = start(configMock({ ctas: serve(overlayDoc({ id: 12, options: { trigger: "immediate", aggressive: "minutes" } })) }));
    await minutes.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    minutes.widget.close(12);
    expect(minutes.store.maxAges.cf_1_cta_12_viewed).toBe(30 * 60);
  });

  it("a conversion also sets the viewed cookie", async () => {
    vi.useFakeTimers();
    const { widget, mounts, store } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate", "hide-days": 2 } })) }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    mounts[0].runtime.dispatch("cfConversion", { cta_id: 9, variant_id: 11, step_id: 21, element_id: 31 });
    expect(store.maxAges.cf_1_cta_9_viewed).toBe(2 * 86400);
  });

  it("a renderer that reports cfClose itself is closed the same way", async () => {
    vi.useFakeTimers();
    const { widget, mounts, store } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate", "hide-days": 1 } })) }));
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
    const later = ctaMock({ id: 12, cta_type: "overlay", overlay_type: "boxed", inline_type: null, options: { trigger: "delayed", delay: 10 } });
    const { widget, fetch, importRenderer, mounts } = start(configMock({ ctas: serve(exit, later) }));
    await widget.ready;
    await vi.advanceTimersByTimeAsync(WARM_UP_MS - 1);
    expect(ctaFetches(fetch)).toEqual([]);
    expect(importRenderer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ctaFetches(fetch).sort()).toEqual([expect.stringMatching(/\/api\/cta\/12\.json$/), expect.stringMatching(/\/api\/cta\/9\.json$/)]);
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
    const { widget, fetch, importRenderer } = start(configMock({ ctas: [summaryOf(exit), bar], broadcasts: [broadcast({ cta_ids: [10], conditions: [{ position: 0, operator: "and", condition_type: "url", url: "/elsewhere", data: { match: "contains" } }] })] }), { store });
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
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "click", "hide-days": 7 } })) }), { store });
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

  it("a two-tap CTA starts as a teaser on its teaser trigger", async () => {
    vi.useFakeTimers();
    const twoTap = ctaMock({ id: 13, cta_type: "two-tap", inline_type: null, options: { trigger: "exit", "teaser-trigger": "delayed", "teaser-delay": 1 } });
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
    const bc = broadcast({ conditions: [{ position: 0, operator: "and", condition_type: "url", url: "/kurser", data: {} }] });
    const { widget, mounts, store } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "delayed", delay: 1 } })), broadcasts: [bc] }));
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
    const { widget, importRenderer, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } }), ctaMock()) }), { fetch: gated as never });
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
    const { widget } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }), { importRenderer });
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
      { id: 1, position: 0, status: true, data: {}, actions: [], conditions: [{ position: 0, operator: "and", condition_type: "data_field", data_name: "roll", data: { value: "VD" } }] },
    ];
    const { widget, mounts, importExtras } = start(configMock({ ctas: serve(withGroups) }));
    await widget.ready;
    await settle(10);
    expect(importExtras).toHaveBeenCalled();
    const pass = mounts[0].runtime.conditionsPass!;
    expect(pass([{ position: 0, operator: "and", condition_type: "data_field", data_name: "roll", data: { value: "vd" } }], { roll: "VD" })).toBe(true);
    expect(pass([{ position: 0, operator: "and", condition_type: "data_field", data_name: "roll", data: { value: "vd" } }], { roll: "Säljare" })).toBe(false);
  });
});

describe("admin, preview and forced modes", () => {
  it("admin (cf_{id}_admin=true): shows at once ignoring triggers and the cookie, tracks nothing, opens the panel", async () => {
    history.replaceState(null, "", "/?cf_1_admin=true");
    const store = memoryStore();
    store.setCookie("cf_1_cta_9_viewed", "1", 600);
    const openPanel = vi.fn((_d: PanelData) => {});
    const importPanel = vi.fn(async (): Promise<PanelModule> => ({ openPanel }));
    const { widget, mounts, fetch } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "exit", "hide-days": 7 } }), ctaMock()), broadcasts: [broadcast()] }), {
      store,
      importPanel,
    });
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => [m.cta.id, m.mode])).toEqual([[9, "admin"]]);
    expect(importPanel).toHaveBeenCalledWith(expect.stringMatching(/beckon-panel\.js/));
    const data = openPanel.mock.calls[0][0];
    expect(data.mode).toBe("admin");
    expect(data.state(9).s).toBe("visible");
    expect(data.ctx.url).toContain("cf_1_admin=true");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(mounts[0].runtime.submitContact({ email: "a@b.se" } as never)).resolves.toEqual({ skipped: true });
    warn.mockRestore();
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
    expect(fetch.calls.some((c) => c.url.includes("contacts"))).toBe(false);
  });

  it("the logged-in cookie also means admin; the server's logged_in sets it for 86400 minutes", async () => {
    const fetch = api((c) => (c.url.endsWith("/visitors") ? { status: 201, body: { visitor: personMock({ visitor_token: c.body.visitor.visitor_token }), logged_in: true } } : undefined));
    const openPanel = vi.fn();
    const { widget, store } = start(configMock({ ctas: [] }), { fetch, importPanel: async () => ({ openPanel }) });
    await widget.ready;
    await settle();
    expect(store.cookies.cf_1_logged_in).toBe("true");
    expect(store.maxAges.cf_1_logged_in).toBe(86400 * 60);
    expect(openPanel).toHaveBeenCalled();
  });

  it("preview (iframe=true plus variant): that variant only, fetched with preview=true, nothing tracked", async () => {
    history.replaceState(null, "", "/?iframe=true&variant=112");
    const { widget, mounts, fetch, store } = start(configMock({ ctas: serve(ab(), overlayDoc({ options: { trigger: "immediate" } })) }));
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => [m.cta.id, m.variant.id, m.mode])).toEqual([[11, 112, "preview"]]);
    expect(fetch.calls.some((c) => c.url.endsWith("/api/cta/11.json?preview=true"))).toBe(true);
    expect(store.cookies.cf_1_cta_11_variant).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
  });

  it("Shopify's theme editor (the app embed's design_mode) shows CTAs by their triggers, untracked", async () => {
    document.body.innerHTML = `<script type="application/json" id="beckon-shop-context">{"v":1,"shop":"demo.myshopify.com","design_mode":true,"cart":{"total_price":0}}</script>`;
    const { widget, mounts, fetch } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }));
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => [m.cta.id, m.mode])).toEqual([[9, "preview"]]);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
  });

  it("cf_campaign_id forces a test popup, whatever its targeting, untracked", async () => {
    history.replaceState(null, "", "/kassan?cf_campaign_id=9");
    const { widget, mounts, fetch } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "exit" } })), broadcasts: [broadcast()] }));
    await widget.ready;
    await settle(10);
    expect(mounts.map((m) => m.cta.id)).toEqual([9]);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent(fetch)).toEqual([]);
  });
});

describe("tracking and contacts", () => {
  it("a contact is stored first: when the server is down the form hears queued, and the lead arrives once later", async () => {
    vi.useFakeTimers();
    let down = true;
    const fetch = api((c) => (c.url.endsWith("/contacts/create") && down ? new TypeError("Failed to fetch") : undefined));
    const { widget, mounts, store } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }), { fetch });
    await widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    const answer = mounts[0].runtime.submitContact({ email: "lead@exempel.se", extra: {}, source_url: location.href, contactable_type: "Cta", contactable_id: 9, cta_id: 9, variant_id: 11, step_id: 21, element_id: 31, broadcast_id: null });
    await vi.advanceTimersByTimeAsync(6000);
    await expect(answer).resolves.toEqual({ queued: true });
    const stored = store.get<{ id: string; email: string }[]>("cf_1_contacts")!;
    expect(stored).toEqual([expect.objectContaining({ email: "lead@exempel.se", visitor_token: expect.any(String) })]);
    down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    const delivered = fetch.calls.filter((c) => c.url.endsWith("/contacts/create"));
    expect(new Set(delivered.map((c) => c.body.contact.id))).toEqual(new Set([stored[0].id]));
    expect(store.get("cf_1_contacts")).toEqual([]);
  });

  it("a contact the server refuses rejects (the form shows its error)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fetch = api((c) => (c.url.endsWith("/contacts/create") ? { status: 422, body: { error: { field: "contact.email", message: "Please enter a valid email address" } } } : undefined));
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }), { fetch });
    await widget.ready;
    await settle(10);
    await expect(mounts[0].runtime.submitContact({ email: "x@y.z" } as never)).rejects.toMatchObject({ status: 422 });
    warn.mockRestore();
  });

  it("does not send contacts when contact processing is off, and says so", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { widget, fetch } = start(configMock({ data_settings: { "contact-processing": false, "cart-value-threshold": 500 }, ctas: [] }));
    await widget.identify({ email: "a@b.se" });
    expect(fetch.calls.some((c) => c.url.includes("contacts"))).toBe(false);
    expect(warn).toHaveBeenCalledWith("[beckon] Contact PII processing disabled");
    warn.mockRestore();
  });

  it("identify sends a contact, keeps known fields unless override, and skips when nothing is new", async () => {
    const known = personMock({ email: "old@b.se", name: "Anna" });
    const fetch = api((c) => (c.url.endsWith("/visitors") ? { status: 201, body: { visitor: { ...known, visitor_token: c.body.visitor.visitor_token }, logged_in: false } } : undefined));
    const { widget } = start(configMock({ ctas: [] }), { fetch });
    const contacts = () => fetch.calls.filter((c) => c.url.endsWith("/contacts/create")).map((c) => c.body.contact);
    await widget.identify({ email: "NEW@b.se", name: "Bo", phone: "070-123 4567" });
    expect(contacts()[0]).toMatchObject({ email: "old@b.se", name: "Anna", phone: "070-123 4567", source_url: location.href });
    await widget.identify({ email: "old@b.se" });
    expect(contacts()).toHaveLength(1);
    await widget.identify({ email: "new@b.se", override: true });
    expect(contacts()[1]).toMatchObject({ email: "new@b.se" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await widget.identify({ email: "nope" });
    expect(warn).toHaveBeenCalledWith("[beckon] identify needs a valid email or phone");
    warn.mockRestore();
  });

  it("an identify call waits in storage while its rules cannot load, and the next page sends it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const offline = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    const first = start(configMock({ ctas: [] }), { importExtras: offline });
    await first.widget.ready;
    await first.widget.identify({ email: "anna@exempel.se" });
    expect(first.fetch.calls.some((c) => c.url.endsWith("/contacts/create"))).toBe(false);
    expect(first.store.get<unknown[]>("cf_1_identify")).toHaveLength(1);
    const next = start(configMock({ ctas: [] }), { store: first.store });
    await next.widget.ready;
    await settle(10);
    expect(next.fetch.calls.find((c) => c.url.endsWith("/contacts/create"))!.body.contact).toMatchObject({ email: "anna@exempel.se" });
    expect(next.store.get("cf_1_identify")).toEqual([]);
    warn.mockRestore();
  });

  it("a purchase waits in storage while its rules cannot load, and the next page counts it once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const offline = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    const first = start(configMock({ ctas: [] }), { importExtras: offline });
    await first.widget.ready;
    await first.widget.trackPurchase({ order_id: "B7", revenue: 49 });
    expect(first.store.get<unknown[]>("cf_1_identify")).toHaveLength(1);
    expect((first.store.get<{ event_type: string }[]>("cf_1_events") ?? []).some((e) => e.event_type === "Order")).toBe(false);
    const next = start(configMock({ ctas: [] }), { store: first.store });
    await next.widget.ready;
    await settle(10);
    await next.widget.trackPurchase({ order_id: "B7", revenue: 49 });
    await settle(10);
    const orders = next.store.get<{ event_type: string }[]>("cf_1_events")!.filter((e) => e.event_type === "Order");
    expect(orders).toEqual([expect.objectContaining({ revenue: 49, data: { order_id: "B7" } })]);
    expect(warn).toHaveBeenCalledWith("[beckon] trackPurchase: order already tracked this session");
    expect(next.store.get("cf_1_identify")).toEqual([]);
    warn.mockRestore();
  });

  it("an e-mail in the address identifies the visitor when url_identification is on", async () => {
    history.replaceState(null, "", "/?utm_source=news&cf_email=Anna%40Exempel.se");
    const { widget, fetch, store } = start(configMock({ url_identification: true, ctas: [] }));
    await widget.ready;
    await settle(10);
    expect(fetch.calls[0].body.utms).toEqual({ utm_source: "news" });
    expect(fetch.calls.find((c) => c.url.endsWith("/contacts/create"))!.body.contact).toMatchObject({ email: "anna@exempel.se" });
    expect(store.get<{ local: { params: object } }>("cf_1_person")!.local.params).toEqual({ utm_source: "news", email: "Anna@Exempel.se" });
  });

  it("checks trackPurchase input and counts an order once per session", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { widget, store } = start(configMock({ ctas: [] }));
    // The rules are in the extras chunk: calls wait in storage, in order, until it and the visitor are there.
    void widget.trackPurchase({ revenue: 10 });
    void widget.trackPurchase({ order_id: "A1", revenue: "ten" });
    void widget.trackPurchase({ order_id: "A1", revenue: "199.50" });
    await widget.trackPurchase({ order_id: "A1", revenue: 199.5 });
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "[beckon] trackPurchase: no order_id",
      "[beckon] trackPurchase: revenue must be numeric",
      "[beckon] trackPurchase: order already tracked this session",
    ]);
    expect(store.get("cf_1_identify")).toEqual([]);
    await settle();
    const queued = store.get<{ event_type: string; revenue: number; data: object }[]>("cf_1_events")!;
    expect(queued.filter((e) => e.event_type === "Order")).toEqual([expect.objectContaining({ revenue: 199.5, data: { order_id: "A1" } })]);
    warn.mockRestore();
  });

  it("client events reach Google Tag Manager's dataLayer under the analytics names", async () => {
    const win = window as Window & { dataLayer?: unknown[] };
    win.dataLayer = [];
    const { widget, mounts } = start(configMock({ integrations: { segment_write_key: null, gtm_id: "GTM-TEST" }, ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }));
    await widget.ready;
    await settle(10);
    mounts[0].runtime.dispatch("cfSubmit", { cta_id: 9, variant_id: 11, step_id: 21, element_id: 31 });
    widget.close(9);
    await settle(10);
    expect(win.dataLayer.map((e) => (e as { event: string }).event).filter((e) => !e.startsWith("gtm"))).toEqual(["CTA Viewed", "CTA Form Submitted", "CTA Closed"]);
    expect(win.dataLayer.at(-1)).toMatchObject({ beckon: { cta_id: 9, cta_name: "Exitpopup" } });
    delete win.dataLayer;
  });

  it("counts interactions for cta conditions: a converted CTA's follow-up shows", async () => {
    vi.useFakeTimers();
    const followUp = overlayDoc({ id: 30, broadcast_id: 60, options: { trigger: "immediate" } });
    const bc = broadcast({ id: 60, cta_ids: [30], conditions: [{ position: 0, operator: "and", condition_type: "cta", cta_id: 9, condition_cta: "converted", data: {} }] });
    const config = configMock({ ctas: serve(overlayDoc({ options: { trigger: "click" } }), followUp), broadcasts: [bc] });
    const first = start(config);
    await first.widget.ready;
    await first.widget.trigger(9);
    first.mounts[0].runtime.track("Submission", { cta_id: 9, variant_id: 11 });
    const next = start(config, { store: first.store });
    await next.widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    expect(next.mounts.map((m) => m.cta.id)).toEqual([30]);
  });
});

describe("summaries", () => {
  it("the fixtures are what the server sends", () => {
    const s: PublicCtaSummary = summaryOf(overlayDoc());
    expect(s).toMatchObject({ id: 9, cta_type: "overlay", options: { trigger: "delayed" } });
  });
});
