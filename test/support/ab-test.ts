/** Test data: a seeded CTA turned into an A/B test, as an owner would through the editor. */
import type { Db } from "#app/db.server";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";

/** Splits a CTA 50/50 between its variant A and a new, empty variant B (saved through the CTA document). */
export async function splitIntoAbTest(db: Db, websiteId: number, ctaId: number): Promise<void> {
  const doc = (await loadCtaDocument(db, websiteId, ctaId))!;
  await saveCtaDocument(db, websiteId, {
    ...doc,
    variants: [
      { ...doc.variants[0], percentage: 50 },
      {
        variation: "B",
        percentage: 50,
        winner: false,
        options: {},
        steps: [{ position: 0, options: {}, sections: [], action_groups: [] }],
      },
    ],
  });
}
