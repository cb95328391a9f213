/** POST /api/visitors/{visitor_token}/targeting_data: integration targeting data for the widget's conditions (SPEC 7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { prisma } from "~/db.server";
import { apiError, apiJson, publicApi, readJson, postOnlyLoader } from "~/lib/http.server";
import { targetingDataSchema } from "~/lib/schema/public-api";
import { findPerson, recordTargetingData } from "~/models/person.server";
import { requirePublicWebsite } from "~/models/website-access.server";

const bodySchema = targetingDataSchema.extend({ website_id: z.number().int().positive() });

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const body = await readJson(request, bodySchema, 64 * 1024);
    if (body.visitor_token !== params.visitorToken)
      return apiError(422, "visitor_token does not match the address", "visitor_token");
    await requirePublicWebsite(prisma, body.website_id);
    const person = await findPerson(prisma, body.website_id, body.visitor_token);
    if (!person) return apiError(404, "Unknown visitor", "visitor_token");
    await recordTargetingData(prisma, person, body.integration_type, body.targeting_data);
    return apiJson({ ok: true });
  });

export const loader = postOnlyLoader;
