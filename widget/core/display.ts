/**
 * Showing and closing CTAs on one page (SPEC 4 display), for the runtime:
 * each CTA's display state, its definition fetched once, the variant, the
 * mount through the renderer chunk, and the client events (SPEC 7) that name
 * the CTA.
 * - one modal (cta-options isModal) at a time: a modal triggered while
 *   another is open waits, and each close opens the waiting one of highest
 *   priority (then trigger order) that may still show. Bars and hooks never
 *   wait; the renderer stacks them.
 * - a View counts when the renderer reports the CTA on screen (onView), not
 *   when it is mounted: a CTA hidden by CSS or waiting its turn has no view.
 * Names ending in an underscore never leave the loader (its build shortens
 * them: scripts/build-widget.ts).
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicCtaSummary, PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { CtaIds, CtaRuntime, MountedCta, RendererModule } from "#widget/render/types";
import type { Api } from "./api";
import { installTests, needsMoreTests, passes } from "./conditions";
import { hideMinutes, isModal, priorityOf, startsImmediately } from "#contract/cta-options";
import { loadCtaDocument } from "./cta-store";
import { dispatch } from "./events";
import { placed } from "#contract/placement";
import { warn } from "./log";
import type { DisplayState, Mode } from "./panel/types";
import type { ExtrasModule } from "./renderer-loader";
import type { Store } from "./storage";
import { viewedCookieName, type Targeting } from "./targeting";
import type { Tracking } from "./tracking";
import { pickVariant, VARIANT_COOKIE_SECONDS, variantCookieName } from "./variant";

/**
 * A CTA on this page: its display state (s, the test panel's name for it), its trigger (armed: off; fired) and where it
 * is mounted. The panel reads s, off and fired.
 */
export interface CtaState {
  s: DisplayState;
  fired?: boolean;
  off?: () => void;
  mounts_: { host_: HTMLElement; mounted_: MountedCta; ids_: CtaIds }[];
  cta_?: CtaDocument;
}

/** Where and how a CTA shows: in a page element (inline), as a teaser, under a broadcast (null: none; undefined: its own). */
export type ShowOptions = { el_?: HTMLElement; teaser_?: boolean; broadcast_?: number | null };

export interface DisplayDeps {
  config_: PublicWebsiteConfig;
  win_: Window;
  doc_: Document;
  store_: Store;
  api_: Api;
  /** The page's mode (admin, preview, live), which the visitor record may change. */
  mode_(): Mode;
  /** Live and no CTA forced: what is tracked. */
  live_(): boolean;
  /** The variant the editor's preview shows, if any. */
  preview_?: number | null;
  random_?: () => number;
  now_(): number;
  summaryOf_(ctaId: unknown): PublicCtaSummary | undefined;
  person_(): PublicPerson | null;
  keepPerson_(person: PublicPerson): void;
  loadRenderer_(): Promise<RendererModule | null>;
  withExtras_<T>(use: (extras: ExtrasModule) => T | Promise<T>): Promise<T>;
  /** Resolves once the visitor is loaded: nothing shows before. */
  visitor_(): Promise<unknown>;
  /** A CTA shown by the renderer's "cta" confirmation or a trigger click (whatever its targeting). */
  showCta_(ctaId: number): void;
  /** cfTime: marks and prints the time a CTA showed. */
  shown_(ctaId: number): void;
}

