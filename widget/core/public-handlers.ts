/**
 * The handlers behind window.beckon (SPEC 4 direct triggers, SPEC 5 calls),
 * for the runtime, which wires them to display and tracking; public-api.ts
 * installs them on the page. Names ending in an underscore never leave the
 * loader (its build shortens them: scripts/build-widget.ts).
 */
import type { PublicCtaSummary } from "#contract/schema/public-config";
import type { RendererModule } from "#widget/render/types";
import type { Display } from "./display";
import { placed } from "#contract/placement";
import { warn } from "./log";
import type { PublicHandlers } from "./public-api";
import type { Tracking } from "./tracking";

export interface PublicHandlerDeps {
  summaryOf_(ctaId: unknown): PublicCtaSummary | undefined;
  loadRenderer_(): Promise<RendererModule | null>;
  href_(): string;
}

/**
 * The handlers, given the runtime's display and tracking, `start` (re-evaluates targeting and looks for new
 * placeholders) and `scanInline` (fills the placeholders of inline and page CTAs not filled yet).
 */
export function createPublicHandlers(
  deps: PublicHandlerDeps,
  display: Display,
  tracking: Tracking,
  start: () => void,
  scanInline: () => void,
): PublicHandlers {
  /** The published CTA of that id, or a console message naming the id. */
  const published = (ctaId: unknown) => deps.summaryOf_(ctaId) || warn("No published CTA " + ctaId);
  return {
    /** Re-evaluates targeting and looks for new placeholders (single-page apps after a render). */
    start,
    /** Fetches a CTA's definition and the renderer ahead of time. */
    load(ctaId: unknown) {
      const summary = published(ctaId);
      return summary && Promise.all([display.definition_(summary), deps.loadRenderer_()]).then(() => undefined);
    },
    /** Shows a CTA now (SPEC 4 direct trigger); inline ones fill placeholders not filled yet. */
    trigger(ctaId: unknown) {
      const summary = published(ctaId);
      return summary && (placed(summary) ? scanInline() : display.show_(summary));
    },
    close: (ctaId: unknown) => display.close_(Number(ctaId)),
    // Kept until handled: their rules live in the extras chunk, which a server outage may keep away.
    identify: (props: unknown) => tracking.queueCall_([props, deps.href_()]),
    trackPurchase: (props: unknown) => tracking.queueCall_([props, deps.href_(), 1]),
  };
}
