import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  createScriptCache,
  packScript,
  SCRIPT_STALE_MS,
  scriptCacheTtl,
  type BuiltScript,
} from "#app/server/website-script-cache.server";
import { pickEncoding } from "#app/server/etag.server";
import { captureLogs } from "#app/server/logger.server";
import { packWebsiteScript, websiteScriptAnswer, websiteScriptBody } from "#app/server/website-script.server";
import { parseRendererFiles } from "#app/server/widget-assets.server";
import type { PublicCtaSummary, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { CtaDocument } from "#contract/schema/cta";
import { configMock, ctaMock, summaryOf, websiteSettingsMock } from "#test/support/factories";

const script = (body: string): BuiltScript => ({ body, etag: `"${body}"`, gzip: Buffer.alloc(0), br: Buffer.alloc(0) });

/** A build the test finishes by hand, counting how often it was started. */
function manualBuild() {
  const started: ((s: BuiltScript | null) => void)[] = [];
  return {
    started,
    build: () => new Promise<BuiltScript | null>((resolve) => started.push(resolve)),
  };
}

describe("the cache of built site scripts", () => {
  it("builds once and answers from memory while fresh", async () => {
    let clock = 0;
    const cache = createScriptCache(
      () => 2000,
      () => clock,
    );
    let builds = 0;
    const build = async () => script(`v${++builds}`);
    expect((await cache.get("1 http://a", build))!.body).toBe("v1");
    clock = 1999;
    expect((await cache.get("1 http://a", build))!.body).toBe("v1");
    // Another origin is another script (the config names its API origin).
    expect((await cache.get("1 http://b", build))!.body).toBe("v2");
    expect(builds).toBe(2);
  });

  it("answers a stale script at once while one build replaces it, and waits for a build past a minute", async () => {
    let clock = 0;
    const cache = createScriptCache(
      () => 2000,
      () => clock,
    );
    await cache.get("k", async () => script("v1"));
    clock = 2000;
    const m = manualBuild();
    expect((await cache.get("k", m.build))!.body).toBe("v1");
    expect((await cache.get("k", m.build))!.body).toBe("v1");
    expect(m.started).toHaveLength(1);
    m.started[0](script("v2"));
    await new Promise((r) => setImmediate(r));
    expect((await cache.get("k", m.build))!.body).toBe("v2");

    // A failed background build keeps the stale copy in use.
    clock = 4000;
    const logged = captureLogs();
    try {
      expect((await cache.get("k", () => Promise.reject(new Error("db down"))))!.body).toBe("v2");
      await new Promise((r) => setImmediate(r));
    } finally {
      logged.stop();
    }
    expect(logged.lines).toMatchObject([{ level: 50, msg: "site script build failed", err: { message: "db down" } }]);
    expect((await cache.get("k", async () => script("v3")))!.body).toBe("v2");
    await new Promise((r) => setImmediate(r));

    clock = 4000 + SCRIPT_STALE_MS + 1;
    const late = manualBuild();
    const waiting = cache.get("k", late.build);
    let answered = false;
    void waiting.then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    late.started[0](script("v4"));
    expect((await waiting)!.body).toBe("v4");
  });

  it("hands a background build the script it replaces, and a first build nothing", async () => {
    let clock = 0;
    const cache = createScriptCache(
      () => 1000,
      () => clock,
    );
    const seen: (BuiltScript | null)[] = [];
    const v1 = script("v1");
    await cache.get("k", async (previous) => (seen.push(previous), v1));
    clock = 1500;
    await cache.get("k", async (previous) => (seen.push(previous), script("v2")));
    expect(seen).toEqual([null, v1]);
    expect(seen[1]).toBe(v1);
  });

  it("starts one build for concurrent requests of a key", async () => {
    const cache = createScriptCache(() => 2000);
    const m = manualBuild();
    const answers = Promise.all([1, 2, 3].map(() => cache.get("k", m.build)));
    await Promise.resolve();
    expect(m.started).toHaveLength(1);
    m.started[0](script("once"));
    expect((await answers).map((s) => s!.body)).toEqual(["once", "once", "once"]);
  });

  it("forgets everything on invalidate, and does not keep a build a write overtook", async () => {
    const cache = createScriptCache(() => 60_000);
    await cache.get("k", async () => script("old"));
    cache.invalidate();
    expect(cache.size).toBe(0);
    const m = manualBuild();
    const during = cache.get("k", m.build);
    cache.invalidate(); // a write lands while the build reads
    m.started[0](script("maybe stale"));
    expect((await during)!.body).toBe("maybe stale");
    expect(cache.size).toBe(0);
    expect((await cache.get("k", async () => script("fresh")))!.body).toBe("fresh");
    expect(cache.size).toBe(1);
  });

  it("remembers neither an unknown website (null) nor a failed build", async () => {
    const cache = createScriptCache(() => 60_000);
    expect(await cache.get("k", async () => null)).toBeNull();
    await expect(cache.get("k", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(cache.size).toBe(0);
    expect((await cache.get("k", async () => script("ok")))!.body).toBe("ok");
  });

  it("builds every time when the time to live is 0", async () => {
    const cache = createScriptCache(() => 0);
    let builds = 0;
    for (let i = 0; i < 3; i++) await cache.get("k", async () => script(String(++builds)));
    expect(builds).toBe(3);
    expect(cache.size).toBe(0);
  });

  it("holds at most 1000 scripts, dropping the oldest", async () => {
    const cache = createScriptCache(() => 60_000);
    const s = script("x");
    for (let i = 0; i <= 1000; i++) await cache.get(`k${i}`, async () => s);
    expect(cache.size).toBe(1000);
    let rebuilt = false;
    await cache.get("k0", async () => ((rebuilt = true), s));
    expect(rebuilt).toBe(true);
  });

  it("reads its time to live from BECKON_SCRIPT_CACHE_MS, refusing nonsense", () => {
    expect(scriptCacheTtl({})).toBe(10_000);
    expect(scriptCacheTtl({ BECKON_SCRIPT_CACHE_MS: "0" })).toBe(0);
    expect(scriptCacheTtl({ BECKON_SCRIPT_CACHE_MS: "15000" })).toBe(15000);
    for (const bad of ["-1", "1e9", "abc", "1.5", "60001", " "])
      expect(scriptCacheTtl({ BECKON_SCRIPT_CACHE_MS: bad }), bad).toBe(10_000);
  });

  it("packs the body compressed both ways", async () => {
    const body = "window.__beckonConfig={};\n".repeat(200) + "å";
    const s = await packScript(body, '"e"');
    expect(gunzipSync(s.gzip).toString("utf8")).toBe(body);
    expect(brotliDecompressSync(s.br).toString("utf8")).toBe(body);
    expect(s.br.length).toBeLessThan(body.length / 10);
  });
});

describe("the encoding of a site script's answer", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["BR", "br"],
    ["*", "gzip"],
    ["identity", null],
    ["gzip;q=0", null],
    ["", null],
    [null, null],
    [",,;;q=;=,", null],
    ["x".repeat(100_000), null],
  ])("Accept-Encoding %j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe("a site script's body", () => {
  const LOADER = "/*loader*/(function(){})();";
  const FILES = ["beckon-chunk-AB12CD34.js", "beckon-renderer.js?v=0123456789"];
  /** A popup's summary as the config carries it: shown at once, on every page, unless `over` says otherwise. */
  const summary = (over: Partial<CtaDocument> = {}) =>
    summaryOf(
      ctaMock({
        cta_type: "overlay",
        inline_type: null,
        overlay_type: "boxed",
        options: { trigger: "immediate" },
        ...over,
      }),
    );
  const site = (ctas: PublicCtaSummary[], asset_base = "https://beckon.example/widget/") =>
    configMock({ asset_base, ctas });
  /** The addresses the body imports before the loader runs (the line between the config and the loader). */
  const early = (body: string) => {
    const [hint, config, ...rest] = body.split("\n");
    expect(hint).toBe("//# allFunctionsCalledOnLoad");
    expect(config.startsWith("window.__beckonConfig=")).toBe(true);
    expect(rest.at(-1)).toBe(LOADER);
    if (rest.length === 1) return null;
    expect(rest).toHaveLength(2);
    const m = /^(\[.*\])\.forEach\(function\(u\)\{import\(u\)\.catch\(function\(\)\{\}\)\}\);$/.exec(rest[0]);
    expect(m, rest[0]).not.toBeNull();
    return JSON.parse(m![1]) as string[];
  };

  it("starts importing the renderer and its chunks, in the loader's order, when a CTA shows at page start on every page", () => {
    expect(early(websiteScriptBody(site([summary({})]), LOADER, FILES)!)).toEqual([
      "https://beckon.example/widget/beckon-chunk-AB12CD34.js",
      "https://beckon.example/widget/beckon-renderer.js?v=0123456789",
    ]);
    // A teaser shown at once counts: the renderer draws it.
    expect(
      early(
        websiteScriptBody(
          site([summary({ cta_type: "two-tap", options: { "teaser-trigger": "immediate" } })]),
          LOADER,
          FILES,
        )!,
      ),
    ).toHaveLength(2);
  });

  it("imports nothing early for a CTA that waits, one placed in the page, one only some pages target, or no CTA", () => {
    for (const ctas of [
      [summary({ options: { trigger: "delayed", delay: 3 } })],
      [summary({ options: { trigger: "exit" } })],
      [summary({ cta_type: "inline", inline_type: "embed", overlay_type: null })],
      [summary({ broadcast_id: 4 })],
      [],
    ]) {
      expect(early(websiteScriptBody(site(ctas), LOADER, FILES)!), JSON.stringify(ctas)).toBeNull();
    }
  });

  it("imports nothing early without the build's manifest, and is null without a loader", () => {
    expect(early(websiteScriptBody(site([summary({})]), LOADER, null)!)).toBeNull();
    expect(websiteScriptBody(site([summary({})]), null, FILES)).toBeNull();
  });

  it("keeps a hostile asset base inside its string: no closing tag, no code", () => {
    const body = websiteScriptBody(
      site([summary({})], 'https://x.example/"]);alert(1);//</script><script>'),
      LOADER,
      FILES,
    )!;
    expect(body).not.toContain("</script>");
    expect(early(body)![0]).toBe('https://x.example/"]);alert(1);//</script><script>beckon-chunk-AB12CD34.js');
  });

  it("reads the renderer's files from the build's manifest, refusing anything but plain file names", () => {
    expect(parseRendererFiles(JSON.stringify({ renderer: FILES }))).toEqual(FILES);
    for (const bad of [
      null,
      "",
      "{",
      "null",
      "[]",
      JSON.stringify({}),
      JSON.stringify({ renderer: [] }),
      JSON.stringify({ renderer: "beckon-renderer.js" }),
      JSON.stringify({ renderer: ["beckon-renderer.js", 7] }),
      JSON.stringify({ renderer: ["../secret.js"] }),
      JSON.stringify({ renderer: ["https://evil.example/x.js"] }),
      JSON.stringify({ renderer: ['x.js");alert(1);//'] }),
      JSON.stringify({ renderer: ["beckon-renderer.js?v=1&x=<script>"] }),
    ]) {
      expect(parseRendererFiles(bad), String(bad)).toBeNull();
    }
  });
});

describe("a site script's answer", () => {
  const config = {
    website_id: 7,
    api_origin: "http://a",
    asset_base: "http://a/widget/",
    ctas: [],
  } as unknown as PublicWebsiteConfig;
  // Built through a cache as app/models/site-script.server.ts builds it, from this config instead of a database.
  const answer = async (headers: Record<string, string>, method = "GET", cache = createScriptCache(() => 60_000)) =>
    websiteScriptAnswer(
      new Request("http://a/api/websites/7.js", { method, headers }),
      "http://a",
      await cache.get("7 http://a", async (previous) => packWebsiteScript(websiteScriptBody(config), previous)),
    );

  it("sends the compressed body the request accepts, with its length, ETag and Vary", async () => {
    for (const [accept, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
      ["identity", (b: Buffer) => b],
    ] as const) {
      const res = await answer({ "Accept-Encoding": accept });
      expect(res.status).toBe(200);
      const raw = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("content-length")).toBe(String(raw.length));
      expect(res.headers.get("content-encoding")).toBe(accept === "identity" ? null : accept);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
      const text = decode(raw).toString("utf8");
      expect(text).toContain('window.__beckonConfig={"website_id":7');
    }
  });

  it("answers 304 to a request that has it, and no body to HEAD", async () => {
    const cache = createScriptCache(() => 60_000);
    const etag = (await answer({}, "GET", cache)).headers.get("etag")!;
    expect((await answer({ "If-None-Match": `W/"nope", ${etag}` }, "GET", cache)).status).toBe(304);
    const head = await answer({ "Accept-Encoding": "gzip" }, "HEAD", cache);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("keeps the compressed forms of a script whose body is unchanged, and packs a changed one anew", async () => {
    const packed = (await packWebsiteScript("window.x=1;"))!;
    expect(await packWebsiteScript("window.x=1;", packed)).toBe(packed);
    const changed = (await packWebsiteScript("window.x=2;", packed))!;
    expect(changed.etag).not.toBe(packed.etag);
    expect(gunzipSync(changed.gzip).toString("utf8")).toBe("window.x=2;");
    expect(await packWebsiteScript(null, packed)).toBeNull();
  });

  it("answers 404 for an unknown website", async () => {
    const res = websiteScriptAnswer(new Request("http://a/api/websites/8.js"), "http://a", null);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { field: "website_id", message: "Unknown website" } });
  });
});

