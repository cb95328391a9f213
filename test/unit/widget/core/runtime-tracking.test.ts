// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * The runtime with a fake renderer (runtime-harness.ts): what is tracked and what
 * reaches the host page: events, contacts and forms.
 */
import { describe, expect, it, vi } from "vitest";
import { broadcastMock as broadcast, personMock, settle } from "./helpers";
import { configMock } from "#test/support/factories";
import { overlayDoc, serve, api, start, resetRuntimeBetweenTests } from "./runtime-harness";

resetRuntimeBetweenTests();

describe("tracking and contacts", () => {
  it("a contact is stored first: when the server is down the form hears queued, and the lead arrives once later", async () => {
    vi.useFakeTimers();
    let down = true;
    const fetch = api((c) =>
      c.url.endsWith("/contacts/create") && down ? new TypeError("Failed to fetch") : undefined,
    );
    const { widget, mounts, store } = start(
      configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }),
      { fetch },
    );
    await widget.ready;
    await vi.advanceTimersByTimeAsync(10);
    const answer = mounts[0].runtime.submitContact({
      email: "lead@exempel.se",
      extra: {},
      source_url: location.href,
      contactable_type: "Cta",
      contactable_id: 9,
      cta_id: 9,
      variant_id: 11,
      step_id: 21,
      element_id: 31,
      broadcast_id: null,
    });
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
    const fetch = api((c) =>
      c.url.endsWith("/contacts/create")
        ? { status: 422, body: { error: { field: "contact.email", message: "Please enter a valid email address" } } }
        : undefined,
    );
    const { widget, mounts } = start(configMock({ ctas: serve(overlayDoc({ options: { trigger: "immediate" } })) }), {
      fetch,
    });
    await widget.ready;
    await settle(10);
    await expect(mounts[0].runtime.submitContact({ email: "x@y.z" } as never)).rejects.toMatchObject({ status: 422 });
    warn.mockRestore();
  });

  it("does not send contacts when contact processing is off, and says so", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { widget, fetch } = start(
      configMock({ data_settings: { "contact-processing": false, "cart-value-threshold": 500 }, ctas: [] }),
    );
    await widget.identify({ email: "a@b.se" });
    expect(fetch.calls.some((c) => c.url.includes("contacts"))).toBe(false);
    expect(warn).toHaveBeenCalledWith("[beckon] Contact PII processing disabled");
    warn.mockRestore();
  });

  it("identify sends a contact, keeps known fields unless override, and skips when nothing is new", async () => {
    const known = personMock({ email: "old@b.se", name: "Anna" });
    const fetch = api((c) =>
      c.url.endsWith("/visitors")
        ? {
            status: 201,
            body: { visitor: { ...known, visitor_token: c.body.visitor.visitor_token }, logged_in: false },
          }
        : undefined,
    );
    const { widget } = start(configMock({ ctas: [] }), { fetch });
    const contacts = () => fetch.calls.filter((c) => c.url.endsWith("/contacts/create")).map((c) => c.body.contact);
    await widget.identify({ email: "NEW@b.se", name: "Bo", phone: "070-123 4567" });
    expect(contacts()[0]).toMatchObject({
      email: "old@b.se",
      name: "Anna",
      phone: "070-123 4567",
      source_url: location.href,
    });
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
    expect(next.fetch.calls.find((c) => c.url.endsWith("/contacts/create"))!.body.contact).toMatchObject({
      email: "anna@exempel.se",
    });
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
    expect((first.store.get<{ event_type: string }[]>("cf_1_events") ?? []).some((e) => e.event_type === "Order")).toBe(
      false,
    );
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
    expect(fetch.calls.find((c) => c.url.endsWith("/contacts/create"))!.body.contact).toMatchObject({
      email: "anna@exempel.se",
    });
    expect(store.get<{ local: { params: object } }>("cf_1_person")!.local.params).toEqual({
      utm_source: "news",
      email: "Anna@Exempel.se",
    });
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
    expect(queued.filter((e) => e.event_type === "Order")).toEqual([
      expect.objectContaining({ revenue: 199.5, data: { order_id: "A1" } }),
    ]);
    warn.mockRestore();
  });

  it("client events reach Google Tag Manager's dataLayer under the analytics names", async () => {
    const win = window as Window & { dataLayer?: unknown[] };
    win.dataLayer = [];
    const { widget, mounts } = start(
      configMock({
        integrations: { segment_write_key: null, gtm_id: "GTM-TEST" },
        ctas: serve(overlayDoc({ options: { trigger: "immediate" } })),
      }),
    );
    await widget.ready;
    await settle(10);
    mounts[0].runtime.dispatch("cfSubmit", { cta_id: 9, variant_id: 11, step_id: 21, element_id: 31 });
    widget.close(9);
    await settle(10);
    expect(win.dataLayer.map((e) => (e as { event: string }).event).filter((e) => !e.startsWith("gtm"))).toEqual([
      "CTA Viewed",
      "CTA Form Submitted",
      "CTA Closed",
    ]);
    expect(win.dataLayer.at(-1)).toMatchObject({ beckon: { cta_id: 9, cta_name: "Exitpopup" } });
    delete win.dataLayer;
  });

  it("counts interactions for cta conditions: a converted CTA's follow-up shows", async () => {
    vi.useFakeTimers();
    const followUp = overlayDoc({ id: 30, broadcast_id: 60, options: { trigger: "immediate" } });
    const bc = broadcast({
      id: 60,
      cta_ids: [30],
      conditions: [
        { position: 0, operator: "and", condition_type: "cta", cta_id: 9, condition_cta: "converted", data: {} },
      ],
    });
    const config = configMock({
      ctas: serve(overlayDoc({ options: { trigger: "click" } }), followUp),
      broadcasts: [bc],
    });
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
