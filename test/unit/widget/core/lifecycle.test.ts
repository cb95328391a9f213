import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { enrich, syncTargets, type EnrichOptions } from "#widget/core/extras/extras";
import { runLifecycle, withTimeout, type Phase } from "#widget/core/lifecycle";
import type { LoadedVisitor } from "#widget/core/visitor";
import { fakeFetch, personMock, type FakeCall } from "./helpers";
import { configMock } from "#test/support/factories";

const never = () => new Promise<never>(() => {});

describe("lifecycle: visitor → sync → enrichment → ready", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the phases in order and marks every step", async () => {
    const phases: Phase[] = [];
    const order: string[] = [];
    const done = runLifecycle({
      visitor: async () => (order.push("visitor"), "v"),
      sync: [async (v) => void order.push("sync:" + v), 5000],
      enrich: {
        geolocation: [async () => void order.push("geo"), 1000],
        cart: [async () => void order.push("cart"), 2000],
        company: false,
      },
      onPhase: (p) => phases.push(p),
    });
    const r = await done;
    expect(order).toEqual(["visitor", "sync:v", "geo", "cart"]);
    expect(phases).toEqual(["visitor", "sync", "enrich", "ready"]);
    expect(r).toEqual({
      visitor: "v",
      steps: { visitor: "ok", sync: "ok", geolocation: "ok", cart: "ok", company: "skipped" },
    });
  });

  it("marks a failed or timed-out step and goes on (5 s sync, 1 s geolocation)", async () => {
    let ready = false;
    const done = runLifecycle({
      visitor: async () => "v",
      sync: [never, 5000],
      enrich: { geolocation: [never, 1000], cart: [() => Promise.reject(new Error("cart.js 500")), 2000] },
    }).then((r) => ((ready = true), r));
    await vi.advanceTimersByTimeAsync(4999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    // Enrichment steps run side by side: the 1 s geolocation time-out ends the wait.
    await vi.advanceTimersByTimeAsync(999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect((await done).steps).toEqual({ visitor: "ok", sync: "timeout", geolocation: "timeout", cart: "failed" });
  });

  it("a throwing step or phase observer never stops loading", async () => {
    const r = await runLifecycle({
      visitor: async () => 1,
      sync: [
        () => {
          throw new Error("sync threw");
        },
        5000,
      ],
      onPhase: () => {
        throw new Error("observer");
      },
    });
    expect(r.steps.sync).toBe("failed");
  });

  it("withTimeout rejects with timeout, and uses injected timers", async () => {
    const set = vi.fn((f: () => void, ms: number) => setTimeout(f, ms));
    const p = withTimeout(never(), 10, { set });
    const caught = p.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(10);
    expect(await caught).toBe("timeout");
    expect(set).toHaveBeenCalledWith(expect.any(Function), 10);
    await expect(withTimeout(Promise.resolve(3), 10)).resolves.toBe(3);
  });
});

