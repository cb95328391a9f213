/**
 * A website's script as its visitors load it (GET /api/websites/{id}.js,
 * and /apps/beckon/api/websites/shop.js through Shopify's app proxy): the
 * public config built from the database, then the loader, kept built in
 * this process's cache of site scripts until a published change empties it
 * (site-publication.server.ts) or it goes stale
 * (app/server/website-script-cache.server.ts says how fresh).
 */
import type { Db } from "#app/db.server";
import type { ResolvedOrigin } from "#app/server/origin.server";
import { websiteScripts, type ScriptCache } from "#app/server/website-script-cache.server";
import {
  packWebsiteScript,
  websiteScriptAnswer,
  websiteScriptBody,
  widgetNotBuilt,
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
  const notBuilt = widgetNotBuilt();
  if (notBuilt) return notBuilt;
  const origin = typeof resolved === "string" ? resolved : resolved.origin;
  const script = await cache.get(`${websiteId} ${origin}`, async (previous) => {
    const config = await buildPublicConfig(db, websiteId, origin);
    return config && packWebsiteScript(websiteScriptBody(config), previous);
  });
  return websiteScriptAnswer(request, resolved, script);
}
