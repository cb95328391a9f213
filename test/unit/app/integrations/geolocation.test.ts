/**
 * Geolocation with a real MaxMind DB file (written by the test writer) read
 * by the real reader, and the CDN header fallback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  countryName,
  DEFAULT_COUNTRY_DATABASE,
  geolocate,
  locationFromHeaders,
  lookupIp,
  openGeoDatabase,
} from "#app/integrations/geolocation.server";
import type { Condition } from "#contract/schema/condition";
import { installTests, test as conditionPasses } from "#widget/core/conditions";
import { moreTests } from "#widget/core/conditions-more";
import { writeTestCityDb } from "#test/fixtures/mmdb/test-city-db";
import { encodeValue } from "#test/fixtures/mmdb/mmdb-writer";

let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "beckon-geo-"));
  file = writeTestCityDb(path.join(dir, "GeoLite2-City-Test.mmdb"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the MaxMind database", () => {
  it("is a valid City database for the reader", async () => {
    const reader = await openGeoDatabase(file);
    expect(reader.metadata).toMatchObject({
      databaseType: "GeoLite2-City",
      ipVersion: 6,
      recordSize: 24,
      binaryFormatMajorVersion: 2,
    });
  });

  it.each([
    [
      "89.160.20.112",
      {
        city: "Stockholm",
        countryCode: "SE",
        country: "Sweden",
        region: "AB",
        regionName: "Stockholm County",
        timezone: "Europe/Stockholm",
        zip: "111 22",
        lat: 59.3294,
        lon: 18.0687,
      },
    ],
    ["81.2.69.160", { city: "Gothenburg", countryCode: "SE", region: "O", timezone: "Europe/Stockholm" }],
    [
      "216.160.83.58",
      {
        city: "Milton",
        countryCode: "US",
        country: "United States",
        region: "WA",
        timezone: "America/Los_Angeles",
        zip: "98354",
      },
    ],
    ["2a02:aa1:1234::1", { city: "Stockholm", countryCode: "SE", zip: null }],
  ])("%s", async (ip, expected) => {
    expect(lookupIp(await openGeoDatabase(file), ip)).toMatchObject(expected);
  });

  it.each(["127.0.0.1", "10.0.0.1", "216.160.83.64", "2001:db8::1", "not-an-ip"])("%s is unknown", async (ip) => {
    expect(lookupIp(await openGeoDatabase(file), ip)).toBeNull();
  });

  it("encodes values as the format spells them", () => {
    expect([...encodeValue("SE")]).toEqual([0x42, 0x53, 0x45]); // utf8 string, size 2
    expect([...encodeValue(true)]).toEqual([0x01, 0x07]); // extended type 14 (boolean), value 1
    expect([...encodeValue(300)]).toEqual([0xa2, 0x01, 0x2c]); // uint16, 2 bytes
    expect([...encodeValue({ a: 1 })].slice(0, 1)).toEqual([0xe1]); // map of one pair
  });
});

describe("geolocate", () => {
  const request = (headers: Record<string, string> = {}) => new Request("http://x/api/geolocation", { headers });

  it("uses the database for the caller's IP", async () => {
    expect(await geolocate(request(), { ip: "89.160.20.112", databasePath: file })).toMatchObject({
      source: "database",
      location: { city: "Stockholm" },
    });
  });

  it("falls back to CDN headers (from a trusted proxy) when the IP is unknown or there is no database", async () => {
    const headers = { "CF-IPCountry": "SE", "cf-ipcity": "Malm%C3%B6" };
    expect(await geolocate(request(headers), { ip: "10.0.0.1", databasePath: file, trustHeaders: true })).toMatchObject(
      { source: "headers", location: { countryCode: "SE", country: "Sweden", city: "Malmö" } },
    );
    expect(await geolocate(request(headers), { ip: null, databasePath: null, trustHeaders: true })).toMatchObject({
      source: "headers",
    });
    expect(await geolocate(request(), { ip: "10.0.0.1", databasePath: file })).toBeNull();
  });

  it("survives a missing or corrupt database file", async () => {
    const broken = path.join(dir, "broken.mmdb");
    writeFileSync(broken, "not a database");
    expect(
      await geolocate(request({ "X-Country-Code": "se" }), {
        ip: "89.160.20.112",
        databasePath: broken,
        trustHeaders: true,
      }),
    ).toMatchObject({ source: "headers", location: { countryCode: "SE" } });
    expect(
      await geolocate(request(), {
        ip: "89.160.20.112",
        databasePath: path.join(dir, "missing.mmdb"),
        countryDatabasePath: null,
      }),
    ).toBeNull();
  });
});

describe("the embedded country database (no GEOIP_DATABASE)", () => {
  const request = (headers: Record<string, string> = {}) => new Request("http://x/api/geolocation", { headers });
  // Google's public resolver: in a block registered to a US network for decades.
  const known = "8.8.8.8";

  it("is the package's IP-to-country database", async () => {
    const reader = await openGeoDatabase(DEFAULT_COUNTRY_DATABASE);
    expect(reader.metadata.databaseType).toMatch(/country/);
    expect(reader.get(known)).toEqual({ country_code: "US" });
  });

  it("locates a public address by country with nothing configured", async () => {
    expect(await geolocate(request(), { ip: known, databasePath: null })).toEqual({
      source: "country-database",
      location: {
        lat: null,
        lon: null,
        city: null,
        regionName: null,
        region: null,
        country: "United States",
        countryCode: "US",
        timezone: null,
        zip: null,
      },
    });
    expect(await geolocate(request(), { ip: "10.0.0.1", databasePath: null })).toBeNull();
    expect(await geolocate(request(), { ip: known, databasePath: null, countryDatabasePath: null })).toBeNull();
  });

  it("comes after the city database and the CDN headers, which know more", async () => {
    expect(await geolocate(request(), { ip: "89.160.20.112", databasePath: file })).toMatchObject({
      source: "database",
      location: { city: "Stockholm" },
    });
    expect(
      await geolocate(request({ "CF-IPCountry": "NO" }), { ip: known, databasePath: null, trustHeaders: true }),
    ).toMatchObject({ source: "headers", location: { countryCode: "NO" } });
  });

  it("makes a country condition pass for the address", async () => {
    installTests(moreTests);
    const found = await geolocate(request(), { ip: known, databasePath: null });
    const country = (value: string) =>
      ({ position: 0, operator: "and", condition_type: "country", country: value, data: {} }) as Condition;
    const ctx = {
      url: "https://example.test/",
      doc: {} as never,
      person: null,
      local: { location: { ...found!.location } },
    };
    expect(conditionPasses(country("US"), ctx)).toBe(true);
    expect(conditionPasses(country("United States"), ctx)).toBe(true);
    expect(conditionPasses(country("SE"), ctx)).toBe(false);
  });
});

describe("locationFromHeaders", () => {
  it.each([
    [
      {
        "CloudFront-Viewer-Country": "SE",
        "CloudFront-Viewer-City": "Uppsala",
        "CloudFront-Viewer-Latitude": "59.86",
        "CloudFront-Viewer-Longitude": "17.64",
        "CloudFront-Viewer-Time-Zone": "Europe/Stockholm",
        "CloudFront-Viewer-Country-Region": "C",
        "CloudFront-Viewer-Postal-Code": "753 10",
      },
      {
        countryCode: "SE",
        city: "Uppsala",
        lat: 59.86,
        lon: 17.64,
        timezone: "Europe/Stockholm",
        region: "C",
        zip: "753 10",
      },
    ],
    [
      { "X-Vercel-IP-Country": "US", "X-Vercel-IP-City": "San%20Francisco", "X-Vercel-IP-Country-Region": "CA" },
      { countryCode: "US", city: "San Francisco", region: "CA", country: "United States" },
    ],
    [
      {
        "oxygen-buyer-country": "SE",
        "oxygen-buyer-city": "Lund",
        "oxygen-buyer-region": "Skåne County",
        "oxygen-buyer-region-code": "M",
      },
      { countryCode: "SE", city: "Lund", regionName: "Skåne County", region: "M" },
    ],
    [{ "CF-IPCountry": "XX" }, null],
    [{ "CF-IPCountry": "T1" }, null],
    [{ "CF-IPCountry": "<script>" }, null],
    [{}, null],
  ])("%j", (headers, expected) => {
    const got = locationFromHeaders(new Headers(headers as Record<string, string>));
    if (expected === null) expect(got).toBeNull();
    else expect(got).toMatchObject(expected);
  });

  it("names countries in English", () => {
    expect(countryName("se")).toBe("Sweden");
    expect(countryName("ZZ")).toBeNull();
  });
});