describe("enrichment (extras chunk)", () => {
  const visitor = (over = {}): LoadedVisitor => ({
    token: "tok_0123456789abcdef",
    person: personMock({ contact_id: 5, ...over }),
    loggedIn: false,
    source: "stored",
  });
  const listCondition = {
    position: 0,
    operator: "and" as const,
    condition_type: "list" as const,
    data: { list_id: "13", integration_id: 4, integration_type: "builtin" },
  };

  function options(
    config: PublicWebsiteConfig,
    reply: (c: FakeCall) => { status: number; body?: unknown } | Error,
    over: Partial<EnrichOptions> = {},
  ) {
    const fetchFn = fakeFetch(reply);
    const kept = vi.fn();
    const o: EnrichOptions = {
      config,
      visitor: visitor(),
      local: {},
      sessionId: "s1",
      now: Date.parse("2026-01-01T00:00:00Z"),
      fetchFn,
      shop: null,
      win: { location: { href: "https://x.se/" } } as unknown as Window,
      keepPerson: kept,
      ...over,
    };
    return { o, fetchFn, kept };
  }

  it("skips every step no condition needs", async () => {
    const { o, fetchFn } = options(configMock(), () => ({ status: 500 }));
    expect(await enrich(o)).toEqual({ sync: "skipped", geolocation: "skipped", cart: "skipped", company: "skipped" });
    expect(fetchFn.calls).toEqual([]);
  });

  it("syncs the integrations list conditions name and stores lists and tags the server's way", async () => {
    const config = configMock({
      broadcasts: [
        {
          id: 1,
          name: "b",
          quick: false,
          timezone: "UTC",
          timeframe: false,
          range_start: null,
          range_end: null,
          conditions: [listCondition],
          cta_ids: [],
        },
      ],
    });
    expect(syncTargets(config)).toEqual([{ id: 4, type: "builtin" }]);
    const { o, fetchFn, kept } = options(config, () => ({
      status: 200,
      body: { lists: { "13": true }, tags: { webinar: true }, fields: {} },
    }));
    expect(await enrich(o)).toMatchObject({ sync: "ok" });
    expect(fetchFn.calls[0]).toMatchObject({
      method: "POST",
      url: "http://api.test/api/websites/1/targeting_sync",
      body: {
        environment: "live",
        version: "v1",
        integration_id: 4,
        integration_type: "builtin",
        contact_id: 5,
        visitor_token: "tok_0123456789abcdef",
      },
    });
    expect(o.visitor.person!.data.integrations).toEqual({
      builtin: {
        integration_id: 4,
        data: { lists: { "13": true }, tags: { webinar: true }, fields: {} },
        last_sync: "2026-01-01T00:00:00.000Z",
      },
    });
    expect(kept).toHaveBeenCalledWith(o.visitor.person);

    // Within 30 minutes of the last sync nothing is asked again (SPEC 9 re-sync after 30 min).
    fetchFn.calls.length = 0;
    await enrich({ ...o, now: o.now + 29 * 60_000 });
    expect(fetchFn.calls).toEqual([]);
    await enrich({ ...o, now: o.now + 30 * 60_000 });
    expect(fetchFn.calls).toHaveLength(1);
  });

  it("forwards a signed identity token from the link, asking anew even within 30 minutes", async () => {
    const config = configMock({ conditions: [listCondition], url_identification: true });
    const win = {
      location: { href: "https://x.se/?cf_email=anna%40acme.se&cf_token=v1.1.YW5uYUBhY21lLnNl.1893456000.sig" },
    } as unknown as Window;
    const { o, fetchFn } = options(
      config,
      () => ({ status: 200, body: { lists: { "13": true }, tags: {}, fields: {} } }),
      { win },
    );
    await enrich(o);
    await enrich({ ...o, now: o.now + 60_000 });
    expect(fetchFn.calls).toHaveLength(2);
    expect(fetchFn.calls[1].body).toMatchObject({ identity_token: "v1.1.YW5uYUBhY21lLnNl.1893456000.sig" });
    // The owner turned URL identification off: the token is not used.
    const off = options(
      configMock({ conditions: [listCondition], url_identification: false }),
      () => ({ status: 200, body: { lists: {}, tags: {} } }),
      { win },
    );
    await enrich(off.o);
    expect(off.fetchFn.calls[0].body).not.toHaveProperty("identity_token");
  });

  it("prefers the integrations the config lists", () => {
    expect(
      syncTargets(
        configMock({
          integrations: { segment_write_key: null, gtm_id: null, targeting: [{ id: 9, type: "klaviyo" }] } as never,
        }),
      ),
    ).toEqual([{ id: 9, type: "klaviyo" }]);
  });

  it("geolocates once per session for country conditions, and marks an unknown location failed", async () => {
    const config = configMock({
      conditions: [{ position: 0, operator: "and", condition_type: "country", country: "SE", data: {} }],
    });
    const { o, fetchFn } = options(config, () => ({
      status: 200,
      body: { countryCode: "SE", country: "Sweden", city: "Malmö" },
    }));
    expect(await enrich(o)).toMatchObject({ geolocation: "ok" });
    expect(fetchFn.calls[0].url).toBe("http://api.test/api/geolocation");
    expect(o.local.location).toMatchObject({ countryCode: "SE", city: "Malmö", session: "s1" });
    expect(await enrich(o)).toMatchObject({ geolocation: "skipped" });
    const unknown = options(config, () => ({ status: 200, body: { status: "fail", countryCode: null } }));
    expect(await enrich(unknown.o)).toMatchObject({ geolocation: "failed" });
    const down = options(config, () => new TypeError("offline"));
    expect(await enrich(down.o)).toMatchObject({ geolocation: "failed" });
  });

  it("reads the store cart for cart value conditions on stores, and company data when injected", async () => {
    const config = configMock({
      conditions: [{ position: 0, operator: "and", condition_type: "cart_value", data: { value: 10 } }],
    });
    const { o } = options(config, () => ({ status: 500 }), {
      value: async () => 42.5,
      company: async () => ({ company_name: "AB" }),
    });
    expect(await enrich(o)).toMatchObject({ cart: "ok", company: "ok" });
    expect(o.local.cart?.value).toBe(42.5);
    expect(o.local.company).toEqual({ company_name: "AB" });
    // Off a store (no app embed, no window.Shopify, no injected reader) there is no cart to read.
    const off = options(config, () => ({ status: 500 }));
    expect(await enrich(off.o)).toMatchObject({ cart: "skipped" });
    // On a Shopify store: cart.js, in cents.
    const shopify = options(
      config,
      (c) => (c.url === "/cart.js" ? { status: 200, body: { total_price: 52000 } } : { status: 404 }),
      {
        win: { location: { href: "https://shop.test/" }, Shopify: {} } as unknown as Window,
      },
    );
    expect(await enrich(shopify.o)).toMatchObject({ cart: "ok" });
    expect(shopify.o.local.cart?.value).toBe(520);
  });
});
