/** POST /api/visitors/{visitor_token}/targeting_data: integration targeting data for the widget's conditions (SPEC 7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { prisma } from "#app/db.server";
import { apiJson, publicApi, readJson, postOnlyLoader } from "#app/server/http.server";
import { targetingDataSchema } from "#contract/schema/public-api";
import { requireAddressedPerson, recordTargetingData } from "#app/models/person.server";

const bodySchema = targetingDataSchema.extend({ website_id: z.number().int().positive() });

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const body = await readJson(request, bodySchema, 64 * 1024);
    const person = await requireAddressedPerson(prisma, body, params.visitorToken);
    await recordTargetingData(prisma, person, body.integration_type, body.targeting_data);
    return apiJson({ ok: true });
  });

export const loader = postOnlyLoader;
