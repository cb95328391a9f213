/**
 * Targeting on this page (SPEC 4), for the runtime: the conditions' context
 * now, which broadcasts are on, and whether a CTA may run under them. Names
 * ending in an underscore never leave the loader (its build shortens them:
 * scripts/build-widget.ts).
 */
import type { PublicCtaSummary, PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import { broadcastsOn, isTimed, namesCta } from "./broadcasts-on";
import type { ShopHints } from "./cart";
import { passes, type ConditionContext } from "./conditions";
import { hideMinutes } from "#contract/cta-options";
import type { LocalData } from "./person-data";
import type { ExtrasModule } from "./renderer-loader";
import type { Store } from "./storage";

export interface TargetingDeps {
  config_: PublicWebsiteConfig;
  win_: Window;
  doc_: Document;
  store_: Store;
  now_(): number;
  person_(): PublicPerson | null;
  local_: LocalData;
  shop_: ShopHints | null;
}

export const viewedCookieName = (websiteId: number, ctaId: number) => `cf_${websiteId}_cta_${ctaId}_viewed`;

export function createTargeting({ config_: config, now_: now, ...deps }: TargetingDeps) {
  const broadcasts = config.broadcasts || [];
  // A timed broadcast's frame (wall time in its zone) is the extras chunk's frame(): until it has arrived, a timed broadcast is off.
  let frame: ExtrasModule["frame"] | undefined;

  return {
    /** Every condition of the website and its broadcasts: whether the extras' testers are needed before ready. */
    conditions_: [...(config.conditions || []), ...broadcasts.flatMap((broadcast) => broadcast.conditions || [])],
    /** A broadcast has a time frame: the extras chunk is fetched at once for frame(). */
    timed_: broadcasts.some(isTimed),
    setFrame_(loaded: ExtrasModule["frame"]) {
      frame = loaded;
    },
    context_: (values?: Record<string, unknown>): ConditionContext => ({
      url: deps.win_.location.href,
      doc: deps.doc_,
      person: deps.person_(),
      local: deps.local_,
      values,
      shopCountry: deps.shop_?.country,
    }),
    activeBroadcasts_: (conditions: ConditionContext) =>
      broadcastsOn(
        broadcasts,
        (broadcast) => !isTimed(broadcast) || frame?.(broadcast, now()) == "started",
        (list) => passes(list, conditions),
      ),
    /** The broadcast a CTA runs under now: null when it runs without one, undefined when it must not run. */
    runsUnder_(summary: PublicCtaSummary, conditions: ConditionContext, active: number[]): number | null | undefined {
      if (!passes(config.conditions, conditions)) return undefined;
      const naming = broadcasts.filter((broadcast) => namesCta(broadcast, summary)).map((broadcast) => broadcast.id);
      if (!naming.length) return summary.broadcast_id == null ? null : undefined;
      return naming.find((broadcastId) => active.includes(broadcastId));
    },
    /** Closed or converted within its hide time (its viewed cookie). */
    suppressed_: (summary: PublicCtaSummary) =>
      hideMinutes(summary.options) !== null &&
      deps.store_.cookie(viewedCookieName(config.website_id, summary.id)) != null,
  };
}

export type Targeting = ReturnType<typeof createTargeting>;
