/**
 * POST /api/websites/{id}/visitors: visitor creation (SPEC 7); the answer
 * carries logged_in for site owners.
 * GET  /api/websites/{id}/visitors: the owner-only visitors list.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, parseIdParam, publicApi } from "#app/server/http.server";
import { visitorCreateSchema } from "#contract/schema/public-api";
import { findOwnerSession } from "#app/models/owner-session.server";
import { ownerHasWebsite } from "#app/models/owner.server";
import { createVisitor, listVisitors, toPublicPerson } from "#app/models/person.server";
import { readPublicWebsiteRequest } from "#app/models/website-access.server";

async function isWebsiteOwner(request: Request, websiteId: number): Promise<boolean> {
  const owner = await findOwnerSession(request);
  return owner ? ownerHasWebsite(prisma, owner.profileId, websiteId) : false;
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const { websiteId, body } = await readPublicWebsiteRequest(
      prisma,
      request,
      params.websiteId,
      visitorCreateSchema,
      32 * 1024,
    );
    const { person, created } = await createVisitor(prisma, websiteId, body);
    return apiJson(
      { visitor: toPublicPerson(person), logged_in: await isWebsiteOwner(request, websiteId) },
      { status: created ? 201 : 200 },
    );
  });

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  publicApi(request, async () => {
    const websiteId = parseIdParam(params.websiteId, "website_id");
    if (!(await isWebsiteOwner(request, websiteId))) {
      return apiError(401, "Sign in as an owner of this website", null);
    }
    const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
    return apiJson(await listVisitors(prisma, websiteId, { page }));
  }, ["GET"]);
