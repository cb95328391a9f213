/**
 * GET /api/cta/{id}.json and /api/cta/{id}.js: a published CTA's definition
 * (SPEC 7). The .js form calls window.beckon.define(cta) for script-tag
 * loading; the widget itself fetches the JSON form. Drafts and archived
 * CTAs are not public.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, publicApi } from "#app/server/http.server";
import { parseId } from "#app/server/id";
import { etagOf, notModified } from "#app/server/etag.server";
import { loadCtaDocument } from "#app/models/cta.server";
import { scriptSafeJson } from "#app/server/script-json";
import { withoutPrizeCodes } from "#contract/schema/prize-game";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  publicApi(request, async () => {
    const match = /^(\d+)\.(js|json)$/.exec(params.ctaFile ?? "");
    const ctaId = parseId(match?.[1]);
    if (!match || ctaId === null) return apiError(404, "Unknown CTA", "cta_id");
    const cta = await loadCtaDocument(prisma, null, ctaId);
    if (!cta || cta.status !== "published") return apiError(404, "Unknown CTA", "cta_id");
    // Prize codes stay on the server: the draw hands out the one a visitor wins.
    const json = scriptSafeJson({ cta: withoutPrizeCodes(cta) });
    const body = match[2] === "js" ? `window.beckon&&window.beckon.define&&window.beckon.define(${json}.cta);\n` : json;
    const etag = etagOf(body);
    const headers = {
      "Content-Type": match[2] === "js" ? "application/javascript; charset=utf-8" : "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=60, stale-while-revalidate=600",
      ETag: etag,
    };
    if (notModified(request, etag)) return new Response(null, { status: 304, headers });
    return new Response(body, { headers });
  }, ["GET", "HEAD"]);

export const action = ({ request }: ActionFunctionArgs) =>
  publicApi(request, async () => apiError(405, "Use GET"), ["GET"]);
