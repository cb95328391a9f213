/**
 * POST /api/websites/{id}/contacts/create: a form, survey or quiz submission
 * (SPEC 3 Contact payload). Skipped, storing nothing, when the website's
 * contact-processing setting is off.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "~/db.server";
import { apiJson, parseIdParam, publicApi, readJson } from "~/lib/http.server";
import { contactsCreateSchema } from "~/lib/schema/public-api";
import { createContact } from "~/models/contact.server";
import { requirePublicWebsite } from "~/models/website-access.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const websiteId = parseIdParam(params.websiteId, "website_id");
    const website = await requirePublicWebsite(prisma, websiteId);
    const { contact } = await readJson(request, contactsCreateSchema, 64 * 1024);
    if (!website.contactProcessing) {
      return apiJson({ skipped: true, reason: "Contact PII processing disabled" });
    }
    const result = await createContact(prisma, websiteId, contact);
    return apiJson({ contact: { id: result.personId }, duplicate: result.duplicate }, { status: result.duplicate ? 200 : 201 });
  });
