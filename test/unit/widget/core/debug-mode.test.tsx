// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The widget's console gate (widget/core/log.ts, widget/core/debug.ts): a
 * debug message is printed only in debug mode, which the runtime turns on
 * for an owner testing the page (admin, preview, a forced CTA) and a
 * headless BeckonCta for admin or preview; a message the owner must act on
 * is always printed. The store and React packages print through the same gate.
 */
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { debug, setDebug } from "#widget/core/debug";
import { warn } from "#widget/core/log";
import { startWidget, type Widget } from "#widget/core/runtime";
import { BeckonCta, BeckonProvider, defaultRuntime } from "#widget/react";
import type { MountOptions } from "#widget/render/types";
import { fail, ok } from "#widget/store/result";
import { loadFeed } from "#widget/store/sources";
import type { CartAdapter, ProductCatalog } from "#widget/store/types";
import { configMock, swedishConfigMock, swedishCtaMock } from "#test/support/factories";
import { fakeFetch, memoryStore, personMock, settle } from "./helpers";

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let console_: MockInstance<typeof console.warn>;
const printed = () => console_.mock.calls.map((c) => c[0]);
const debugOn = () => !!(globalThis as { __beckonDebug?: boolean }).__beckonDebug;

beforeEach(() => {
  console_ = vi.spyOn(console, "warn").mockImplementation(() => {});
  setDebug(false);
  history.replaceState(null, "", "/");
});
afterEach(() => {
  console_.mockRestore();
  setDebug(false);
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("debug and warn", () => {
  it("a debug message is not printed in normal mode, and printed with its details in debug mode", () => {
    debug("Tracking failed", 503);
    expect(console_).not.toHaveBeenCalled();
    setDebug(true);
    debug("Tracking failed", 503);
    expect(console_).toHaveBeenCalledWith("[beckon] Tracking failed", 503);
    setDebug(false);
    debug("again");
    expect(console_).toHaveBeenCalledTimes(1);
  });

  it("a message the owner must act on is printed in either mode", () => {
    warn("No website configuration");
    setDebug(true);
    warn("Add to cart failed", "Sold out");
    expect(console_.mock.calls).toEqual([
      ["[beckon] No website configuration"],
      ["[beckon] Add to cart failed", "Sold out"],
    ]);
  });

  it("prints malformed and hostile messages as text, without throwing or formatting them", () => {
    setDebug(true);
    const hostile = "%c<img src=x onerror=alert(1)>\u0000" + "x".repeat(10_000);
    for (const say of [debug, warn]) {
      expect(() => say(undefined as unknown as string)).not.toThrow();
      expect(() => say(new Error("boom") as unknown as string, { a: 1 })).not.toThrow();
      say(hostile);
    }
    expect(printed()).toEqual([
      "[beckon] undefined",
      "[beckon] Error: boom",
      "[beckon] " + hostile,
      "[beckon] undefined",
      "[beckon] Error: boom",
      "[beckon] " + hostile,
    ]);
  });

  it("a switch holding a falsy value (0, an empty string) is off", () => {
    const page = globalThis as { __beckonDebug?: unknown };
    page.__beckonDebug = 0;
    debug("quiet");
    page.__beckonDebug = "";
    debug("quiet");
    expect(console_).not.toHaveBeenCalled();
  });
});

describe("the runtime sets debug mode from its own mode", () => {
  const running: Widget[] = [];
  afterEach(() => running.splice(0).forEach((w) => w.stop()));

  const ready = async (loggedIn = false) => {
    const fetch = fakeFetch((call) =>
      call.url.endsWith("/visitors")
        ? {
            status: 201,
            body: { visitor: personMock({ visitor_token: call.body.visitor.visitor_token }), logged_in: loggedIn },
          }
        : { status: 404, body: {} },
    );
    const widget = startWidget({
      config: configMock({ ctas: [] }),
      fetch,
      store: memoryStore(),
      mobile: false,
      importPanel: async () => ({ openPanel: () => {} }),
    });
    running.push(widget);
    await widget.ready;
    await settle();
  };

  it("off on a live page, even when an earlier page state left it on", async () => {
    setDebug(true);
    await ready();
    expect(debugOn()).toBe(false);
  });

  it("on in admin mode (cf_{id}_admin=true), preview mode (iframe=true plus variant) and for a CTA forced by cf_campaign_id", async () => {
    for (const address of ["/?cf_1_admin=true", "/?iframe=true&variant=11", "/?cf_campaign_id=7"]) {
      setDebug(false);
      history.replaceState(null, "", address);
      await ready();
      expect(debugOn(), address).toBe(true);
    }
  });

  it("on once the visitor record says an owner is logged in", async () => {
    await ready(true);
    expect(debugOn()).toBe(true);
  });
});

describe("the store package's messages", () => {
  const catalog: ProductCatalog = {
    product: async () => fail("Product not found", { status: 404 }),
    recommendations: async () => ok([]),
    search: async () => ok([]),
    collection: async () => fail("HTTP 404", { status: 404 }),
  };
  const brokenCart = { getCart: async () => fail("HTTP 503", { status: 503 }) } as unknown as CartAdapter;

  it("a cart that fails to load for a shopper is a debug message; a collection that cannot load is the owner's to fix", async () => {
    await loadFeed(catalog, { type: "cart" }, { cart: brokenCart });
    expect(console_).not.toHaveBeenCalled();
    await loadFeed(catalog, { type: "collection", handle: "kaffe" });
    expect(printed()).toEqual(["[beckon] collection kaffe failed to load: HTTP 404"]);
    setDebug(true);
    await loadFeed(catalog, { type: "cart" }, { cart: brokenCart });
    expect(printed()[1]).toBe("[beckon] cart failed to load: HTTP 503");
  });
});

describe("the React package", () => {
  it("a failed tracking call is a debug message", async () => {
    localStorage.clear();
    const fetch = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", fetch);
    const runtime = defaultRuntime(swedishConfigMock({ website_id: 5, api_origin: "https://api.example/" }));
    runtime.track("View", { cta_id: 7, variant_id: 11 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await settle(10);
    expect(console_).not.toHaveBeenCalled();
    setDebug(true);
    runtime.track("View", { cta_id: 7, variant_id: 11 });
    await vi.waitFor(() => expect(printed()).toEqual(["[beckon] Tracking failed"]));
  });

  it("a BeckonCta shown in preview or admin mode turns debug mode on; a live one leaves it off", async () => {
    const mountCta = vi.fn((_o: MountOptions) => ({ unmount() {} }));
    const show = async (mode?: "live" | "admin" | "preview") => {
      const div = document.body.appendChild(document.createElement("div"));
      const root = createRoot(div);
      await act(async () =>
        root.render(
          <BeckonProvider
            config={swedishConfigMock()}
            runtime={{ track() {} }}
            loadRenderer={async () => ({ mountCta })}
          >
            <BeckonCta cta={swedishCtaMock()} mode={mode} />
          </BeckonProvider>,
        ),
      );
      await act(async () => root.unmount());
    };
    await show();
    await show("live");
    expect(debugOn()).toBe(false);
    await show("preview");
    expect(debugOn()).toBe(true);
    setDebug(false);
    await show("admin");
    expect(debugOn()).toBe(true);
  });
});
