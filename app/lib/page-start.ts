/**
 * Which CTAs a page may show the moment it starts. The website's config
 * (app/models/public-config.server.ts) carries their definitions, and the
 * site script (website-script.server.ts) preloads the renderer for them: both
 * must answer alike, with the widget's own rules.
 */
import type { PublicCtaSummary } from "./schema/public-config";
import { startsImmediately } from "../../widget/core/cta-options";
import { placed } from "../../widget/core/inline";

/** Whether a published CTA may show the moment a page starts: triggered at once and not placed in the page. */
export const startsAtPageStart = (s: PublicCtaSummary): boolean =>
  !placed(s) && startsImmediately(s.cta_type, s.options);
