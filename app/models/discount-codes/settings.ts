/**
 * What a CTA's unique-code settings become when the CTA is saved: the
 * discount Beckon made in the shop (`discount_id`) is the server's to set, so
 * a save keeps the stored one whatever the editor sent, and a changed
 * discount (kind, value, minimum, once per customer, expiry) starts a new
 * one: codes already handed out keep their old terms, codes made but not yet
 * handed out are retired, so every new lead gets the terms the CTA now shows.
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { ShopifyCodesSettings, UniqueCodesSettings } from "#contract/schema/unique-codes";

const terms = (s: ShopifyCodesSettings) =>
  JSON.stringify([s.kind, s.value, s.minimum_subtotal, s.once_per_customer, s.expires_after_days ?? null]);

/** The settings to store for `doc`, given the stored document `before` (null for a new CTA). */
export function uniqueCodesToStore(
  before: Pick<CtaDocument, "unique_codes"> | null,
  doc: Pick<CtaDocument, "unique_codes">,
): UniqueCodesSettings | null {
  const next = doc.unique_codes ?? null;
  if (!next || next.source !== "shopify") return next;
  const old = before?.unique_codes;
  const kept = old?.source === "shopify" && terms(old) === terms(next) ? (old.discount_id ?? null) : null;
  return { ...next, discount_id: kept };
}

/** Whether the Shopify codes made for `before` no longer match what `doc` promises (other terms, or no Shopify codes). */
export function madeCodesOutdated(
  before: Pick<CtaDocument, "unique_codes"> | null,
  doc: Pick<CtaDocument, "unique_codes">,
): boolean {
  const old = before?.unique_codes;
  if (old?.source !== "shopify") return false;
  const next = doc.unique_codes;
  return next?.source !== "shopify" || terms(old) !== terms(next);
}
