/**
 * GET /api/websites/{id}.js: the site-specific widget script (SPEC 7): the
 * website's public config followed by the loader, in one request. Cached
 * briefly and revalidated by ETag, so publishing shows up within a minute.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { apiError, publicApi } from "~/lib/http.server";
import { etagOf, notModified } from "~/lib/etag.server";
import { publicOrigin } from "~/lib/origin.server";
import { widgetAsset } from "~/lib/widget-assets.server";
import { buildPublicConfig } from "~/models/public-config.server";
import { scriptSafeJson } from "~/lib/script-json";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  publicApi(
    request,
    async () => {
      const match = /^([1-9]\d{0,9})\.js$/.exec(params.websiteFile ?? "");
      if (!match) return apiError(404, "Unknown website script", "website_id");
      const config = await buildPublicConfig(prisma, Number(match[1]), publicOrigin(request));
      if (!config) return apiError(404, "Unknown website", "website_id");
      const loaderSource = widgetAsset("beckon-loader.js");
      if (!loaderSource) return apiError(503, "The widget has not been built (npm run build:widget)", null);
      const body = `window.__beckonConfig=${scriptSafeJson(config)};\n${loaderSource}`;
      const etag = etagOf(body);
      const headers = {
        "Content-Type": "application/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=60, stale-while-revalidate=600",
        ETag: etag,
      };
      if (notModified(request, etag)) return new Response(null, { status: 304, headers });
      return new Response(body, { headers });
    },
    ["GET", "HEAD"],
  );

export const action = ({ request }: ActionFunctionArgs) => publicApi(request, async () => apiError(405, "Use GET"), ["GET"]);
