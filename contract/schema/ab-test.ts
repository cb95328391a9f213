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
import { bounded } from "./common";

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

/** One message per setting, whatever is wrong with it (the admin translates it: app/i18n/en/validation.ts). */
export const AB_TEST_MESSAGES = {
  mode: "The test mode is manual, auto or bandit",
  confidence: "The confidence is between 50 % and 99.9 % (0.5 to 0.999)",
  min_sample_per_variant: `The minimum sample is a whole number of views from 1 to ${MAX_MIN_SAMPLE}`,
  min_days: `The minimum duration is a whole number of days from 0 to ${MAX_MIN_DAYS}`,
  holdout_share: "The holdout share is between 0 % and 90 % (0 to 0.9)",
} as const;

export const abTestSchema = z
  .object({
    mode: z.enum(AB_TEST_MODES, { message: AB_TEST_MESSAGES.mode }).default("manual"),
    confidence: bounded(CONFIDENCE_RANGE.min, CONFIDENCE_RANGE.max, AB_TEST_MESSAGES.confidence).default(
      DEFAULT_CONFIDENCE,
    ),
    min_sample_per_variant: bounded(1, MAX_MIN_SAMPLE, AB_TEST_MESSAGES.min_sample_per_variant, true).default(
      DEFAULT_MIN_SAMPLE,
    ),
    min_days: bounded(0, MAX_MIN_DAYS, AB_TEST_MESSAGES.min_days, true).default(DEFAULT_MIN_DAYS),
    holdout_share: bounded(0, MAX_HOLDOUT_SHARE, AB_TEST_MESSAGES.holdout_share).default(DEFAULT_HOLDOUT_SHARE),
    started_at: z.string().datetime().nullish(),
  })
  .strict();
export type AbTestSettings = z.infer<typeof abTestSchema>;

/** The settings of a CTA without any: a manual test with the defaults. */
export const defaultAbTest = (): AbTestSettings => abTestSchema.parse({});
