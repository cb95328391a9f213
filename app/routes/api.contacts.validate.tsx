/**
 * POST /api/contacts/validate (SPEC 7 contacts validate, version v2): checks
 * an e-mail and/or phone before a form is submitted. Answers
 * { email: { valid, mx_found, score, free, disposable, message },
 *   phone: { valid, phone_number, message } }.
 * Rate-limited per visitor token and per IP (429 with Retry-After), since
 * each call may cost a DNS lookup.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { prisma } from "#app/db.server";
import { apiError, apiJson, publicApi, readJson, postOnlyLoader } from "#app/server/http.server";
import { contactsValidateV2Schema } from "#contract/schema/integrations";
import { validateContact, websiteDefaultCountry } from "#app/integrations/contact-validation.server";
import { clientIp } from "#app/server/client-address.server";
import { sharedLimit } from "#app/server/rate-limit/shared-rate-limit.server";

// A visitor validates on blur or submit: a burst of 10, then one every 6 s.
const perVisitor = sharedLimit("validateVisitor", { capacity: 10, refillPerSecond: 1 / 6 });
// One IP may be an office or a mobile carrier's NAT: more room.
const perIp = sharedLimit("validateIp", { capacity: 30, refillPerSecond: 0.5 });

function tooMany(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return apiError(429, "Too many validation requests; try again shortly", null, { "Retry-After": String(seconds) });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  publicApi(request, async () => {
    // The IP is limited before the body is read, so a flood costs little.
    const ip = clientIp(request, context);
    if (ip) {
      const verdict = await perIp.take(ip);
      if (!verdict.allowed) return tooMany(verdict.retryAfterMs);
    }
    const input = await readJson(request, contactsValidateV2Schema, 4 * 1024);
    if (input.visitor_token) {
      const verdict = await perVisitor.take(input.visitor_token);
      if (!verdict.allowed) return tooMany(verdict.retryAfterMs);
    }
    const country =
      input.country ?? (input.website_id ? await websiteDefaultCountry(prisma, input.website_id) : null) ?? "US";
    return apiJson(await validateContact({ ...input, country }));
  });

export const loader = postOnlyLoader;
