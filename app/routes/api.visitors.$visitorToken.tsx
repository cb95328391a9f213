/** GET /api/visitors/{visitor_token}?website_id={id}: the widget refetches a known visitor (SPEC 7). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, parseIdParam, parseWith, publicApi } from "#app/server/http.server";
import { visitorTokenSchema } from "#contract/schema/public-api";
import { findPerson, toPublicPerson, touchPersonInBackground } from "#app/models/person.server";
import { requirePublicWebsite } from "#app/models/website-access.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  publicApi(request, async () => {
    const websiteId = parseIdParam(new URL(request.url).searchParams.get("website_id") ?? undefined, "website_id");
    const token = parseWith(visitorTokenSchema, params.visitorToken);
    await requirePublicWebsite(prisma, websiteId);
    const person = await findPerson(prisma, websiteId, token);
    if (!person) return apiError(404, "Unknown visitor", "visitor_token");
    return apiJson({ visitor: toPublicPerson(touchPersonInBackground(prisma, person)) });
  }, ["GET"]);

export const action = ({ request }: ActionFunctionArgs) =>
  publicApi(request, async () => apiError(405, "Use GET"), ["GET"]);
