import { describe, expect, it, vi } from "vitest";
import { createApi } from "#widget/core/api";
import {
  loadVisitor,
  PERSON_FRESH_MS,
  personKey,
  readLocal,
  saveLocal,
  savePerson,
  visitorCookieName,
  VISITOR_COOKIE_SECONDS,
} from "#widget/core/visitor";
import { fakeFetch, memoryStore, personMock } from "./helpers";

const HREF = "https://example.se/kurser?utm_source=news&utm_medium=email&other=1";
const KNOWN = "known_token_0123456789";

function setup(reply: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch(reply);
  const store = memoryStore();
  const api = createApi("http://api.test", 1, fetch);
  let clock = 1_700_000_000_000;
  const deps = {
    websiteId: 1,
    api,
    store,
    href: HREF,
    referrer: "https://google.com/",
    now: () => clock,
    utms: { utm_source: "news", utm_medium: "email" },
  };
  return { fetch, store, deps, tick: (ms: number) => (clock += ms) };
}

/** A browser with the KNOWN visitor's cookie, and an API that answers with that visitor. */
function knownVisitor() {
  const known = setup(() => ({ status: 200, body: { visitor: personMock({ visitor_token: KNOWN }) } }));
  known.store.setCookie(visitorCookieName(1), KNOWN, VISITOR_COOKIE_SECONDS);
  return known;
}

