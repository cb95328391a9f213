// @vitest-environment happy-dom
/**
 * The logged-in Shopify customer (extras/customer.ts and its call in the
 * runtime): one POST of the visitor token to the app proxy per session, only
 * where the app embed says a customer is logged in and only once consent has
 * started the widget; the answer fills what the person lacks and nothing
 * the visitor typed; a hostile, oversized or failed answer changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as extras from "#widget/core/extras/extras";
import { setDebug } from "#widget/core/debug";
import { customerFields, linkCustomer } from "#widget/core/extras/customer";
import { whenConsented } from "#widget/core/consent";
import { startWidget, type Widget } from "#widget/core/runtime";
import type { LoadedVisitor } from "#widget/core/visitor";
import { fakeFetch, memoryStore, personMock, settle, type FakeCall } from "#test/unit/widget/core/helpers";
import { configMock } from "#test/support/factories";

const CUSTOMER = { email: "kund@butik.se", name: "Karin", last_name: "Berg", phone: "+46701234567" };
const PROXY = "/apps/beckon/api/customer";

function server(
  customer: (call: FakeCall) => { status: number; body?: unknown } | Error = () => ({
    status: 200,
    body: { customer: CUSTOMER },
  }),
) {
  return fakeFetch((call) => {
    if (call.url.endsWith(PROXY)) return customer(call);
    if (call.url.endsWith("/api/websites/1/visitors"))
      return {
        status: 201,
        body: { visitor: personMock({ visitor_token: call.body.visitor.visitor_token }), logged_in: false },
      };
    return { status: 404, body: {} };
  });
}
const proxyCalls = (f: { calls: FakeCall[] }) => f.calls.filter((c) => c.url.endsWith(PROXY));

const visitor = (over = {}): LoadedVisitor => ({
  token: "tok_0123456789abcdef",
  person: personMock(over),
  loggedIn: false,
  source: "stored",
});

describe("linkCustomer", () => {
  it("posts the visitor token under the shop's root and fills only the empty fields", async () => {
    const fetch = server();
    const v = visitor({ email: "typed@example.com" });
    const keepPerson = vi.fn();
    await linkCustomer({ fetchFn: fetch, win: window, shop: { root_url: "/sv" }, v, keepPerson });
    expect(proxyCalls(fetch)).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "/sv/apps/beckon/api/customer",
        body: { visitor_token: v.token },
      }),
    ]);
    expect(v.person).toMatchObject({
      email: "typed@example.com",
      name: "Karin",
      last_name: "Berg",
      phone: "+46701234567",
    });
    expect(keepPerson).toHaveBeenCalledWith(v.person);
  });

  it("uses Shopify.routes.root, else /, when the context has no root_url", async () => {
    const fetch = server();
    await linkCustomer({
      fetchFn: fetch,
      win: { Shopify: { routes: { root: "/en/" } } } as unknown as Window,
      shop: {},
      v: visitor(),
      keepPerson: () => {},
    });
    await linkCustomer({ fetchFn: fetch, win: window, shop: null, v: visitor(), keepPerson: () => {} });
    expect(proxyCalls(fetch).map((c) => c.url)).toEqual(["/en/apps/beckon/api/customer", "/apps/beckon/api/customer"]);
  });

  it("ignores hostile, oversized and malformed answers", () => {
    expect(
      customerFields({
        customer: {
          email: "<img src=x onerror=alert(1)>@a.se",
          name: "<script>x</script>",
          last_name: "x".repeat(300),
          phone: 46701234567,
        },
      }),
    ).toEqual({});
    expect(
      customerFields({ customer: { email: "not-an-email", name: "A\u0000B", last_name: ["Berg"], phone: { n: 1 } } }),
    ).toEqual({});
    for (const a of [null, "text", 42, [], { customer: null }, { customer: "kund@butik.se" }, { customer: [CUSTOMER] }])
      expect(customerFields(a)).toEqual({});
    expect(customerFields({ customer: { ...CUSTOMER, extra: "kept out", __proto__: { email: "x@y.se" } } })).toEqual(
      CUSTOMER,
    );
  });

  it("is silent on 4xx, 5xx, network failures and a string answer: the person stays, failures are logged in debug mode", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const replies = [
      { status: 400, body: {} },
      { status: 500, body: {} },
      new Error("offline"),
      { status: 200, body: "{" },
    ];
    const link = async () => {
      for (const reply of replies) {
        const v = visitor();
        const keepPerson = vi.fn();
        await expect(
          linkCustomer({ fetchFn: server(() => reply), win: window, shop: {}, v, keepPerson }),
        ).resolves.toBeUndefined();
        expect(v.person).toEqual(personMock());
        expect(keepPerson).not.toHaveBeenCalled();
      }
    };
    try {
      // A shopper's failed link is nothing the owner can act on: quiet on a live page.
      setDebug(false);
      await link();
      expect(warn).not.toHaveBeenCalled();
      setDebug(true);
      await link();
      // The string answer is no failure, it just fills nothing.
      expect(warn).toHaveBeenCalledTimes(3);
      expect(warn.mock.calls[0][0]).toBe("[beckon] Customer link failed");
    } finally {
      setDebug(false);
      warn.mockRestore();
    }
  });
});

describe("in the runtime", () => {
  const running: Widget[] = [];
  const shopContext = (loggedIn: boolean) => {
    document.body.innerHTML = `<script id="beckon-shop-context" type="application/json">${JSON.stringify({ root_url: "/", logged_in: loggedIn })}</script>`;
  };
  const start = (store = memoryStore(), fetch = server()) => {
    const w = startWidget({
      config: configMock({ ctas: [] }),
      fetch,
      store,
      importExtras: async () => extras,
      mobile: false,
    });
    running.push(w);
    return { w, store, fetch };
  };
  beforeEach(() => {
    running.splice(0).forEach((w) => w.stop());
    document.body.innerHTML = "";
    delete (window as { Shopify?: unknown }).Shopify;
  });
  afterEach(() => delete (window as { Shopify?: unknown }).Shopify);

  it("a logged-in customer: one POST with the visitor token per session, and the person gets the customer's details", async () => {
    shopContext(true);
    const { w, store, fetch } = start();
    await w.ready;
    await settle(10);
    const v = await w.visitor;
    expect(proxyCalls(fetch)).toEqual([
      expect.objectContaining({ method: "POST", url: PROXY, body: { visitor_token: v.token } }),
    ]);
    expect(v.person).toMatchObject(CUSTOMER);
    // Stored with the person, so the next page's merge tags and prefill have it too.
    expect(store.get<{ person: { email: string } }>("cf_1_person")!.person.email).toBe(CUSTOMER.email);

    // The next page view in the same session does not ask again.
    const next = start(store, server());
    await next.w.ready;
    await settle(10);
    expect(proxyCalls(next.fetch)).toEqual([]);
  });

  it("a customer's typed e-mail is kept", async () => {
    shopContext(true);
    const store = memoryStore();
    const fetch = fakeFetch((call) =>
      call.url.endsWith(PROXY)
        ? { status: 200, body: { customer: CUSTOMER } }
        : {
            status: 201,
            body: {
              visitor: personMock({ visitor_token: call.body.visitor.visitor_token, email: "typed@example.com" }),
              logged_in: false,
            },
          },
    );
    const { w } = start(store, fetch);
    await w.ready;
    await settle(10);
    expect((await w.visitor).person).toMatchObject({ email: "typed@example.com", name: "Karin" });
  });

  it("no call for a guest or off Shopify, and none while consent is missing", async () => {
    shopContext(false);
    const guest = start();
    await guest.w.ready;
    await settle(10);
    expect(proxyCalls(guest.fetch)).toEqual([]);

    document.body.innerHTML = "";
    const off = start();
    await off.w.ready;
    await settle(10);
    expect(proxyCalls(off.fetch)).toEqual([]);

    shopContext(true);
    let allowed = false;
    (window as { Shopify?: unknown }).Shopify = { customerPrivacy: { analyticsProcessingAllowed: () => allowed } };
    const fetch = server();
    let started: Widget | undefined;
    whenConsented(() => (started = start(memoryStore(), fetch).w));
    await settle(10);
    expect(started).toBeUndefined();
    expect(fetch.calls).toEqual([]);
    allowed = true;
    document.dispatchEvent(new CustomEvent("visitorConsentCollected", { detail: { analyticsAllowed: true } }));
    await started!.ready;
    await settle(10);
    expect(proxyCalls(fetch)).toHaveLength(1);
  });
});
