/**
 * Headers a client chooses never reach what others are served: the origin
 * the site script points the widget at comes from configuration when a
 * shared cache may keep the answer (Host and X-Forwarded-Host only ever
 * reach the browser's own cache), and CDN location headers count only
 * behind a trusted proxy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resolveOrigin } from "#app/server/origin.server";
import { siteScriptResponse } from "#app/models/site-script.server";
import { createWebsite } from "#app/models/website.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { websiteSettingsMock } from "#test/support/factories";
import { createScriptCache } from "#app/server/website-script-cache.server";
import { geolocate } from "#app/integrations/geolocation.server";

const at = (url: string) => new Request(url);

describe("resolveOrigin", () => {
  it("always uses BECKON_PUBLIC_URL when it is set", () => {
    const env = { BECKON_PUBLIC_URL: "https://beckon.example.com/", BECKON_ALLOWED_HOSTS: "other.example.com" };
    expect(resolveOrigin(at("http://evil.example/api/websites/1.js"), env)).toEqual({
      origin: "https://beckon.example.com",
      shared: true,
    });
  });

  it("takes a listed host as it came, and the first listed one for any other", () => {
    const env = { BECKON_ALLOWED_HOSTS: "https://beckon.example.com, cdn.example.com:8443" };
    expect(resolveOrigin(at("https://cdn.example.com:8443/x"), env)).toEqual({
      origin: "https://cdn.example.com:8443",
      shared: true,
    });
    expect(resolveOrigin(at("http://beckon.example.com/x"), env)).toEqual({
      origin: "https://beckon.example.com",
      shared: true,
    });
    expect(resolveOrigin(at("https://evil.example/x"), env)).toEqual({
      origin: "https://beckon.example.com",
      shared: true,
    });
    expect(resolveOrigin(at("https://cdn.example.com/x"), env)).toEqual({
      origin: "https://beckon.example.com",
      shared: true,
    });
  });

  it("without configuration, uses the request's origin for the browser's cache only", () => {
    expect(resolveOrigin(at("http://127.0.0.1:3000/x"), {})).toEqual({
      origin: "http://127.0.0.1:3000",
      shared: false,
    });
    expect(resolveOrigin(at("http://evil.example/x"), {})).toEqual({ origin: "http://evil.example", shared: false });
  });
});

describe("the site script's caching", () => {
  let t: TestDatabase;
  let websiteId: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    websiteId = (await createWebsite(t.db, websiteSettingsMock({ name: "Origins" }))).id;
  });
  afterAll(() => t.drop());
  const answer = (url: string, env: Record<string, string>) => {
    const request = at(url);
    return siteScriptResponse(
      t.db,
      request,
      websiteId,
      resolveOrigin(request, env),
      createScriptCache(() => 60_000),
    );
  };

  it("lets shared caches keep only an answer whose origin is configured", async () => {
    const configured = await answer("http://evil.example/api/websites/7.js", {
      BECKON_ALLOWED_HOSTS: "https://beckon.example.com",
    });
    expect(configured.headers.get("cache-control")).toMatch(/^public,/);
    const body = await configured.text();
    expect(body).toContain('"api_origin":"https://beckon.example.com"');
    expect(body).not.toContain("evil.example");

    const fromHeader = await answer("http://evil.example/api/websites/7.js", {});
    expect(fromHeader.headers.get("cache-control")).toMatch(/^private,/);
    expect(fromHeader.headers.get("vary")).toMatch(/\bHost\b/);
  });
});

describe("CDN location headers", () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });
  const withCountry = () =>
    new Request("http://x/api/geolocation", {
      headers: { "CF-IPCountry": "SE", "X-Vercel-IP-Country": "SE", "X-Country-Code": "SE" },
    });

  it("are ignored when they come straight from the client", async () => {
    delete process.env.TRUST_PROXY;
    expect(await geolocate(withCountry(), { ip: "203.0.113.9", databasePath: null })).toBeNull();
  });

  it("count behind a trusted proxy (TRUST_PROXY=1)", async () => {
    process.env.TRUST_PROXY = "1";
    expect(await geolocate(withCountry(), { ip: "203.0.113.9", databasePath: null })).toMatchObject({
      source: "headers",
      location: { countryCode: "SE" },
    });
  });
});
