/**
 * Where a CTA goes and whether it shows the moment a page starts: rules the
 * widget applies in the browser and the server applies ahead of it. The
 * website's config (app/models/public-config.server.ts) carries the
 * page-start CTAs' definitions, and the site script
 * (app/server/website-script.server.ts) preloads the renderer for them: both
 * must answer as the widget will, so the rules live here, shared.
 */
import type { PublicCtaSummary } from "./schema/public-config";
import { startsImmediately } from "./cta-options";

/** CTAs shown where the page puts them (widget/core/inline.ts): inline ones, and page (landing page) CTAs in a placeholder. */
export const placed = (c: PublicCtaSummary): boolean => c.cta_type === "inline" || c.cta_type === "page";

/** Whether a published CTA may show the moment a page starts: triggered at once and not placed in the page. */
export const startsAtPageStart = (s: PublicCtaSummary): boolean =>
  !placed(s) && startsImmediately(s.cta_type, s.options);
