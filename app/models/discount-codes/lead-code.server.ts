/**
 * A new lead's code: when the CTA it came through hands out unique codes,
 * the lead claims one (claim.server.ts) and the code goes on the contact as
 * the `discount_code` property (shown on the contact page and sent to the
 * e-mail tool with the other profile properties), its expiry beside it.
 */
import type { Db } from "#app/db.server";
import {
  DISCOUNT_CODE_EXPIRES_TAG,
  DISCOUNT_CODE_TAG,
  uniqueCodesSchema,
  type UniqueCodesSettings,
} from "#contract/schema/unique-codes";
import { asRecord } from "#contract/json-record";
import { claimCode, type IssuedCode } from "./claim.server";
import { codeCounts } from "./pool.server";
import { stockTarget, topUpSoon } from "./shopify-stock.server";

/** A CTA's unique-code settings, or null when it has none (or they no longer parse). */
export async function uniqueCodesOf(db: Db, websiteId: number, ctaId: number): Promise<UniqueCodesSettings | null> {
  const cta = await db.cta.findFirst({ where: { id: ctaId, websiteId }, select: { uniqueCodes: true } });
  if (!cta?.uniqueCodes) return null;
  const parsed = uniqueCodesSchema.safeParse(cta.uniqueCodes);
  return parsed.success ? parsed.data : null;
}

export interface LeadRef {
  websiteId: number;
  ctaId: number | null | undefined;
  personId: number;
  variantId?: number | null;
}

/** The lead's code for its CTA (claimed now or earlier); null when the CTA has no codes or none is left. */
export async function codeForLead(db: Db, lead: LeadRef): Promise<IssuedCode | null> {
  if (!lead.ctaId) return null;
  const settings = await uniqueCodesOf(db, lead.websiteId, lead.ctaId);
  if (!settings) return null;
  const code = await claimCode(db, { ...lead, ctaId: lead.ctaId, settings });
  // Half the Shopify stock is gone: make more now rather than at the job's next pass (the lease keeps it to one maker).
  if (settings.source === "shopify" && (await codeCounts(db, lead.ctaId)).available < stockTarget(settings) / 2)
    topUpSoon(db, lead.ctaId);
  return code;
}

/** The person properties that carry a code. */
export const codeProperties = (code: IssuedCode): Record<string, string> => ({
  [DISCOUNT_CODE_TAG]: code.code,
  ...(code.expiresAt ? { [DISCOUNT_CODE_EXPIRES_TAG]: code.expiresAt.toISOString() } : {}),
});

/**
 * The code of the visitor behind `visitor_token` for a CTA: "no-lead" unless
 * that visitor has sent a contact through the CTA; null when none is left.
 */
export async function leadCodeForVisitor(
  db: Db,
  websiteId: number,
  req: { visitor_token: string; cta_id: number; variant_id?: number | null },
): Promise<IssuedCode | null | "no-lead"> {
  const person = await db.person.findUnique({
    where: { websiteId_visitorToken: { websiteId, visitorToken: req.visitor_token } },
    select: { id: true, email: true, phone: true, extra: true },
  });
  if (!person || !(person.email || person.phone)) return "no-lead";
  const lead = await db.contactSubmission.findFirst({
    where: { websiteId, personId: person.id, ctaId: req.cta_id },
    select: { variantId: true },
  });
  if (!lead) return "no-lead";
  const code = await codeForLead(db, {
    websiteId,
    ctaId: req.cta_id,
    personId: person.id,
    variantId: lead.variantId ?? req.variant_id ?? null,
  });
  // A code claimed now (the pool was empty when the contact arrived) goes on the contact too.
  const extra = asRecord(person.extra);
  if (code && extra[DISCOUNT_CODE_TAG] !== code.code)
    await db.person.update({
      where: { id: person.id },
      data: { extra: { ...extra, ...codeProperties(code) } as object },
    });
  return code;
}