describe("publishing a change empties the cache once it is committed", () => {
  it("after a model's write to what sites show, not after a read, a write elsewhere or a rolled-back change", async () => {
    const { createTestDatabase } = await import("#test/support/test-database");
    const { websiteScripts } = await import("#app/server/website-script-cache.server");
    const { createWebsite, updateWebsiteSettings } = await import("#app/models/website.server");
    const { saveSiteConditions } = await import("#app/models/broadcast.server");
    const { inTransaction } = await import("#app/models/model-kit.server");
    const t = await createTestDatabase();
    try {
      const website = await createWebsite(t.db, websiteSettingsMock({ name: "Cache" }));
      const fill = () => websiteScripts.get(`test ${Math.random()}`, async () => script("x"));
      await fill();
      await t.db.website.findUnique({ where: { id: website.id } });
      await t.db.person.create({
        data: { websiteId: website.id, visitorToken: "cache_token_0123456789", extra: {}, data: {} },
      });
      expect(websiteScripts.size).toBeGreaterThan(0);
      await updateWebsiteSettings(t.db, website.id, { name: "Renamed" });
      expect(websiteScripts.size).toBe(0);

      // Inside a transaction: only once it has committed.
      await fill();
      await inTransaction(t.db, async (tx) => {
        await saveSiteConditions(tx, website.id, []);
        await updateWebsiteSettings(tx, website.id, { name: "Twice in one transaction" });
        expect(websiteScripts.size).toBeGreaterThan(0);
      });
      expect(websiteScripts.size).toBe(0);

      // A change that rolls back publishes nothing.
      await fill();
      await expect(
        inTransaction(t.db, async (tx) => {
          await updateWebsiteSettings(tx, website.id, { name: "Never committed" });
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(websiteScripts.size).toBeGreaterThan(0);
      expect((await t.db.website.findUniqueOrThrow({ where: { id: website.id } })).name).toBe(
        "Twice in one transaction",
      );
    } finally {
      await t.drop();
    }
  });
});
