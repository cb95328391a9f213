/**
 * Results: how many quiz submissions ended on each outcome, per CTA and
 * variant (ContactSubmission.quizOutcome, the outcome's title when the lead
 * was stored). Counted in the database: one row per outcome, however many
 * leads there are.
 */
import type { Db } from "#app/db.server";

export interface QuizOutcomeCount {
  ctaId: number;
  variantId: number | null;
  outcome: string;
  leads: number;
}

/** The outcome counts of a website's quizzes (of one CTA when given), all time, ordered by CTA, variant and outcome. */
export async function quizOutcomeCounts(
  db: Db,
  websiteId: number,
  ctaId: number | null = null,
): Promise<QuizOutcomeCount[]> {
  const rows = await db.contactSubmission.groupBy({
    by: ["ctaId", "variantId", "quizOutcome"],
    where: { websiteId, quizOutcome: { not: null }, ctaId: ctaId ?? { not: null } },
    _count: { _all: true },
    orderBy: [{ ctaId: "asc" }, { variantId: "asc" }, { quizOutcome: "asc" }],
  });
  return rows.map((r) => ({ ctaId: r.ctaId!, variantId: r.variantId, outcome: r.quizOutcome!, leads: r._count._all }));
}
