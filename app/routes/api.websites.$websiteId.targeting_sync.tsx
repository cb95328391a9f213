/**
 * POST /api/websites/{websiteId}/targeting_sync (SPEC 7 targeting-sync
 * service): contact, lists and tags an integration holds for the visitor,
 * for the widget's conditions. The answer says when to ask again
 * (resync_after_ms, 30 minutes).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiJson, publicApi } from "#app/server/http.server";
import { targetingSyncSchema } from "#contract/schema/integrations";
import { readPublicWebsiteRequest } from "#app/models/website-access.server";
import { targetingSync } from "#app/models/targeting-sync.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const { websiteId, body } = await readPublicWebsiteRequest(
      prisma,
      request,
      params.websiteId,
      targetingSyncSchema,
      8 * 1024,
    );
    return apiJson(await targetingSync(prisma, websiteId, body));
  });
