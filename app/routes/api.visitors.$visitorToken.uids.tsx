/** POST /api/visitors/{visitor_token}/uids: third-party ids of a visitor (SPEC 7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { prisma } from "#app/db.server";
import { apiJson, publicApi, readJson, postOnlyLoader } from "#app/server/http.server";
import { uidsSchema } from "#contract/schema/public-api";
import { requireAddressedPerson, recordUids } from "#app/models/person.server";

const bodySchema = uidsSchema.extend({ website_id: z.number().int().positive() });

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const body = await readJson(request, bodySchema, 16 * 1024);
    const person = await requireAddressedPerson(prisma, body, params.visitorToken);
    await recordUids(prisma, person, body.uids);
    return apiJson({ ok: true });
  });

export const loader = postOnlyLoader;
