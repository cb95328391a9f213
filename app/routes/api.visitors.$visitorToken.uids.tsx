/** POST /api/visitors/{visitor_token}/uids: third-party ids of a visitor (SPEC 7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { prisma } from "~/db.server";
import { apiError, apiJson, publicApi, readJson, postOnlyLoader } from "~/lib/http.server";
import { uidsSchema } from "~/lib/schema/public-api";
import { findPerson, recordUids } from "~/models/person.server";
import { requirePublicWebsite } from "~/models/website-access.server";

const bodySchema = uidsSchema.extend({ website_id: z.number().int().positive() });

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const body = await readJson(request, bodySchema, 16 * 1024);
    if (body.visitor_token !== params.visitorToken)
      return apiError(422, "visitor_token does not match the address", "visitor_token");
    await requirePublicWebsite(prisma, body.website_id);
    const person = await findPerson(prisma, body.website_id, body.visitor_token);
    if (!person) return apiError(404, "Unknown visitor", "visitor_token");
    await recordUids(prisma, person, body.uids);
    return apiJson({ ok: true });
  });

export const loader = postOnlyLoader;
