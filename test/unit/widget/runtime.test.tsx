// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicWebsiteConfig } from "../../../app/lib/schema/public-config";
import { startWidget } from "../../../widget/core/runtime";
import type { RendererModule } from "../../../widget/render/types";
import { configMock, ctaMock, fakeFetch, memoryStore, personMock, settle, type FakeCall } from "./helpers";

vi.mock("react", async () => await import("preact/compat"));
vi.mock("react-dom/client", async () => await import("preact/compat/client"));
vi.mock("react/jsx-runtime", async () => await import("preact/jsx-runtime"));
vi.mock("react/jsx-dev-runtime", async () => await import("preact/jsx-dev-runtime"));

const renderer = (await import("../../../widget/render/render")) as RendererModule;

function api(over: (call: FakeCall) => { status: number; body?: unknown } | undefined = () => undefined) {
  return fakeFetch((call) => {
    const custom = over(call);
    if (custom) return custom;
    if (call.url.endsWith("/api/websites/1/visitors")) return { status: 200, body: { visitor: personMock({ visitor_token: call.body.visitor.visitor_token }), logged_in: false } };
    if (call.url.endsWith("/api/cta/7.json")) return { status: 200, body: { cta: ctaMock() } };
    if (call.url.endsWith("/events/create")) return { status: 200, body: { stored: call.body.events.length, duplicates: 0 } };
    if (call.url.endsWith("/contacts/create")) return { status: 200, body: { contact: { id: 1 } } };
    return { status: 404, body: { error: { field: null, message: "Not found" } } };
  });
}

const running: { stop(): void }[] = [];

function start(config: PublicWebsiteConfig = configMock(), fetch = api(), importRenderer = vi.fn(async () => renderer)) {
  const store = memoryStore();
  const handlers = startWidget({ config, fetch, importRenderer, store });
  running.push(handlers);
  return { handlers, fetch, store, importRenderer };
}

const host = () => document.querySelector<HTMLElement>("[data-beckon-cta]");

