/**
 * GET /api/websites/{id}.json over HTTP against the real server: the config
 * the site script carries, as JSON, for a headless storefront's server to
 * fetch in its loader. The same object as the script's, the same caching
 * (ETag, 304, Cache-Control), readable cross-origin; unknown and malformed
 * ids answer 404 with a JSON error, never a 500.
 */
import { describe, expect, it } from "vitest";
import { server, store, sv, withPublicApiServer } from "./public-api-harness";

withPublicApiServer();

const configInScript = async (websiteId: number) => {
  const body = await (await fetch(`${server.origin}/api/websites/${websiteId}.js`)).text();
  return JSON.parse(/^window\.__beckonConfig=(.*);$/m.exec(body)![1]);
};

describe("the website config as JSON", () => {
  it("is the object the site script carries, for each website", async () => {
    for (const websiteId of [sv, store]) {
      const r = await fetch(`${server.origin}/api/websites/${websiteId}.json`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const config = await r.json();
      expect(config.website_id).toBe(websiteId);
      expect(config.ctas.length).toBeGreaterThan(0);
      expect(config).toEqual(await configInScript(websiteId));
    }
  });

  it("is cached as the script is: Cache-Control, ETag, 304 on If-None-Match, HEAD without a body", async () => {
    const r = await fetch(`${server.origin}/api/websites/${sv}.json`);
    // The test server takes its origin from the request: kept out of shared caches, as the script is.
    expect(r.headers.get("cache-control")).toBe("private, max-age=60, stale-while-revalidate=600");
    expect(r.headers.get("vary")).toMatch(/Accept-Encoding/);
    const etag = r.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const script = await fetch(`${server.origin}/api/websites/${sv}.js`);
    expect(script.headers.get("etag")).not.toBe(etag);
    expect(script.headers.get("cache-control")).toBe(r.headers.get("cache-control"));

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await fetch(`${server.origin}/api/websites/${sv}.json`, {
        headers: { "If-None-Match": ifNoneMatch },
      });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
    }
    const stale = await fetch(`${server.origin}/api/websites/${sv}.json`, { headers: { "If-None-Match": '"old"' } });
    expect(stale.status).toBe(200);
    expect((await stale.json()).website_id).toBe(sv);

    const head = await fetch(`${server.origin}/api/websites/${sv}.json`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(await head.text()).toBe("");
  });

  it("can be read from another origin: CORS, preflight, the ETag exposed", async () => {
    const r = await fetch(`${server.origin}/api/websites/${sv}.json`, {
      headers: { Origin: "https://headless.example" },
    });
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-expose-headers")).toBe("ETag");
    const preflight = await fetch(`${server.origin}/api/websites/${sv}.json`, {
      method: "OPTIONS",
      headers: { Origin: "https://headless.example", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/GET/);
  });

  it("answers unknown, malformed, oversized and hostile ids with a 404 JSON error", async () => {
    const files = [
      "999999.json",
      "2147483648.json",
      "0.json",
      "01.json",
      "-1.json",
      "1e3.json",
      "abc.json",
      `${"9".repeat(5000)}.json`,
      `${sv}.json.json`,
      `${sv}.JSON`,
      `${sv}.jsonx`,
      `${sv}%00.json`,
      `${sv}.json%00`,
      "%3Cscript%3E.json",
      "__proto__.json",
      ".json",
    ];
    for (const file of files) {
      const r = await fetch(`${server.origin}/api/websites/${file}`);
      expect(r.status, file).toBe(404);
      expect(r.headers.get("cache-control"), file).toBe("no-store");
      const body = await r.json();
      expect(body.error.field, file).toBe("website_id");
      expect(JSON.stringify(body), file).not.toMatch(/<script>|stack/i);
    }
  });

  it("takes only GET and HEAD", async () => {
    const r = await fetch(`${server.origin}/api/websites/${sv}.json`, { method: "POST", body: "{}" });
    expect(r.status).toBe(405);
    expect((await r.json()).error.message).toMatch(/GET/);
  });
});
