/**
 * A website's script as its visitors load it (GET /api/websites/{id}.js,
 * and /apps/beckon/api/websites/shop.js through Shopify's app proxy): the
 * public config built from the database, then the loader, kept built in
 * this process's cache of site scripts until a published change empties it
 * (site-publication.server.ts) or it goes stale
 * (app/server/website-script-cache.server.ts says how fresh). The same
 * config alone is GET /api/websites/{id}.json (siteConfigResponse), built
 * by the same function and kept in the same cache, so it changes, and is
 * invalidated, exactly when the script does.
 */
import type { Db } from "#app/db.server";
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import type { ResolvedOrigin } from "#app/server/origin.server";
import { websiteScripts, type ScriptCache } from "#app/server/website-script-cache.server";
import {
  packWebsiteScript,
  websiteConfigBody,
  websiteScriptAnswer,
  websiteScriptBody,
  widgetNotBuilt,
  type SiteFileForm,
} from "#app/server/website-script.server";
import { buildPublicConfig } from "./public-config.server";

/** The site script's answer: 503 while the widget is not built, 404 for an unknown website, else the script. */
export async function siteScriptResponse(
  db: Db,
  request: Request,
  websiteId: number,
  resolved: string | ResolvedOrigin,
  cache: ScriptCache = websiteScripts,
): Promise<Response> {
  return widgetNotBuilt() ?? siteFileResponse(db, request, websiteId, resolved, "script", cache);
}

/**
 * The config the site script carries, as JSON: 404 for an unknown website,
 * else the config. It needs no loader, so it answers while the widget is not
 * built (a headless app may bring its own renderer).
 */
export function siteConfigResponse(
  db: Db,
  request: Request,
  websiteId: number,
  resolved: string | ResolvedOrigin,
  cache: ScriptCache = websiteScripts,
): Promise<Response> {
  return siteFileResponse(db, request, websiteId, resolved, "json", cache);
}

const BODIES: Record<SiteFileForm, (config: PublicWebsiteConfig) => string | null> = {
  script: (config) => websiteScriptBody(config),
  json: websiteConfigBody,
};

async function siteFileResponse(
  db: Db,
  request: Request,
  websiteId: number,
  resolved: string | ResolvedOrigin,
  form: SiteFileForm,
  cache: ScriptCache,
): Promise<Response> {
  const origin = typeof resolved === "string" ? resolved : resolved.origin;
  const key = form === "script" ? `${websiteId} ${origin}` : `${websiteId} ${origin} ${form}`;
  const built = await cache.get(key, async (previous) => {
    const config = await buildPublicConfig(db, websiteId, origin);
    return config && packWebsiteScript(BODIES[form](config), previous);
  });
  return websiteScriptAnswer(request, resolved, built, form);
}
