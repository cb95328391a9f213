/**
 * POST /api/websites/{id}/events/create: one event ({ event }) or a batch
 * flushed from the widget's queue ({ events: [...] }). Events are stored once
 * per client-made id.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, publicApi, postOnlyLoader } from "#app/server/http.server";
import { eventsCreateSchema } from "#contract/schema/public-api";
import { storeEvents } from "#app/models/event.server";
import { readPublicWebsiteRequest } from "#app/models/website-access.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const { websiteId, body } = await readPublicWebsiteRequest(
      prisma,
      request,
      params.websiteId,
      eventsCreateSchema,
      256 * 1024,
    );
    const single = body.event !== undefined;
    const events = single ? [body.event!] : body.events!;
    const result = await storeEvents(prisma, websiteId, events);
    if (single && result.rejected.length) {
      const rejection = result.rejected[0];
      return apiError(422, rejection.message, `event.${rejection.field}`);
    }
    return apiJson(result);
  });

export const loader = postOnlyLoader;