describe("visitor loading (the visitor state machine of SPEC 4)", () => {
  it("creates a new visitor when there is no token cookie", async () => {
    const { fetch, store, deps } = setup((c) => ({
      status: 200,
      body: { visitor: personMock({ visitor_token: c.body.visitor.visitor_token }), logged_in: false },
    }));
    const v = await loadVisitor(deps);
    expect(v.source).toBe("created");
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(store.cookies[visitorCookieName(1)]).toBe(v.token);
    expect(fetch.calls).toHaveLength(1);
    const call = fetch.calls[0];
    expect(call.method).toBe("POST");
    expect(call.url).toBe("http://api.test/api/websites/1/visitors");
    expect(call.contentType).toBe("text/plain");
    expect(call.body).toEqual({
      visitor: {
        visitor_token: v.token,
        landing_page: HREF,
        platform: "Web",
        referral_source: "https://google.com/",
        data: {},
      },
      new: true,
      utms: { utm_source: "news", utm_medium: "email" },
    });
    expect(store.get<{ token: string }>(personKey(1))!.token).toBe(v.token);
  });

  it("uses the stored person of a known visitor while it is fresh, without a request", async () => {
    const { fetch, store, deps, tick } = setup(() => ({ status: 500 }));
    store.setCookie(visitorCookieName(1), KNOWN, VISITOR_COOKIE_SECONDS);
    savePerson(store, 1, KNOWN, personMock({ visitor_token: KNOWN, email: "a@b.se" }), deps.now());
    tick(PERSON_FRESH_MS - 1);
    const v = await loadVisitor(deps);
    expect(fetch.calls).toHaveLength(0);
    expect(v).toMatchObject({ token: KNOWN, source: "stored" });
    expect(v.person!.email).toBe("a@b.se");
  });

  it("fetches a known visitor whose stored person is stale", async () => {
    const { fetch, store, deps, tick } = setup(() => ({
      status: 200,
      body: { visitor: personMock({ visitor_token: KNOWN, email: "new@b.se" }) },
    }));
    store.setCookie(visitorCookieName(1), KNOWN, VISITOR_COOKIE_SECONDS);
    savePerson(store, 1, KNOWN, personMock({ visitor_token: KNOWN }), deps.now());
    tick(PERSON_FRESH_MS);
    const v = await loadVisitor(deps);
    expect(fetch.calls.map((c) => [c.method, c.url])).toEqual([
      ["GET", `http://api.test/api/visitors/${KNOWN}?website_id=1`],
    ]);
    expect(v).toMatchObject({ token: KNOWN, source: "fetched" });
    expect(v.person!.email).toBe("new@b.se");
    // The fresh copy is stored for the next page.
    expect(store.get<{ at: number }>(personKey(1))!.at).toBe(deps.now());
  });

  it("fetches a known visitor with no stored person", async () => {
    const { fetch, deps } = knownVisitor();
    await loadVisitor(deps);
    expect(fetch.calls[0].method).toBe("GET");
  });

  it.each([
    ["a 404", { status: 404 }],
    ["a network error", new TypeError("Failed to fetch")],
  ])("regenerates the token and creates a new visitor after %s", async (_name, failure) => {
    const { fetch, store, deps } = setup((c) =>
      c.method === "GET"
        ? (failure as { status: number } | Error)
        : {
            status: 200,
            body: { visitor: personMock({ visitor_token: c.body.visitor.visitor_token }), logged_in: false },
          },
    );
    store.setCookie(visitorCookieName(1), KNOWN, VISITOR_COOKIE_SECONDS);
    const v = await loadVisitor(deps);
    expect(fetch.calls.map((c) => c.method)).toEqual(["GET", "POST"]);
    expect(v.token).not.toBe(KNOWN);
    expect(v.source).toBe("regenerated");
    expect(fetch.calls[1].body.visitor.visitor_token).toBe(v.token);
    expect(store.cookies[visitorCookieName(1)]).toBe(v.token);
  });

  it("still has a token when creation fails (tracking works, the person is unknown)", async () => {
    const { deps, store } = setup(() => new TypeError("offline"));
    const v = await loadVisitor(deps);
    expect(v.source).toBe("offline");
    expect(v.person).toBeNull();
    expect(store.cookies[visitorCookieName(1)]).toBe(v.token);
  });

  it("ignores a malformed token cookie", async () => {
    const { fetch, store, deps } = setup(() => ({ status: 200, body: { visitor: personMock(), logged_in: true } }));
    store.setCookie(visitorCookieName(1), "<script>", 1);
    const v = await loadVisitor(deps);
    expect(fetch.calls.map((c) => c.method)).toEqual(["POST"]);
    expect(v.loggedIn).toBe(true);
  });

  it("refetches a stored person of another token (unusable) and keeps the browser-only data across saves", async () => {
    const { fetch, store, deps } = knownVisitor();
    savePerson(store, 1, "other_token_0123456789", personMock(), deps.now());
    saveLocal(store, 1, { params: { utm_source: "news" } });
    const v = await loadVisitor(deps);
    expect(v.source).toBe("fetched");
    expect(fetch.calls).toHaveLength(1);
    expect(readLocal(store, 1)).toEqual({ params: { utm_source: "news" } });
  });

  it("remembers a logged-in owner with the stored person", async () => {
    const { store, deps } = setup((c) => ({
      status: 200,
      body: { visitor: personMock({ visitor_token: c.body?.visitor?.visitor_token }), logged_in: true },
    }));
    const v = await loadVisitor(deps);
    expect(v.loggedIn).toBe(true);
    const again = await loadVisitor(deps);
    expect(again).toMatchObject({ source: "stored", loggedIn: true });
    expect(store.get<{ logged_in: boolean }>(personKey(1))!.logged_in).toBe(true);
  });

  describe("a creation the snippet started (first visit)", () => {
    const EARLY = "snippet_token_0123456789abcdefgh";
    const answer = (status: number, body?: unknown) =>
      Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));

    it("adopts the snippet's answer when its token is the cookie's: no request of its own", async () => {
      const { fetch, store, deps } = setup(() => ({ status: 500 }));
      store.setCookie(visitorCookieName(1), EARLY, VISITOR_COOKIE_SECONDS);
      const v = await loadVisitor({
        ...deps,
        early: {
          t: EARLY,
          p: answer(200, { visitor: personMock({ visitor_token: EARLY, email: "a@b.se" }), logged_in: true }),
        },
      });
      expect(fetch.calls).toHaveLength(0);
      expect(v).toMatchObject({ token: EARLY, source: "created", loggedIn: true });
      expect(v.person!.email).toBe("a@b.se");
      expect(store.cookies[visitorCookieName(1)]).toBe(EARLY);
      // Stored as its own creation would be: the next page needs no request.
      expect(await loadVisitor(deps)).toMatchObject({ token: EARLY, source: "stored", loggedIn: true });
    });

    it.each([
      ["a 500", () => answer(500, { error: "x" })],
      ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
      ["a body that is not JSON", () => Promise.resolve(new Response("<html>", { status: 200 }))],
    ])("keeps the snippet's token after %s, as after a failed creation of its own", async (_name, make) => {
      const p = make();
      const { fetch, store, deps } = setup(() => ({ status: 500 }));
      store.setCookie(visitorCookieName(1), EARLY, VISITOR_COOKIE_SECONDS);
      const v = await loadVisitor({ ...deps, early: { t: EARLY, p } });
      expect(fetch.calls).toHaveLength(0);
      expect(v).toMatchObject({ token: EARLY, person: null, source: "offline" });
      expect(store.cookies[visitorCookieName(1)]).toBe(EARLY);
    });

    it("gives up on a snippet's answer after the visitor time-out of 5 s", async () => {
      vi.useFakeTimers();
      try {
        const { store, deps } = setup(() => ({ status: 500 }));
        store.setCookie(visitorCookieName(1), EARLY, VISITOR_COOKIE_SECONDS);
        const pending = loadVisitor({ ...deps, early: { t: EARLY, p: new Promise<Response>(() => {}) } });
        await vi.advanceTimersByTimeAsync(4999);
        let done = false;
        void pending.then(() => (done = true));
        await vi.advanceTimersByTimeAsync(0);
        expect(done).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        expect(await pending).toMatchObject({ token: EARLY, source: "offline" });
      } finally {
        vi.useRealTimers();
      }
    });

    it("ignores a snippet's creation for another token (the cookie changed since) and loads as usual", async () => {
      const { fetch, deps } = knownVisitor();
      const v = await loadVisitor({
        ...deps,
        early: { t: EARLY, p: answer(200, { visitor: personMock(), logged_in: false }) },
      });
      expect(fetch.calls.map((c) => c.method)).toEqual(["GET"]);
      expect(v).toMatchObject({ token: KNOWN, source: "fetched" });
    });

    it.each([null, undefined, {}, { t: 42 }, "early"])("ignores a malformed beckon.v (%j)", async (early) => {
      const { fetch, deps } = setup((c) => ({
        status: 200,
        body: { visitor: personMock({ visitor_token: c.body.visitor.visitor_token }), logged_in: false },
      }));
      const v = await loadVisitor({ ...deps, early: early as never });
      expect(fetch.calls.map((c) => c.method)).toEqual(["POST"]);
      expect(v.source).toBe("created");
    });
  });
});
