/**
 * POST /api/websites/{id}/contacts/create: a form, survey or quiz submission
 * (SPEC 3 Contact payload). Skipped, storing nothing, when the website's
 * contact-processing setting is off. A website whose published CTAs have a
 * form with check_recaptcha needs a reCAPTCHA token that siteverify accepts
 * on every submission, whatever element it names (SPEC 5).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, publicApi, postOnlyLoader } from "#app/server/http.server";
import { contactsCreateWithRecaptchaSchema } from "#contract/schema/integrations";
import { createContact } from "#app/models/contact.server";
import { readPublicWebsiteRequest } from "#app/models/website-access.server";
import { RECAPTCHA_MESSAGE, recaptchaSecretFor, verifyRecaptcha } from "#app/integrations/recaptcha.server";
import { clientIp } from "#app/server/client-address.server";
import { identityTokenSecret } from "#app/models/deployment.server";
import { magnetAnswer } from "#app/models/email/lead-magnet.server";
import { linkOriginOf } from "#app/pages/magnet-download.server";

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    const {
      websiteId,
      website,
      body: { contact: withToken },
    } = await readPublicWebsiteRequest(prisma, request, params.websiteId, contactsCreateWithRecaptchaSchema, 64 * 1024);
    if (!website.contactProcessing) {
      return apiJson({ skipped: true, reason: "Contact PII processing disabled" });
    }
    const { recaptcha_token: token, ...contact } = withToken;
    const secret = await recaptchaSecretFor(prisma, websiteId, contact.element_id, contact.id);
    if (secret) {
      if (!token) return apiError(422, RECAPTCHA_MESSAGE, "contact.recaptcha_token");
      const check = await verifyRecaptcha(secret, token, clientIp(request, context));
      // Google unreachable is not the visitor's fault: 503 lets the widget's queue retry.
      if (check.unavailable)
        return apiError(503, "The robot check is unavailable; try again shortly", "contact.recaptcha_token", {
          "Retry-After": "5",
        });
      if (!check.ok) return apiError(422, RECAPTCHA_MESSAGE, "contact.recaptcha_token");
    }
    const result = await createContact(prisma, websiteId, contact);
    // The success step's download button (the widget shows it with the confirmation).
    const magnet = await magnetAnswer(prisma, {
      websiteId,
      personId: result.personId,
      elementId: contact.element_id,
      origin: linkOriginOf(request),
      secret: await identityTokenSecret(prisma),
    });
    return apiJson(
      { contact: { id: result.personId }, duplicate: result.duplicate, ...(magnet ? { lead_magnet: magnet } : {}) },
      { status: result.duplicate ? 200 : 201 },
    );
  });

export const loader = postOnlyLoader;
