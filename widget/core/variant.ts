/** A/B split (SPEC 9): weights are the variant percentages; the choice is remembered in a cookie for 10512000 s. */
export const VARIANT_COOKIE_SECONDS = 10512000;

export const variantCookieName = (websiteId: number, ctaId: number) => `cf_${websiteId}_cta_${ctaId}_variant`;

interface Weighted {
  id?: number;
  percentage: number;
  winner?: boolean;
}

/** Picks a variant: a declared winner, else the remembered one, else a weighted random draw. */
export function pickVariant<V extends Weighted>(
  variants: V[],
  remembered: string | null,
  random: () => number = Math.random,
): V | undefined {
  const fixed =
    variants.find((v) => v.winner) ?? variants.find((v) => remembered != null && String(v.id) === remembered);
  if (fixed) return fixed;
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.percentage || 0), 0);
  let pick = random() * total;
  for (const variant of variants) {
    pick -= Math.max(0, variant.percentage || 0);
    if (pick < 0) return variant;
  }
  return variants[0];
}
