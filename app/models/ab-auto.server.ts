/**
 * Automatic A/B tests, applied: a job in each server process (scripts/serve.ts)
 * looks at the published CTAs whose test is `auto` or `bandit` and
 *   - declares the winner once decideAbTest names one: it takes all the
 *     traffic (markWinner, which publishes, so the site script serves only
 *     the winner), the event log says so and the admin shows a notice;
 *   - for a bandit, meanwhile moves the split to Thompson sampling's, at most
 *     every BANDIT_INTERVAL_MS (through the published configuration, never
 *     per visitor request).
 * Safe with many server processes: each step first claims the CTA with one
 * conditional update (no winner yet, unchanged since it was read; for a
 * bandit also not moved within the interval), in the transaction that then
 * writes, so exactly one process declares a winner or moves a split.
 */
import type { Db } from "#app/db.server";
import { abTestSchema, type AbTestSettings } from "#contract/schema/ab-test";
import { logger } from "#app/server/logger.server";
import { startPeriodicJob } from "#app/server/periodic-job.server";
import { markWinner, setSplit } from "./ab-winner.server";
import { recordEvent } from "./event-log.server";
import { inTransaction } from "./model-kit.server";
import { countsSinceStart } from "./results/ab-counts.server";
import { decideAbTest, thompsonSplit, type AbDecision, type TestArm } from "./results/ab-decision";

/** How often the job looks at the tests. */
export const AB_JOB_INTERVAL_MS = 10 * 60 * 1000;
/** A bandit moves its split at most this often: visitors are served the published split in between. */
export const BANDIT_INTERVAL_MS = 60 * 60 * 1000;

export type AbTestStep =
  | { kind: "skipped" }
  | { kind: "running"; decision: AbDecision; split: number[] | null }
  | { kind: "winner"; variantId: number; probability: number }
  /** Another process declared the winner or changed the CTA first. */
  | { kind: "taken" };

/** The stored settings of a CTA, or null when the column holds none (or junk an older version left). */
function settingsOf(json: unknown): AbTestSettings | null {
  const parsed = abTestSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** One step of a CTA's automatic test at `now`: declare the winner, or move a bandit's split, or nothing. */
export async function stepAbTest(
  db: Db,
  websiteId: number,
  ctaId: number,
  now = new Date(),
  random: () => number = Math.random,
): Promise<AbTestStep> {
  const row = await db.cta.findFirst({
    where: { id: ctaId, websiteId, status: "published", abDecidedAt: null },
    select: { abTest: true, abWeighedAt: true, updatedAt: true },
  });
  const settings = row ? settingsOf(row.abTest) : null;
  if (!row || !settings?.started_at || settings.mode === "manual") return { kind: "skipped" };
  const startedAt = new Date(settings.started_at);
  const arms = await countsSinceStart(db, websiteId, ctaId, startedAt, now);
  const decision = decideAbTest(arms, now.getTime() - startedAt.getTime(), settings);
  const unchanged = { id: ctaId, websiteId, status: "published", abDecidedAt: null, updatedAt: row.updatedAt };

  if (decision.kind === "winner") {
    return inTransaction(db, async (tx) => {
      const { count } = await tx.cta.updateMany({ where: unchanged, data: { abDecidedAt: now } });
      if (count !== 1) return { kind: "taken" } as const;
      await markWinner(tx, websiteId, ctaId, decision.variantId);
      await recordEvent(tx, {
        websiteId,
        ctaId,
        kind: "ab_winner",
        at: now,
        data: winnerEntry(decision, arms, settings),
      });
      logger("ab-test").info(`CTA ${ctaId}: variant ${decision.variantId} won its automatic test`);
      return { kind: "winner", variantId: decision.variantId, probability: decision.probability } as const;
    });
  }
  if (settings.mode !== "bandit" || (row.abWeighedAt && now.getTime() - row.abWeighedAt.getTime() < BANDIT_INTERVAL_MS))
    return { kind: "running", decision, split: null };
  return inTransaction(db, async (tx) => {
    const { count } = await tx.cta.updateMany({ where: unchanged, data: { abWeighedAt: now } });
    if (count !== 1) return { kind: "taken" } as const;
    const split = thompsonSplit(arms, settings.holdout_share, random);
    await setSplit(tx, websiteId, ctaId, new Map(arms.map((arm, index) => [arm.id, split[index]])));
    return { kind: "running", decision, split } as const;
  });
}

/** What the event log keeps of a declared winner: enough to explain it later. */
function winnerEntry(decision: Extract<AbDecision, { kind: "winner" }>, arms: TestArm[], settings: AbTestSettings) {
  return {
    variant_id: decision.variantId,
    probability: decision.probability,
    mode: settings.mode,
    confidence: settings.confidence,
    started_at: settings.started_at,
    arms: arms.map((arm) => ({ id: arm.id, views: arm.views, conversions: arm.conversions })),
  };
}

/** One pass over every published CTA with an automatic test still running; a failing CTA does not stop the others. */
export async function runAbTests(db: Db, now = new Date()): Promise<AbTestStep[]> {
  const rows = await db.cta.findMany({
    where: { status: "published", abDecidedAt: null },
    select: { id: true, websiteId: true, abTest: true },
    orderBy: { id: "asc" },
  });
  const steps: AbTestStep[] = [];
  for (const row of rows) {
    if ((settingsOf(row.abTest)?.mode ?? "manual") === "manual") continue;
    try {
      steps.push(await stepAbTest(db, row.websiteId, row.id, now));
    } catch (error) {
      logger("ab-test").error({ err: error }, `CTA ${row.id}: the automatic test step failed; it runs again later`);
    }
  }
  return steps;
}

/** Runs the tests now and every `intervalMs`; resolves to a stop function that waits for a pass in progress. */
export function startAbTestJob(db: Db, intervalMs = AB_JOB_INTERVAL_MS): () => Promise<void> {
  return startPeriodicJob("ab-test", () => runAbTests(db), intervalMs, "the A/B test job failed; it runs again later");
}

/** Starts the job inside the server process (scripts/serve.ts) on the application's own client. */
export async function startServerAbTestJob(): Promise<() => Promise<void>> {
  // Imported here so the server build's client (kept on globalThis) is reused.
  const { prisma } = await import("#app/db.server");
  return startAbTestJob(prisma);
}
