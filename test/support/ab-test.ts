/** Test data: a seeded CTA turned into an A/B test, as an owner would through the editor. */
import type { Db } from "#app/db.server";
import { loadCtaDocument, saveCtaDocument } from "#app/models/cta.server";
import type { AbTestSettings } from "#contract/schema/ab-test";

const DAY_MS = 86_400_000;

/**
 * Splits a CTA 50/50 between its variant A and a new, empty variant B (saved
 * through the CTA document), as a test that started `startedDaysAgo` days ago
 * (default 3): results count a test from the first whole day after its start,
 * so the events a test writes today count.
 */
export async function splitIntoAbTest(db: Db, websiteId: number, ctaId: number, startedDaysAgo = 3): Promise<void> {
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
  const stored = (await db.cta.findUniqueOrThrow({ where: { id: ctaId } })).abTest as AbTestSettings | null;
  if (!stored?.started_at) throw new Error(`CTA ${ctaId}: saving two variants did not start an A/B test`);
  const startedAt = new Date(Date.now() - startedDaysAgo * DAY_MS).toISOString();
  await db.cta.update({ where: { id: ctaId }, data: { abTest: { ...stored, started_at: startedAt } } });
}
