/**
 * GET /api/websites/{id}.js: the site-specific widget script (SPEC 7): the
 * website's public config followed by the loader, in one request.
 * GET /api/websites/{id}.json: that config alone, the same object, for a
 * headless storefront's server to fetch and pass to BeckonProvider (no
 * script tag, no request from the browser). Both cached and revalidated
 * alike.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, publicApi } from "#app/server/http.server";
import { parseId } from "#app/server/id";
import { resolveOrigin } from "#app/server/origin.server";
import { siteConfigResponse, siteScriptResponse } from "#app/models/site-script.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  publicApi(request, async () => {
    const match = /^(\d+)\.(js|json)$/.exec(params.websiteFile ?? "");
    const websiteId = parseId(match?.[1]);
    if (!match || websiteId === null) return apiError(404, "Unknown website script", "website_id");
    const answer = match[2] === "js" ? siteScriptResponse : siteConfigResponse;
    return answer(prisma, request, websiteId, resolveOrigin(request));
  }, ["GET", "HEAD"]);

export const action = ({ request }: ActionFunctionArgs) =>
  publicApi(request, async () => apiError(405, "Use GET"), ["GET"]);
