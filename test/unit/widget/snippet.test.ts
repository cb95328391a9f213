// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { genericSnippet } from "#widget/snippet";
import { createApi } from "#widget/core/api";
import { readFlags } from "#widget/core/url-params";
import { loadVisitor, visitorCookieName } from "#widget/core/visitor";
import { fakeFetch, memoryStore, personMock } from "./core/helpers";
import { PROJECT_ROOT } from "#test/support/project-root";

/** Resolves after the next frame and the task after it: when the snippet inserts the widget script. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** Runs the snippet's inline script the way a browser would. */
function runSnippet(html: string) {
  const code = html.match(/<script[^>]*>([\s\S]*?)<\/script>/)![1];
  new Function(code)();
}

describe("generic snippet", () => {
  // No test here reaches a server: the first-visit tests below record what is posted.
  beforeEach(() => void vi.stubGlobal("fetch", () => Promise.resolve(new Response("{}"))));
  afterEach(async () => {
    // A snippet run by a test inserts its script after the next paint: not into the next test.
    await nextPaint();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is an async script for the website's file", () => {
    const html = genericSnippet({ origin: "https://beckon.example/", websiteId: 1 });
    expect(html).toContain('"https://beckon.example/api/websites/1.js"');
    expect(html).toContain("s.async=true");
  });

  it("defines a queueing stub at once and inserts the script after the page's next paint", async () => {
    delete (window as { beckon?: unknown }).beckon;
    runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 12 }));
    const beckon = (window as unknown as { beckon: Record<string, any> }).beckon;
    beckon.identify({ email: "a@b.se" });
    beckon.trigger(7);
    expect(beckon.q).toEqual([
      ["identify", [{ email: "a@b.se" }]],
      ["trigger", [7]],
    ]);
    expect(document.querySelector('script[src="http://127.0.0.1:3000/api/websites/12.js"]')).toBeNull();
    // The connections open while the page loads: one for the script, one for the API calls (no credentials).
    const preconnects = Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"][href^="http://127.0.0.1:3000"]'),
    );
    expect(preconnects.map((l) => l.getAttribute("crossorigin"))).toEqual([null, "anonymous"]);
    await nextPaint();
    const script = document.querySelector<HTMLScriptElement>('script[src="http://127.0.0.1:3000/api/websites/12.js"]')!;
    expect(script).not.toBeNull();
    expect(script.async).toBe(true);
    for (const m of ["identify", "load", "trigger", "start", "close", "trackPurchase"])
      expect(typeof beckon[m]).toBe("function");
  });

  it("waits for the page to be parsed before it runs the script, and inserts it once", async () => {
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "loading" });
    try {
      runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 13 }));
      await nextPaint();
      await nextPaint();
      expect(document.querySelector('script[src="http://127.0.0.1:3000/api/websites/13.js"]')).toBeNull();
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
    document.dispatchEvent(new Event("DOMContentLoaded"));
    await nextPaint();
    expect(document.querySelectorAll('script[src="http://127.0.0.1:3000/api/websites/13.js"]')).toHaveLength(1);
  });

  it("starts in the task after DOMContentLoaded when the page has painted by then, without waiting for a frame", async () => {
    const src = 'script[src="http://127.0.0.1:3000/api/websites/17.js"]';
    const entries = vi.spyOn(performance, "getEntriesByName");
    entries.mockImplementation((name) =>
      name === "first-contentful-paint" ? [{ name, entryType: "paint", startTime: 1 } as PerformanceEntry] : [],
    );
    const frames = vi.spyOn(window, "requestAnimationFrame");
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "loading" });
    try {
      runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 17 }));
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
    document.dispatchEvent(new Event("DOMContentLoaded"));
    // Not inside the page's DOMContentLoaded handlers: in a task after them.
    expect(document.querySelector(src)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.querySelectorAll(src)).toHaveLength(1);
    expect(frames).not.toHaveBeenCalled();
    entries.mockRestore();
    frames.mockRestore();
    await nextPaint();
    expect(document.querySelectorAll(src)).toHaveLength(1);
  });

  it("reads localStorage once after inserting the script, in a task of its own", async () => {
    delete (window as { beckon?: unknown }).beckon;
    // A website of its own: no earlier test's script with this address is in the document.
    const src = 'script[src="http://127.0.0.1:3000/api/websites/15.js"]';
    expect(document.querySelector(src)).toBeNull();
    // For each read: was the widget script in the page by then?
    const reads: boolean[] = [];
    vi.spyOn(window.localStorage, "getItem").mockImplementation(
      () => (reads.push(!!document.querySelector(src)), null),
    );
    runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 15 }));
    expect(reads).toEqual([]);
    await nextPaint();
    // The script is in, the read is not done yet: it comes in a later task, not in the one that inserted the script.
    expect(document.querySelector(src)).not.toBeNull();
    expect(reads).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve));
    expect(reads).toEqual([true]);
  });

  it("keeps working where localStorage is blocked (the read throws into no one)", async () => {
    delete (window as { beckon?: unknown }).beckon;
    const thrown: unknown[] = [];
    const onError = (e: ErrorEvent) => thrown.push(e.error);
    window.addEventListener("error", onError);
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    try {
      runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 14 }));
      await nextPaint();
      await new Promise((resolve) => setTimeout(resolve));
      expect(document.querySelector('script[src="http://127.0.0.1:3000/api/websites/14.js"]')).not.toBeNull();
      expect(thrown).toEqual([]);
    } finally {
      window.removeEventListener("error", onError);
    }
  });

  it("keeps the queue and methods of an earlier stub or loader", () => {
    const real = () => "real";
    (window as unknown as { beckon: unknown }).beckon = { installed: true, start: real };
    runSnippet(genericSnippet({ origin: "http://127.0.0.1:3000", websiteId: 12 }));
    expect((window as unknown as { beckon: { start: unknown } }).beckon.start).toBe(real);
  });

  it("refuses bad input instead of writing it into HTML", () => {
    expect(() => genericSnippet({ origin: "javascript:alert(1)", websiteId: 1 })).toThrow();
    expect(() => genericSnippet({ origin: "https://x.se", websiteId: 0 })).toThrow();
    expect(genericSnippet({ origin: "https://x.se/</script><b>", websiteId: 1 })).not.toContain("</script><b>");
  });

  describe("a first visit's visitor, created while the widget script downloads", () => {
    const PAGE = "https://shop.example/kampanj?utm_source=news&utm_campaign=vår&x=1";
    type Posted = { url: string; init: RequestInit };
    let posted: Posted[];
    const w = window as unknown as {
      beckon?: { v?: { t: string; p: Promise<Response> }; c?: { s: string; t: number } };
      fetch: unknown;
      happyDOM: { setURL(u: string): void };
    };

    beforeEach(() => {
      delete w.beckon;
      posted = [];
      for (const c of document.cookie.split("; ")) if (c) document.cookie = `${c.split("=")[0]}=; max-age=0; path=/`;
      w.happyDOM.setURL(PAGE);
      vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
        posted.push({ url, init });
        return Promise.resolve(new Response(JSON.stringify({ visitor: personMock(), logged_in: false })));
      });
    });

    it("after the page's next paint, sets the visitor cookie and posts the creation the loader would post, once", async () => {
      runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
      expect(posted).toHaveLength(0);
      await nextPaint();
      // A second copy of the snippet on the page starts nothing more.
      runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
      await nextPaint();
      expect(posted).toHaveLength(1);
      const early = w.beckon!.v!;
      expect(early.t).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(document.cookie).toContain(`${visitorCookieName(12)}=${early.t}`);
      // What it read, with its own write, is handed to the loader's cookie copy.
      const seed = w.beckon!.c!;
      expect(seed.s).toContain(`${visitorCookieName(12)}=${early.t}`);
      expect(Date.now() - seed.t).toBeLessThan(1000);
      expect(posted[0].url).toBe("https://beckon.example/api/websites/12/visitors");
      expect(posted[0].init.method).toBe("POST");
      expect((posted[0].init.headers as Record<string, string>)["Content-Type"]).toBe("text/plain");

      // The loader, creating this visitor itself, would post the same body.
      const fetch = fakeFetch(() => ({ status: 200, body: { visitor: personMock(), logged_in: false } }));
      const deps = {
        websiteId: 12,
        api: createApi("https://beckon.example", 12, fetch),
        store: memoryStore(),
        href: location.href,
        referrer: document.referrer,
        utms: readFlags(location.href, 12).utms,
      };
      await loadVisitor(deps);
      const own = fetch.calls[0].body;
      own.visitor.visitor_token = early.t;
      expect(JSON.parse(posted[0].init.body as string)).toEqual(own);
      expect(own.utms).toEqual({ utm_source: "news", utm_campaign: "vår" });
      expect((await early.p).status).toBe(200);
    });

    it("starts nothing for a known visitor (the cookie is set)", async () => {
      document.cookie = `${visitorCookieName(12)}=known_token_0123456789; path=/`;
      runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
      await nextPaint();
      expect(posted).toHaveLength(0);
      expect(w.beckon!.v).toBeUndefined();
      expect(w.beckon!.c!.s).toBe(`${visitorCookieName(12)}=known_token_0123456789`);
      // Another website's visitor cookie is not this one's.
      delete w.beckon;
      runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 2 }));
      await nextPaint();
      expect(posted).toHaveLength(1);
    });

    it("starts nothing for a crawler, which the loader does not start for either", async () => {
      vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      );
      runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
      await nextPaint();
      expect(posted).toHaveLength(0);
      expect(typeof (w.beckon as Record<string, unknown>).identify).toBe("function");
    });

    describe("with cookieStore, which answers without blocking the page", () => {
      /** A cookieStore whose answer the test releases. */
      function stubCookieStore() {
        let answer!: { resolve(list: { name: string; value: string }[]): void; reject(e: Error): void };
        const getAll = vi.fn(
          () => new Promise<{ name: string; value: string }[]>((resolve, reject) => (answer = { resolve, reject })),
        );
        vi.stubGlobal("cookieStore", { getAll });
        return { getAll, answer: () => answer };
      }
      const cookieRead = () => vi.spyOn(document, "cookie", "get");

      it("decides from cookieStore's answer, and does not read document.cookie", async () => {
        const store = stubCookieStore();
        runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
        await nextPaint();
        expect(store.getAll).toHaveBeenCalledTimes(1);
        expect(posted).toHaveLength(0);
        const reads = cookieRead();
        store.answer().resolve([{ name: "theme", value: "dark" }]);
        await vi.waitFor(() => expect(posted).toHaveLength(1));
        expect(reads).not.toHaveBeenCalled();
        reads.mockRestore();
        const early = w.beckon!.v!;
        expect(document.cookie).toContain(`${visitorCookieName(12)}=${early.t}`);
        expect(w.beckon!.c!.s).toBe(`theme=dark; ${visitorCookieName(12)}=${early.t}`);
      });

      it("asks for the cookies before inserting the script, and reads localStorage once the creation is posted", async () => {
        // A website of its own: no earlier test's script with this address is in the document.
        const src = 'script[src="https://beckon.example/api/websites/18.js"]';
        const store = stubCookieStore();
        const scriptInWhenAsked: boolean[] = [];
        store.getAll.mockImplementationOnce(() => {
          scriptInWhenAsked.push(!!document.querySelector(src));
          return new Promise((resolve) => (answer = resolve));
        });
        let answer!: (list: { name: string; value: string }[]) => void;
        // For each read of localStorage: how many creations were posted by then.
        const reads: number[] = [];
        vi.spyOn(window.localStorage, "getItem").mockImplementation(() => (reads.push(posted.length), null));
        runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 18 }));
        await nextPaint();
        expect(scriptInWhenAsked).toEqual([false]);
        expect(document.querySelector(src)).not.toBeNull();
        await new Promise((resolve) => setTimeout(resolve));
        expect(reads).toEqual([]);
        answer([]);
        await vi.waitFor(() => expect(reads).toEqual([1]));
      });

      it("starts nothing for a known visitor in cookieStore's answer", async () => {
        const store = stubCookieStore();
        runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
        await nextPaint();
        store.answer().resolve([{ name: visitorCookieName(12), value: "known_token_0123456789" }]);
        await vi.waitFor(() => expect(w.beckon!.c).toBeDefined());
        expect(posted).toHaveLength(0);
        expect(w.beckon!.c!.s).toBe(`${visitorCookieName(12)}=known_token_0123456789`);
      });

      it("reads document.cookie when cookieStore fails", async () => {
        const store = stubCookieStore();
        document.cookie = `${visitorCookieName(12)}=known_token_0123456789; path=/`;
        runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
        await nextPaint();
        store.answer().reject(new Error("SecurityError"));
        await vi.waitFor(() => expect(w.beckon!.c).toBeDefined());
        expect(w.beckon!.c!.s).toContain(`${visitorCookieName(12)}=known_token_0123456789`);
        expect(posted).toHaveLength(0);
      });

      it("leaves the visitor to the loader when the loader started before the answer", async () => {
        const store = stubCookieStore();
        runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
        await nextPaint();
        // The loader replaces the stub with the public API (public-api.ts) and may create the visitor itself.
        (window as unknown as { beckon: unknown }).beckon = { installed: true };
        store.answer().resolve([]);
        await new Promise((r) => setTimeout(r));
        expect(posted).toHaveLength(0);
        expect(document.cookie).not.toContain(visitorCookieName(12));
        expect(w.beckon!.c).toBeUndefined();
      });
    });

    it("still installs the stub and the script where the early visitor cannot run", async () => {
      vi.stubGlobal("crypto", undefined);
      runSnippet(genericSnippet({ origin: "https://beckon.example", websiteId: 12 }));
      await nextPaint();
      expect(posted).toHaveLength(0);
      expect(document.querySelector('script[src="https://beckon.example/api/websites/12.js"]')).not.toBeNull();
    });
  });

  it("puts the page's nonce on its own script only when given one", () => {
    expect(genericSnippet({ origin: "https://x.se", websiteId: 1, nonce: "abc123==" })).toContain(
      '<script nonce="abc123==">',
    );
    // The script it inserts carries the running script's nonce.
    expect(genericSnippet({ origin: "https://x.se", websiteId: 1, nonce: "abc123==" })).toContain(
      "if(c&&c.nonce)s.nonce=c.nonce",
    );
    expect(genericSnippet({ origin: "https://x.se", websiteId: 1 })).toContain("<script>\n");
    expect(() => genericSnippet({ origin: "https://x.se", websiteId: 1, nonce: '"><script>' })).toThrow();
  });
});

describe("the documented snippet", () => {
  it("is what genericSnippet writes (docs/embedding.md keeps no stale copy)", () => {
    const doc = readFileSync(path.join(PROJECT_ROOT, "docs/embedding.md"), "utf8");
    const shown = /```html\n([\s\S]*?)\n```/.exec(doc)![1];
    expect(shown).toBe(genericSnippet({ origin: "https://beckon.example.com", websiteId: 12 }));
  });
});
