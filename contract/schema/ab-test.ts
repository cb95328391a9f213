/**
 * A CTA's A/B test settings, part of the CTA document (one schema for the
 * editor, the server and the widget):
 *   manual  the owner marks the winner on the Results page;
 *   auto    the server declares the winner once the probability to beat the
 *           control passes `confidence`, after `min_sample_per_variant` views
 *           of every variant and `min_days` since the test's start;
 *   bandit  as auto, and meanwhile the split follows Thompson sampling, with
 *           `holdout_share` of the traffic kept on an even split.
 * `started_at` is the server's: set when the test starts (a second variant,
 * or a new mode), so each variant counts only what happened since.
 */
import { z } from "zod";

export const AB_TEST_MODES = ["manual", "auto", "bandit"] as const;
export type AbTestMode = (typeof AB_TEST_MODES)[number];

export const DEFAULT_CONFIDENCE = 0.95;
/** Below 0.5 "beats the control" would mean less likely than not; 0.999 keeps a test decidable. */
export const CONFIDENCE_RANGE = { min: 0.5, max: 0.999 } as const;
export const DEFAULT_MIN_SAMPLE = 100;
export const MAX_MIN_SAMPLE = 10_000_000;
export const DEFAULT_MIN_DAYS = 7;
export const MAX_MIN_DAYS = 365;
export const DEFAULT_HOLDOUT_SHARE = 0.2;
/** The holdout share may be 0..0.9: at least a tenth of the traffic follows what the bandit learns. */
export const MAX_HOLDOUT_SHARE = 0.9;

const finite = (message: string) => z.number({ invalid_type_error: message }).finite({ message });

export const abTestSchema = z
  .object({
    mode: z.enum(AB_TEST_MODES, { message: `The test mode is one of ${AB_TEST_MODES.join(", ")}` }).default("manual"),
    confidence: finite("The confidence is a number")
      .min(CONFIDENCE_RANGE.min, { message: `The confidence is at least ${CONFIDENCE_RANGE.min} (50 %)` })
      .max(CONFIDENCE_RANGE.max, { message: `The confidence is at most ${CONFIDENCE_RANGE.max} (99.9 %)` })
      .default(DEFAULT_CONFIDENCE),
    min_sample_per_variant: finite("The minimum sample is a whole number of views")
      .int({ message: "The minimum sample is a whole number of views" })
      .min(1, { message: "The minimum sample is at least 1 view per variant" })
      .max(MAX_MIN_SAMPLE, { message: `The minimum sample is at most ${MAX_MIN_SAMPLE} views per variant` })
      .default(DEFAULT_MIN_SAMPLE),
    min_days: finite("The minimum duration is a whole number of days")
      .int({ message: "The minimum duration is a whole number of days" })
      .min(0, { message: "The minimum duration cannot be negative" })
      .max(MAX_MIN_DAYS, { message: `The minimum duration is at most ${MAX_MIN_DAYS} days` })
      .default(DEFAULT_MIN_DAYS),
    holdout_share: finite("The holdout share is a number")
      .min(0, { message: "The holdout share cannot be negative" })
      .max(MAX_HOLDOUT_SHARE, { message: `The holdout share is at most ${MAX_HOLDOUT_SHARE} (90 %)` })
      .default(DEFAULT_HOLDOUT_SHARE),
    started_at: z.string().datetime().nullish(),
  })
  .strict();
export type AbTestSettings = z.infer<typeof abTestSchema>;

/** The settings of a CTA without any: a manual test with the defaults. */
export const defaultAbTest = (): AbTestSettings => abTestSchema.parse({});
