/**
 * POST /api/websites/{id}/discount_code: the widget's discount code element
 * asks for the visitor's own code for a CTA (contract/schema/unique-codes.ts).
 * Only a visitor who has become a lead of that CTA gets one: the code claimed
 * when the contact arrived, or one claimed now if that claim found none (or
 * the CTA started handing out codes later). A visitor who is no lead of it
 * gets 404; `code: null` means none is left, and the element says so.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, publicApi, postOnlyLoader } from "#app/server/http.server";
import { readPublicWebsiteRequest } from "#app/models/website-access.server";
import { discountCodeRequestSchema, type DiscountCodeAnswer } from "#contract/schema/unique-codes";
import { leadCodeForVisitor } from "#app/models/discount-codes/lead-code.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const { websiteId, body } = await readPublicWebsiteRequest(
      prisma,
      request,
      params.websiteId,
      discountCodeRequestSchema,
      4 * 1024,
    );
    const found = await leadCodeForVisitor(prisma, websiteId, body);
    if (found === "no-lead") return apiError(404, "This visitor is no lead of this CTA", "cta_id");
    const answer: DiscountCodeAnswer = {
      code: found?.code ?? null,
      expires_at: found?.expiresAt?.toISOString() ?? null,
    };
    return apiJson(answer);
  });

export const loader = postOnlyLoader;
