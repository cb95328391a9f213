/**
 * The site-specific widget script (SPEC 7): the website's public config, then
 * the loader, in one request. Served as GET /api/websites/{id}.js for any
 * site and, for Shopify storefronts, as /apps/beckon/api/websites/shop.js
 * through the app proxy. Both routes answer with siteScriptResponse()
 * (app/models/site-script.server.ts), which builds the script from the
 * database through the cache; this module makes the body and the answer.
 * The same config alone, as JSON, is GET /api/websites/{id}.json: what a
 * headless storefront's server fetches and hands to BeckonProvider.
 */
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import { apiError } from "./http.server";
import type { ResolvedOrigin } from "./origin.server";
import { etagOf, notModified, pickEncoding } from "./etag.server";
import { scriptSafeJson } from "./script-json";
import { rendererFiles, widgetAsset } from "./widget-assets.server";
import { packScript, type BuiltScript } from "./website-script-cache.server";
import { COMPILE_HINT } from "#contract/compile-hint";
import { startsAtPageStart } from "#contract/placement";

/**
 * The compile hint, `window.__beckonConfig=...;`, the renderer's early
 * import when a CTA may show at page start, and the loader; null when the
 * widget has not been built.
 *
 * The early import: the loader would import the renderer only once its own
 * start has run (20 to 70 ms of the main thread at 4x CPU in traces) and it
 * has decided to show the CTA. Started on the script's first line, the
 * renderer and its chunks download (and compile, off the main thread)
 * meanwhile; the loader's import of the same addresses then gets the same
 * modules (one download). A page that then shows nothing (the visitor
 * closed the CTA, a site-wide condition fails) has loaded the renderer for
 * nothing, so only a CTA that starts at page start on every page (no
 * broadcast narrows it to some pages) asks for it.
 */
export function websiteScriptBody(
  config: PublicWebsiteConfig,
  loaderSource: string | null = widgetAsset("beckon-loader.js"),
  renderer: string[] | null = rendererFiles(),
): string | null {
  if (!loaderSource) return null;
  const early =
    renderer && config.ctas.some((c) => c.broadcast_id == null && startsAtPageStart(c))
      ? `${scriptSafeJson(renderer.map((f) => config.asset_base + f))}.forEach(function(u){import(u).catch(function(){})});\n`
      : "";
  // First line: V8 compiles the loader while it downloads, not on the page's main thread (contract/compile-hint.ts).
  return `${COMPILE_HINT}\nwindow.__beckonConfig=${scriptSafeJson(config)};\n${early}${loaderSource}`;
}

/** The config as the JSON answer carries it: the very object the script assigns to window.__beckonConfig. */
export function websiteConfigBody(config: PublicWebsiteConfig): string {
  return JSON.stringify(config);
}

/** The two forms of a website's config, as answered. */
export type SiteFileForm = "script" | "json";

const CONTENT_TYPES: Record<SiteFileForm, string> = {
  script: "application/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** A site script packed for answers; the script it replaces when its body is the same (no compressing again). */
export async function packWebsiteScript(
  body: string | null,
  previous: BuiltScript | null = null,
): Promise<BuiltScript | null> {
  if (!body) return null;
  return previous?.body === body ? previous : packScript(body, etagOf(body));
}

/** The 503 answer while the widget bundles are missing, or null when the loader is there to serve. */
export function widgetNotBuilt(): Response | null {
  return widgetAsset("beckon-loader.js")
    ? null
    : apiError(503, "The widget has not been built (npm run build:widget)", null);
}

/**
 * A website's built script (or its config as JSON) as an HTTP answer,
 * compressed ahead of time; cached briefly by browsers and revalidated by
 * ETag (so publishing shows up within a minute), 304 when unchanged; 404
 * for an unknown website (no script). An origin taken from the request's
 * headers (`shared` false) is kept out of shared caches: a CDN must not hand
 * one client's Host to every visitor. A plain string is a configured origin.
 * The JSON form lets a page's own code read its ETag (a server has no CORS
 * to pass; a browser app revalidating by hand does).
 */
export function websiteScriptAnswer(
  request: Request,
  resolved: string | ResolvedOrigin,
  script: BuiltScript | null,
  form: SiteFileForm = "script",
): Response {
  if (!script) return apiError(404, "Unknown website", "website_id");
  const shared = typeof resolved === "string" || resolved.shared;
  const headers: Record<string, string> = {
    "Content-Type": CONTENT_TYPES[form],
    "Cache-Control": `${shared ? "public" : "private"}, max-age=60, stale-while-revalidate=600`,
    ETag: script.etag,
    Vary: shared ? "Accept-Encoding" : "Accept-Encoding, Host, X-Forwarded-Host",
  };
  if (form === "json") headers["Access-Control-Expose-Headers"] = "ETag";
  if (notModified(request, script.etag)) return new Response(null, { status: 304, headers });
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  const body = encoding ? script[encoding] : Buffer.from(script.body, "utf8");
  if (encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  // A Buffer is a Uint8Array, which Response takes; the DOM typings only disagree about its ArrayBuffer's kind.
  return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { headers });
}