export function createDisplay(deps: DisplayDeps, targeting: Targeting, tracking: Tracking) {
  const { config_: config, doc_: doc, store_: store } = deps;
  const websiteId = config.website_id;
  const integrations = config.integrations || {};

  const states = new Map<number, CtaState>();
  const stateOf = (ctaId: number): CtaState => {
    let state = states.get(ctaId);
    if (!state) states.set(ctaId, (state = { s: "hidden", mounts_: [] }));
    return state;
  };

  // ---------------------------------------------------------------- definitions
  const definitions = new Map<number, Promise<CtaDocument>>();
  const definition = (summary: PublicCtaSummary) => {
    let pending = definitions.get(summary.id);
    if (!pending) {
      const preview = deps.mode_() == "preview";
      // A CTA that shows at page start may come with its definition (previews fetch theirs: they may show a draft).
      pending =
        summary.cta && !preview
          ? Promise.resolve(summary.cta)
          : loadCtaDocument(summary, {
              api: { getCta: (ctaId) => deps.api_.getCta(ctaId, preview) },
              store,
              websiteId,
              now: deps.now_,
            });
      // A failed fetch is not remembered: the next trigger tries again.
      pending.catch(() => definitions.delete(summary.id));
      definitions.set(summary.id, pending);
    }
    return pending;
  };
  /** Starts fetching what showing the CTA takes (both are shared promises: fetched once). */
  const warmUp = (summary: PublicCtaSummary) => {
    definition(summary).catch(() => {});
    void deps.loadRenderer_();
  };
  /** A CTA that shows at page start gets its definition and the renderer first, and while the visitor loads (it still shows only once ready). */
  const warmUpStart = () => {
    const conditions = targeting.context_();
    const active = targeting.activeBroadcasts_(conditions);
    for (const summary of config.ctas || [])
      if (
        !placed(summary) &&
        !targeting.suppressed_(summary) &&
        startsImmediately(summary.cta_type, summary.options) &&
        targeting.runsUnder_(summary, conditions, active) !== undefined
      )
        warmUp(summary);
  };

  // ---------------------------------------------------------------- events
  const setViewed = (ctaId: number) => {
    const minutes = hideMinutes(deps.summaryOf_(ctaId)?.options);
    if (minutes !== null && deps.mode_() === "live")
      store.setCookie(viewedCookieName(websiteId, ctaId), "1", minutes ? minutes * 60 : undefined);
  };

  /** A client event on document (SPEC 7) naming the CTA, its variant and step, also forwarded to analytics. */
  const emit = (name: string, detail: Record<string, unknown>) => {
    const cta = states.get(Number(detail.cta_id))?.cta_;
    const full = { ...detail, cta_name: cta?.name };
    if (name === "cfConversion" && cta) setViewed(cta.id!);
    dispatch(name, full, doc);
    const win = deps.win_ as Window & { dataLayer?: unknown };
    if (deps.live_() && (integrations.segment_write_key || integrations.gtm_id || Array.isArray(win.dataLayer)))
      void deps.withExtras_((loaded) => loaded.forward(win, integrations, name, cta, full)).catch(() => {});
  };

  const runtime: CtaRuntime = {
    track: (type, ids, data) => tracking.track_(type, ids, data),
    submitContact: (payload) => tracking.sendContact_(payload as unknown as Record<string, unknown>),
    // A renderer that closes by itself reports cfClose here: it is handled like our own close.
    dispatch: (name, detail) => (name === "cfClose" ? close(Number(detail.cta_id)) : emit(name, detail)),
    showCta: (ctaId) => deps.showCta_(ctaId),
    savePerson: deps.keepPerson_,
    conditionsPass: (conditions, values) => passes(conditions, targeting.context_(values)),
  };

  function close(ctaId: number): void {
    const state = states.get(ctaId);
    if (!state?.mounts_.length) return;
    for (const { host_: host, mounted_: mounted, ids_: ids } of state.mounts_.splice(0)) {
      mounted.unmount();
      host.remove();
      emit("cfClose", { ...ids });
    }
    state.s = "closed";
    setViewed(ctaId);
    releaseModal(ctaId);
  }

  // ---------------------------------------------------------------- one modal at a time
  const byPriority = (a: PublicCtaSummary, b: PublicCtaSummary) => priorityOf(b.options) - priorityOf(a.options);
  /** The modal CTA open or on its way (0: none), and the modals waiting for it in trigger order. */
  let modal = 0;
  const waitList: [PublicCtaSummary, ShowOptions][] = [];
  /** Opens the waiting modal of highest priority that may still show: targeting is checked again for a triggered one (a click or beckon.trigger, without a broadcast, shows whatever its targeting). */
  const openNext = () => {
    const conditions = targeting.context_();
    const active = targeting.activeBroadcasts_(conditions);
    // Sorting is stable: equal priorities keep trigger order.
    waitList.sort((a, b) => byPriority(a[0], b[0]));
    for (let waiting; !modal && (waiting = waitList.shift()); )
      if (
        waiting[1].broadcast_ === undefined ||
        (targeting.runsUnder_(waiting[0], conditions, active) !== undefined &&
          !(deps.mode_() == "live" && targeting.suppressed_(waiting[0])))
      )
        void show(...waiting);
  };
  const releaseModal = (ctaId: number) => {
    if (modal == ctaId) {
      modal = 0;
      openNext();
    }
  };

  // ---------------------------------------------------------------- show
  const viewed = new Set<number>();
  async function show(summary: PublicCtaSummary, options: ShowOptions = {}): Promise<void> {
    const state = stateOf(summary.id);
    if (!options.el_ && state.s === "visible") return;
    if (!options.el_ && isModal(summary.cta_type, options.teaser_)) {
      if (modal && modal != summary.id)
        return void (waitList.some((waiting) => waiting[0] == summary) || waitList.push([summary, options]));
      modal = summary.id;
    }
    const before = state.s;
    state.s = "visible";
    try {
      const [cta, renderer] = await Promise.all([definition(summary), deps.loadRenderer_(), deps.visitor_()]);
      // No renderer: the chunk loader has said why.
      if (!renderer) return;
      state.cta_ = cta;
      // The renderer asks conditionsPass synchronously (action groups, conditional rows): have every type ready.
      // A failed load of the extras' testers leaves those conditions failing.
      if (needsMoreTests(cta)) await deps.withExtras_((loaded) => installTests(loaded.moreTests)).catch(() => {});
      const cookie = variantCookieName(websiteId, summary.id);
      // A single variant is no split: no cookie to read or write (each cookie write is a round trip to the browser's cookie store).
      const split = cta.variants.length > 1;
      const remembered = split ? store.cookie(cookie) : null;
      const variant = deps.preview_
        ? cta.variants.find((candidate) => candidate.id === deps.preview_)
        : pickVariant(cta.variants, remembered, deps.random_);
      if (!variant) return;
      const mode = deps.mode_();
      if (mode !== "preview" && split && remembered !== String(variant.id))
        store.setCookie(cookie, String(variant.id), VARIANT_COOKIE_SECONDS);
      // A custom tag, not a div: page rules like `div { ... }` never match the host itself.
      const host = doc.createElement("beckon-cta");
      host.setAttribute("data-beckon-cta", String(summary.id));
      (options.el_ || doc.body).appendChild(host);
      const broadcastId = options.broadcast_ !== undefined ? options.broadcast_ : summary.broadcast_id;
      // The server sends steps in position order: the first is where the CTA starts.
      const ids: CtaIds = {
        cta_id: summary.id,
        variant_id: variant.id ?? null,
        step_id: variant.steps[0]?.id ?? null,
        broadcast_id: broadcastId,
      };
      state.mounts_.push({
        host_: host,
        ids_: ids,
        mounted_: renderer.mountCta({
          host,
          cta,
          variant,
          config,
          person: deps.person_(),
          runtime,
          broadcastId,
          onClose: () => close(summary.id),
          // SPEC 4: a CTA's view counts once per page load, however many placeholders show it.
          onView() {
            if (!viewed.has(summary.id)) {
              viewed.add(summary.id);
              tracking.track_("View", ids);
              emit("cfView", { ...ids });
            }
          },
          teaser: !!options.teaser_,
          mode,
          staged: true,
        }),
      });
      deps.shown_(summary.id);
    } catch (error) {
      warn("Could not show CTA " + summary.id, error);
    } finally {
      // Nothing mounted (no renderer, no such variant, a failure): as it was, and the next modal may open.
      if (!state.mounts_.length) {
        state.s = before;
        releaseModal(summary.id);
      }
    }
  }

  return {
    states_: states,
    stateOf_: stateOf,
    definition_: definition,
    warmUp_: warmUp,
    warmUpStart_: warmUpStart,
    show_: show,
    close_: close,
    byPriority_: byPriority,
    /** A new page of a single-page site: views count again, and a modal still waiting was triggered on the page left behind. */
    newPage_() {
      viewed.clear();
      waitList.length = 0;
    },
  };
}

export type Display = ReturnType<typeof createDisplay>;
