/** Marking and clearing an A/B test's winner, and a bandit's split, through the CTA document. */
import type { CtaDocument } from "#contract/schema/cta";
import { InputError } from "#app/server/input-error";
import { loadCtaDocument, saveCtaDocument } from "./cta.server";
import { NotFoundError, inTransaction, type DbClient } from "./model-kit.server";

async function testDocument(db: DbClient, websiteId: number, ctaId: number): Promise<CtaDocument> {
  const doc = await loadCtaDocument(db, websiteId, ctaId);
  if (!doc) throw new NotFoundError("CTA", ctaId);
  return doc;
}

/**
 * Marks a variant as the test's winner: winner = true and 100% of the
 * traffic for it, the others winner = false and 0%. Saved through the CTA
 * document so every CTA rule still holds (and a published CTA gets a new
 * published_at, so browsers drop the cached split at once). The test is
 * then decided: an automatic one stops looking.
 */
export async function markWinner(db: DbClient, websiteId: number, ctaId: number, variantId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const doc = await testDocument(tx, websiteId, ctaId);
    if (!doc.variants.some((v) => v.id === variantId))
      throw new InputError(`Variant ${variantId} is not part of this CTA`, "variant_id", 404);
    if (doc.variants.length < 2)
      throw new InputError("Only a CTA with two or more variants has a winner", "variant_id");
    await saveCtaDocument(tx, websiteId, {
      ...doc,
      variants: doc.variants.map((v) => ({
        ...v,
        winner: v.id === variantId,
        percentage: v.id === variantId ? 100 : 0,
      })),
    });
    await tx.cta.updateMany({ where: { id: ctaId, websiteId, abDecidedAt: null }, data: { abDecidedAt: new Date() } });
  });
}

/**
 * Clears a winner: every variant back to an even split (the remainder to the
 * first ones), and the test starts again, counting from now.
 */
export async function clearWinner(db: DbClient, websiteId: number, ctaId: number): Promise<void> {
  const doc = await testDocument(db, websiteId, ctaId);
  const variantCount = doc.variants.length;
  const share = Math.floor(100 / variantCount);
  await saveCtaDocument(db, websiteId, {
    ...doc,
    ab_test: doc.ab_test ? { ...doc.ab_test, started_at: null } : doc.ab_test,
    variants: doc.variants.map((variant, index) => ({
      ...variant,
      winner: false,
      percentage: share + (index < 100 - share * variantCount ? 1 : 0),
    })),
  });
}

/** A bandit's new split: each variant's whole percentage by id (adding up to 100); no winner. */
export async function setSplit(
  db: DbClient,
  websiteId: number,
  ctaId: number,
  percentages: Map<number, number>,
): Promise<void> {
  const doc = await testDocument(db, websiteId, ctaId);
  await saveCtaDocument(db, websiteId, {
    ...doc,
    variants: doc.variants.map((v) => ({ ...v, winner: false, percentage: percentages.get(v.id!) ?? 0 })),
  });
}
