/**
 * The runtime test harness shared by the runtime-*.test.ts files: CTA
 * fixtures, a fake API and renderer, a started widget per test (stopped
 * before the next), and readers of what reached the host page.
 */
import { afterEach, beforeEach, vi } from "vitest";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import type { CtaDocument } from "#contract/schema/cta";
import * as extras from "#widget/core/extras/extras";
import { startWidget, type Widget, type WidgetDeps } from "#widget/core/runtime";
import { watchInlineTargets } from "#widget/core/inline";
import type { MountOptions, RendererModule } from "#widget/render/types";
import { fakeFetch, memoryStore, personMock, type FakeCall } from "./helpers";
import { ctaMock, summaryOf } from "#test/support/factories";

// Fixtures: the newsletter inline CTA 7 (area footer), an exit-style overlay 9 and a bar 10.
export const overlayDoc = (over: Partial<CtaDocument> = {}) =>
  ctaMock({
    id: 9,
    name: "Exitpopup",
    cta_type: "overlay",
    overlay_type: "boxed",
    inline_type: null,
    options: { trigger: "delayed", delay: 2, "hide-days": 7 },
    ...over,
  });
export const barDoc = () =>
  ctaMock({
    id: 10,
    name: "Webbinariebar",
    cta_type: "bar",
    bar_position: "top",
    inline_type: null,
    options: { trigger: "scroll", "scroll-percentage": 40 },
  });
export const ab = () =>
  ctaMock({
    id: 11,
    cta_type: "overlay",
    overlay_type: "boxed",
    inline_type: null,
    options: { trigger: "immediate" },
    variants: [
      { ...ctaMock().variants[0], id: 111, variation: "A", percentage: 50 },
      {
        ...ctaMock().variants[0],
        id: 112,
        variation: "B",
        percentage: 50,
        steps: [{ ...ctaMock().variants[0].steps[0], id: 212 }],
      },
    ],
  });

export const docs: Record<number, CtaDocument> = {};
export function serve(...list: CtaDocument[]) {
  for (const d of list) docs[d.id!] = d;
  return list.map(summaryOf);
}

export function api(
  over: (call: FakeCall) => { status: number; body?: unknown } | Error | undefined = () => undefined,
) {
  return fakeFetch((call) => {
    const custom = over(call);
    if (custom) return custom;
    if (call.url.endsWith("/api/websites/1/visitors"))
      return {
        status: 201,
        body: { visitor: personMock({ visitor_token: call.body.visitor.visitor_token }), logged_in: false },
      };
    const cta = /\/api\/cta\/(\d+)\.json/.exec(call.url);
    if (cta && docs[+cta[1]]) return { status: 200, body: { cta: docs[+cta[1]] } };
    if (call.url.endsWith("/events/create"))
      return { status: 200, body: { stored: call.body.events.length, duplicates: 0, rejected: [] } };
    if (call.url.endsWith("/contacts/create")) return { status: 201, body: { contact: { id: 1 } } };
    if (call.url.endsWith("/api/geolocation")) return { status: 200, body: { countryCode: "SE", country: "Sweden" } };
    return { status: 404, body: { error: { field: null, message: "Not found" } } };
  });
}

export function fakeRenderer() {
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

export const running: Widget[] = [];

export function start(
  config: PublicWebsiteConfig,
  over: Partial<WidgetDeps> & { store?: ReturnType<typeof memoryStore> } = {},
) {
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
export const ctaFetches = (fetch: { calls: FakeCall[] }) =>
  fetch.calls.map((c) => c.url).filter((u) => u.includes("/api/cta/"));
export const sent = (fetch: ReturnType<typeof api>) =>
  fetch.calls.filter((c) => c.url.endsWith("/events/create")).flatMap((c) => c.body.events);
export const hosts = () =>
  Array.from(document.querySelectorAll<HTMLElement>("beckon-cta")).map((h) => h.getAttribute("data-beckon-cta"));
export const events = (...names: string[]) => {
  const seen: { name: string; detail: any }[] = [];
  for (const name of names)
    document.addEventListener(name, (e) => seen.push({ name, detail: (e as CustomEvent).detail }));
  return seen;
};

/** Stops the widgets a test started and empties the page before each test; real timers after each. */
export function resetRuntimeBetweenTests() {
  beforeEach(() => {
    running.splice(0).forEach((w) => w.stop());
    document.body.innerHTML = "";
    document.body.className = "";
    history.replaceState(null, "", "/");
  });
  afterEach(() => vi.useRealTimers());
}
