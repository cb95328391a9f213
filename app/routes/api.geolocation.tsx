/**
 * GET /api/geolocation (SPEC 7 geolocation service): the caller's location
 * as { lat, lon, city, regionName, region, country, countryCode, timezone,
 * zip }, from the local MaxMind database by IP, else from CDN headers, else
 * by country from the embedded country database.
 * Unknown locations answer status "fail" with null fields, so the widget
 * marks the enrichment failed and carries on (SPEC 8).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, publicApi } from "#app/server/http.server";
import { geolocate } from "#app/integrations/geolocation.server";
import { clientIp } from "#app/server/client-address.server";

const EMPTY = {
  lat: null,
  lon: null,
  city: null,
  regionName: null,
  region: null,
  country: null,
  countryCode: null,
  timezone: null,
  zip: null,
};

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicApi(request, async () => {
    const found = await geolocate(request, { ip: clientIp(request, context) });
    // Location depends on who asks: never cache it in a shared cache.
    const headers = { "Cache-Control": "private, no-store", Vary: "*" };
    if (!found) return apiJson({ status: "fail", message: "Location unknown", ...EMPTY }, { headers });
    return apiJson({ status: "success", source: found.source, ...found.location }, { headers });
  }, ["GET"]);

/** Preflight and wrong methods. */
export const action = ({ request }: ActionFunctionArgs) => publicApi(request, async () => apiJson({}), ["GET"]);
