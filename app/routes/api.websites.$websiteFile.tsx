/**
 * GET /api/websites/{id}.js: the site-specific widget script (SPEC 7): the
 * website's public config followed by the loader, in one request.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, publicApi } from "#app/server/http.server";
import { parseId } from "#app/server/id";
import { resolveOrigin } from "#app/server/origin.server";
import { siteScriptResponse } from "#app/models/site-script.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  publicApi(request, async () => {
    const websiteId = parseId(/^(\d+)\.js$/.exec(params.websiteFile ?? "")?.[1]);
    if (websiteId === null) return apiError(404, "Unknown website script", "website_id");
    return siteScriptResponse(prisma, request, websiteId, resolveOrigin(request));
  }, ["GET", "HEAD"]);

export const action = ({ request }: ActionFunctionArgs) =>
  publicApi(request, async () => apiError(405, "Use GET"), ["GET"]);
