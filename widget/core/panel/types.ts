/**
 * The contract between the loader and the owner test panel chunk
 * (beckon-panel.js, SPEC 6). Types only. The loader hands over a snapshot
 * and the conditions' view of the page; the panel bundles its own copy of
 * the pure evaluators (conditions, broadcasts, options) to explain every
 * decision, so none of that explaining weighs on the loader.
 */
import type { PublicWebsiteConfig } from "#contract/schema/public-config";
import type { ConditionContext } from "#widget/core/conditions";
import type { StepStatus } from "#widget/core/lifecycle";
import type { LocalData } from "#widget/core/person-data";

export type DisplayState = "hidden" | "visible" | "closed";
export type Mode = "live" | "admin" | "preview";

export interface PanelData {
  config: PublicWebsiteConfig;
  mode: Mode;
  /** Browser-only person data: visits, CTA interactions, parameters, location, cart, company. */
  local: LocalData;
  /** Lifecycle steps: visitor, sync, geolocation, cart, company (or extras when that chunk failed). */
  steps: Record<string, StepStatus>;
  /** Milliseconds since the loader started, by mark. */
  timings: Record<string, number>;
  /** What conditions see on this page, now (ctx.person is the person). */
  ctx: ConditionContext;
  /** Display state of a CTA on this page: s, whether a trigger is bound (off) and whether it fired. */
  state(ctaId: number): { s: DisplayState; off?: unknown; fired?: boolean };
  cookie(name: string): string | null;
  /** Shows a CTA now, whatever its targeting. */
  show(ctaId: number): void;
}

/** The panel chunk's exports. */
export interface PanelModule {
  openPanel(data: PanelData): void;
}
