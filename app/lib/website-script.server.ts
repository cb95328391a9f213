/**
 * The site-specific widget script (SPEC 7): the website's public config, then
 * the loader, in one request. Served as GET /api/websites/{id}.js for any
 * site and, for Shopify storefronts, as /apps/beckon/api/websites/shop.js
 * through the app proxy. Both routes answer with websiteScriptResponse().
 */
import type { PublicWebsiteConfig } from "./schema/public-config";
import { apiError } from "./http.server";
import { etagOf, notModified } from "./etag.server";
import { scriptSafeJson } from "./script-json";
import { widgetAsset } from "./widget-assets.server";
import { COMPILE_HINT } from "../../widget/compile-hint";

/** The compile hint, `window.__beckonConfig=...;` and the loader, or null when the widget has not been built. */
export function websiteScriptBody(config: PublicWebsiteConfig, loaderSource: string | null = widgetAsset("beckon-loader.js")): string | null {
  if (!loaderSource) return null;
  // First line: V8 compiles the loader while it downloads, not on the page's main thread (widget/compile-hint.ts).
  return `${COMPILE_HINT}\nwindow.__beckonConfig=${scriptSafeJson(config)};\n${loaderSource}`;
}

/**
 * The script as an HTTP answer: cached briefly and revalidated by ETag (so
 * publishing shows up within a minute), 304 when unchanged, and a 503 JSON
 * error when the widget bundles are missing.
 */
export function websiteScriptResponse(request: Request, config: PublicWebsiteConfig): Response {
  const body = websiteScriptBody(config);
  if (!body) return apiError(503, "The widget has not been built (npm run build:widget)", null);
  const etag = etagOf(body);
  const headers = {
    "Content-Type": "application/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=60, stale-while-revalidate=600",
    ETag: etag,
  };
  if (notModified(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : body, { headers });
}
