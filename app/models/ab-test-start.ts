/**
 * When an A/B test starts: the server keeps `ab_test.started_at`, so each
 * variant counts only what happened since the test began (not the control's
 * views from before there was anything to compare it with). The test
 * (re)starts when it first has two variants, when its variants change (one
 * added or removed: the comparison is a new one), when its mode changes, and
 * when a writer asks for it by sending `started_at: null` (clearing a winner).
 */
import { abTestSchema, type AbTestSettings } from "#contract/schema/ab-test";
import type { CtaDocument } from "#contract/schema/cta";

export interface StoredAbTest {
  /** What the Cta.abTest column holds; null for a CTA that never had settings nor a test. */
  abTest: AbTestSettings | null;
  /** Whether the test starts anew: a declared winner and the bandit's last move are then forgotten. */
  restarted: boolean;
}

const variantIds = (doc: Pick<CtaDocument, "variants">) =>
  doc.variants
    .map((v) => v.id ?? "new")
    .sort()
    .join(",");

/** The settings to store for `doc`, given the stored document `before` (null for a new CTA). */
export function abTestToStore(
  before: Pick<CtaDocument, "ab_test" | "variants"> | null,
  doc: Pick<CtaDocument, "ab_test" | "variants">,
  now: Date,
): StoredAbTest {
  // A writer that does not know the settings (an older client, a list action) keeps the stored ones.
  const sent = doc.ab_test === undefined ? before?.ab_test : doc.ab_test;
  if (doc.variants.length < 2) {
    const kept = sent ? { ...abTestSchema.parse(sent), started_at: null } : null;
    return { abTest: kept, restarted: Boolean(before?.ab_test?.started_at) };
  }
  const settings = abTestSchema.parse(sent ?? {});
  const running = before?.ab_test?.started_at;
  const keep =
    running &&
    before.variants.length >= 2 &&
    variantIds(before) === variantIds(doc) &&
    (before.ab_test?.mode ?? "manual") === settings.mode &&
    !(doc.ab_test && doc.ab_test.started_at === null);
  return keep
    ? { abTest: { ...settings, started_at: running }, restarted: false }
    : { abTest: { ...settings, started_at: now.toISOString() }, restarted: true };
}
