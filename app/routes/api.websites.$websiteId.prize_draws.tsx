/**
 * POST /api/websites/{id}/prize_draws: a visitor plays a prize wheel or a
 * scratch card. The body is the lead (SPEC 3 Contact payload) with the
 * e-mail, the CTA and the prize element; the answer is the prize the server
 * drew (app/models/prize-draw.server.ts), or the one this e-mail drew before
 * (200, repeat: true). The browser only shows it. Like contacts/create it is
 * CORS without credentials and rate-limited by publicApi; a website whose
 * contact processing is off has no prize games (a draw needs the e-mail).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, postOnlyLoader, publicApi } from "#app/server/http.server";
import { readPublicWebsiteRequest } from "#app/models/website-access.server";
import { drawPrize } from "#app/models/prize-draw.server";
import { prizeDrawRequestSchema } from "#contract/schema/prize-game";

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const { websiteId, website, body } = await readPublicWebsiteRequest(
      prisma,
      request,
      params.websiteId,
      prizeDrawRequestSchema,
      16 * 1024,
    );
    const { contact } = body;
    if (!website.contactProcessing)
      return apiError(409, "Prize games need contact processing, which is off for this website");
    const result = await drawPrize(prisma, websiteId, contact);
    return apiJson(result, { status: result.repeat ? 200 : 201 });
  });

export const loader = postOnlyLoader;
