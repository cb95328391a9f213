/** Marking and clearing an A/B test's winner, through the CTA document. */
import type { Db } from "#app/db.server";
import { InputError } from "#app/server/input-error";
import { loadCtaDocument, saveCtaDocument } from "./cta.server";
import { NotFoundError } from "./model-kit.server";

/**
 * Marks a variant as the test's winner: winner = true and 100% of the
 * traffic for it, the others winner = false and 0%. Saved through the CTA
 * document so every CTA rule still holds (and a published CTA gets a new
 * published_at, so browsers drop the cached split at once).
 */
export async function markWinner(db: Db, websiteId: number, ctaId: number, variantId: number): Promise<void> {
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  if (!doc.variants.some((v) => v.id === variantId))
    throw new InputError(`Variant ${variantId} is not part of this CTA`, "variant_id", 404);
  if (doc.variants.length < 2) throw new InputError("Only a CTA with two or more variants has a winner", "variant_id");
  await saveCtaDocument(db, websiteId, {
    ...doc,
    variants: doc.variants.map((v) => ({ ...v, winner: v.id === variantId, percentage: v.id === variantId ? 100 : 0 })),
  });
}

/** Clears a winner: every variant back to an even split (the remainder to the first ones). */
export async function clearWinner(db: Db, websiteId: number, ctaId: number): Promise<void> {
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  const variantCount = doc.variants.length;
  const share = Math.floor(100 / variantCount);
  await saveCtaDocument(db, websiteId, {
    ...doc,
    variants: doc.variants.map((variant, index) => ({
      ...variant,
      winner: false,
      percentage: share + (index < 100 - share * variantCount ? 1 : 0),
    })),
  });
}
