/**
 * Checks that ids a visitor sends (CTA, variant) belong to the website the
 * request is for, so nothing sent to one website lands on another's CTAs.
 */
import type { Db } from "#app/db.server";

export interface CtaRefs {
  cta_id?: number | null;
  variant_id?: number | null;
}

/** Returns the subset of refs that do not belong to the website, by index. */
export async function foreignCtaRefs(db: Db, websiteId: number, refs: CtaRefs[]): Promise<Map<number, string>> {
  const ctaIds = [...new Set(refs.map((r) => r.cta_id).filter((x): x is number => typeof x === "number"))];
  const variantIds = [...new Set(refs.map((r) => r.variant_id).filter((x): x is number => typeof x === "number"))];
  const [ctas, variants] = await Promise.all([
    ctaIds.length ? db.cta.findMany({ where: { id: { in: ctaIds }, websiteId }, select: { id: true } }) : [],
    variantIds.length
      ? db.ctaVariant.findMany({
          where: { id: { in: variantIds }, cta: { websiteId } },
          select: { id: true, ctaId: true },
        })
      : [],
  ]);
  const okCtas = new Set(ctas.map((c) => c.id));
  const variantCta = new Map(variants.map((v) => [v.id, v.ctaId]));
  const bad = new Map<number, string>();
  refs.forEach((ref, index) => {
    if (ref.cta_id != null && !okCtas.has(ref.cta_id)) bad.set(index, "cta_id");
    else if (ref.variant_id != null) {
      const owner = variantCta.get(ref.variant_id);
      if (owner === undefined || (ref.cta_id != null && owner !== ref.cta_id)) bad.set(index, "variant_id");
    }
  });
  return bad;
}