describe("the widget runtime (inline CTAs)", () => {
  beforeEach(() => {
    running.splice(0).forEach((w) => w.stop());
    document.body.innerHTML = "";
  });

  it("creates the visitor, fires cfReady, renders the area's CTA and tracks its view", async () => {
    document.body.innerHTML = '<main>Page</main><div data-beckon-area="footer"></div>';
    const events: string[] = [];
    for (const n of ["cfReady", "cfView"]) document.addEventListener(n, () => events.push(n));
    const { fetch, importRenderer } = start();
    await settle(10);
    expect(events).toEqual(["cfReady", "cfView"]);
    expect(importRenderer).toHaveBeenCalledWith(expect.stringMatching(/^http:\/\/api\.test\/widget\/beckon-renderer\.js/));
    const el = host()!;
    expect(el.getAttribute("data-beckon-cta")).toBe("7");
    expect(el.parentElement!.getAttribute("data-beckon-area")).toBe("footer");
    expect(el.shadowRoot!.querySelector("input[type=email]")).not.toBeNull();

    await new Promise((r) => setTimeout(r, 250)); // queue delay
    const sent = fetch.calls.find((c) => c.url.endsWith("/events/create"))!;
    expect(sent.contentType).toBe("text/plain");
    const token = fetch.calls[0].body.visitor.visitor_token;
    expect(sent.body.events).toEqual([
      expect.objectContaining({ event_type: "View", visitor_token: token, cta_id: 7, variant_id: 11, step_id: 21, contactable_type: "Cta", contactable_id: 7, url: location.href }),
    ]);
    expect(sent.body.events[0].id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("fills placeholders, also ones added later, and submits a contact end to end", async () => {
    const { fetch } = start();
    await settle();
    expect(host()).toBeNull();
    document.body.insertAdjacentHTML("beforeend", '<div class="beckon-cta" data-cta-id="7"></div>');
    await new Promise((r) => setTimeout(r, 80)); // observer debounce
    await settle(10);
    const root = host()!.shadowRoot!;
    const input = root.querySelector<HTMLInputElement>("input[type=email]")!;
    input.value = "Lead@Example.se";
    const converted = new Promise((r) => document.addEventListener("cfConversion", r, { once: true }));
    root.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
    await converted;
    await settle();
    const contact = fetch.calls.find((c) => c.url === "http://api.test/api/websites/1/contacts/create")!;
    expect(contact.body.contact).toMatchObject({
      email: "lead@example.se",
      visitor_token: fetch.calls[0].body.visitor.visitor_token,
      contactable_type: "Cta",
      contactable_id: 7,
      cta_id: 7,
      variant_id: 11,
      step_id: 21,
      element_id: 31,
    });
    expect(contact.body.contact.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(root.querySelector('[role="status"]')!.textContent).toBe("Tack! Check your inbox.");
  });

  it("does not send contacts when contact processing is off, and says so", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const config = configMock({ data_settings: { "contact-processing": false, "cart-value-threshold": 500 } });
    const { handlers, fetch } = start(config);
    await handlers.identify({ email: "a@b.se" });
    expect(fetch.calls.some((c) => c.url.includes("contacts"))).toBe(false);
    expect(warn).toHaveBeenCalledWith("[beckon] Contact PII processing disabled");
    warn.mockRestore();
  });

  it("logs the server's skipped answer too", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { handlers } = start(configMock(), api((c) => (c.url.includes("contacts") ? { status: 200, body: { skipped: true } } : undefined)));
    await handlers.identify({ email: "a@b.se" });
    expect(warn).toHaveBeenCalledWith("[beckon] Contact PII processing disabled");
    warn.mockRestore();
  });

  it("identify sends a contact, keeps known fields unless override, and skips when nothing is new", async () => {
    const known = personMock({ email: "old@b.se", name: "Anna" });
    const fetch = api((c) => (c.url.endsWith("/visitors") ? { status: 200, body: { visitor: { ...known, visitor_token: c.body.visitor.visitor_token }, logged_in: false } } : undefined));
    const { handlers } = start(configMock(), fetch);
    const contacts = () => fetch.calls.filter((c) => c.url.endsWith("/contacts/create")).map((c) => c.body.contact);
    await handlers.identify({ email: "NEW@b.se", name: "Bo", phone: "070-123 4567" });
    expect(contacts()[0]).toMatchObject({ email: "old@b.se", name: "Anna", phone: "070-123 4567" });
    await handlers.identify({ email: "old@b.se" });
    expect(contacts()).toHaveLength(1);
    await handlers.identify({ email: "new@b.se", override: true });
    expect(contacts()[1]).toMatchObject({ email: "new@b.se" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await handlers.identify({ email: "nope" });
    expect(warn).toHaveBeenCalledWith("[beckon] identify needs a valid email or phone");
    warn.mockRestore();
  });

  it("keeps the page working when the renderer cannot load", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    document.body.innerHTML = '<div data-beckon-area="footer"></div>';
    const importRenderer = vi.fn(async (): Promise<RendererModule> => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    start(configMock(), api(), importRenderer);
    await settle(10);
    expect(importRenderer).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith("[beckon] Loading chunk renderer failed");
    expect(host()).toBeNull();
    warn.mockRestore();
  });

  it("checks trackPurchase input and counts an order once per session", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { handlers, store } = start();
    handlers.trackPurchase({ revenue: 10 });
    handlers.trackPurchase({ order_id: "A1" });
    handlers.trackPurchase({ order_id: "A1", revenue: "ten" });
    handlers.trackPurchase({ order_id: "x".repeat(100), revenue: 1 });
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "[beckon] trackPurchase: no order_id",
      "[beckon] trackPurchase: no revenue",
      "[beckon] trackPurchase: revenue must be numeric",
      "[beckon] trackPurchase: order_id must be 1 to 100 characters",
    ]);
    await handlers.trackPurchase({ order_id: "A1", revenue: "199.50" });
    handlers.trackPurchase({ order_id: "A1", revenue: 199.5 });
    expect(warn.mock.calls.at(-1)![0]).toBe("[beckon] trackPurchase: order already tracked this session");
    const queued = store.get<{ event_type: string; revenue: number; data: object }[]>("cf_1_events")!;
    expect(queued.filter((e) => e.event_type === "Order")).toEqual([expect.objectContaining({ revenue: 199.5, data: { order_id: "A1" } })]);
    warn.mockRestore();
  });

  it("closes a shown CTA with cfClose", async () => {
    document.body.innerHTML = '<div data-beckon-area="footer"></div>';
    const { handlers } = start();
    await settle(10);
    const closed = vi.fn();
    document.addEventListener("cfClose", closed);
    handlers.close(7);
    expect(host()).toBeNull();
    expect(closed.mock.calls[0][0].detail).toMatchObject({ cta_id: 7, variant_id: 11 });
  });
});
