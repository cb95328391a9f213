/**
 * Wires the core modules together for one website (SPEC 4): the visitor
 * lifecycle, and the factories it hands each other: targeting (targeting.ts),
 * what is sent (tracking.ts), what shows (display.ts) and window.beckon
 * (public-handlers.ts). Here: the mode, the session, the person, which CTAs
 * arm their triggers, placeholders, trigger clicks and single-page
 * navigation. Everything that touches the network or the page is
 * injectable, so tests drive it with fakes.
 *
 * Which CTA shows where:
 * - inline CTAs fill marked page areas and placeholders; page CTAs fill
 *   placeholders (`.beckon-cta[data-cta-id]`). Targeting applies; triggers
 *   and the viewed cookie do not.
 * - overlay, bar, hook and two-tap CTAs are appended to the body when their
 *   trigger fires, if the site-wide conditions pass and one of the
 *   broadcasts naming them is on (a CTA no broadcast names runs on every
 *   page), at most once per page load and not while their viewed cookie
 *   exists (unless aggressive is true). Closing or converting sets it.
 * - a click on `.cta-{id}-trigger`, beckon.trigger(id) and the renderer's
 *   "cta" confirmation show a CTA at once, whatever its targeting.
 * Modes: admin (cf_{id}_admin=true, the logged-in cookie, or the server's
 * logged_in) shows CTAs at once and opens the test panel; preview
 * (iframe=true plus variant, or Shopify's theme editor) shows that variant
 * only; cf_campaign_id forces one CTA. In those modes nothing is tracked and
 * no contact is sent.
 * Rarely needed parts load as chunks: the renderer (a CTA will show; for a
 * CTA shown at page start, while the visitor is created), the extras
 * (targeting sync, geolocation, store cart, analytics, form tracking, the
 * rules of identify and trackPurchase, timed broadcasts' frames) and the panel.
 */
import type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { RendererModule } from "#widget/render/types";
import { createApi, type FetchFn } from "./api";
import { readShop } from "./cart";
import { installTests, needsMoreTests } from "./conditions";
import { hasTeaser, triggerOf } from "#contract/cta-options";
import { createDisplay } from "./display";
import { dispatch } from "./events";
import { placed } from "#contract/placement";
import type { InlineTarget } from "./inline";
import { withTimeout, type StepStatus } from "./lifecycle";
import type { DebugSwitch } from "./debug";
import { warn } from "./log";
import type { DisplayState, Mode, PanelModule } from "./panel/types";
import { recordVisit } from "./person-data";
import type { PublicHandlers } from "./public-api";
import { createPublicHandlers } from "./public-handlers";
import { createChunkLoader, type ExtrasModule, type Importer } from "./renderer-loader";
import { touchSession } from "./session";
import { watchUrl } from "./spa";
import { createBrowserStore, type Store } from "./storage";
import { createTargeting } from "./targeting";
import { createTracking } from "./tracking";
import { arm, armLater, clickedCtaId, type TriggerEnv } from "./triggers";
import { readFlags } from "./url-params";
import { loadVisitor, readLocal, saveLocal, savePerson, type LoadedVisitor } from "./visitor";

export type { ExtrasModule };

export interface WidgetDeps {
  config: PublicWebsiteConfig;
  win?: Window;
  doc?: Document;
  fetch?: FetchFn;
  importRenderer?: Importer;
  importPanel?: Importer<PanelModule>;
  importExtras?: Importer<ExtrasModule>;
  store?: Store;
  now?: () => number;
  random?: () => number;
  /** Timers for triggers and time-outs (tests pass fakes). */
  set?: (fn: () => void, ms: number) => any;
  clear?: (timer: any) => void;
  /** Touch device: exit intent via the back button. Default: a coarse pointer on a screen up to 1024 px. */
  mobile?: boolean;
  /** Store cart value in units. Default: the app embed's hint, then cart.js on Shopify storefronts. */
  cartValue?: () => Promise<number | null>;
  /** Company data enrichment (none by default). */
  company?: (visitor: LoadedVisitor) => Promise<Record<string, unknown> | null>;
}

/** What startWidget returns: the window.beckon handlers plus hooks for tests and teardown. */
export interface Widget extends PublicHandlers {
  visitor: Promise<LoadedVisitor>;
  /** Resolves with the lifecycle steps when the visitor is ready (cfReady). */
  ready: Promise<Record<string, StepStatus>>;
  /** Display state of a CTA on this page. */
  state(ctaId: number): DisplayState;
  stop(): void;
}

// SPEC 9 lifetimes and time-outs.
const LOGGED_IN_SECONDS = 86400 * 60;
/** Waiting for the extras chunk before the visitor is ready (its steps have their own time-outs). */
const EXTRAS_TIMEOUT = 5000;
/**
 * How long after ready a CTA whose trigger comes later (a delay, a scroll,
 * an exit intent) fetches its definition and the renderer: out of the way
 * of the page's own loading, and before the default 3 s delay fires.
 */
export const WARM_UP_MS = 1500;

const asObject = (value: unknown): Record<string, any> =>
  value && typeof value == "object" ? (value as Record<string, any>) : {};

/** Starts the widget for one website and returns the handlers of window.beckon. */
export function startWidget(deps: WidgetDeps): Widget {
  const { config } = deps;
  const win = deps.win ?? window;
  const doc = deps.doc ?? document;
  const now = deps.now ?? Date.now;
  const set = deps.set ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clear = deps.clear ?? clearTimeout;
  const fetchFn: FetchFn = deps.fetch ?? ((url, init) => fetch(url, init));
  const websiteId = config.website_id;
  // window.beckon is still the snippet's stub here: its cookie read (beckon.c) and early visitor (beckon.v).
  const stub = asObject(asObject(win).beckon);
  const store = deps.store ?? createBrowserStore(doc, win, now, stub.c);
  const api = createApi(config.api_origin, websiteId, fetchFn);
  const startedAt = now();
  const timings: Record<string, number> = {};
  const mark = (name: string) => (timings[name] = now() - startedAt);
  /** cfTime=true (SPEC 2): the timings so far, printed at ready and as each CTA shows. */
  const printTimings = (steps?: unknown) => flags.time && warn("timing (ms)", timings, steps);
  const href = () => win.location.href.slice(0, 2000);
  const flags = readFlags(win.location.href, websiteId);
  const shop = readShop(doc);
  const summaries = config.ctas || [];
  const summaryOf = (ctaId: unknown) => summaries.find((summary) => summary.id === Number(ctaId));
  const loggedInCookie = `cf_${websiteId}_logged_in`;
  const threshold = config.data_settings?.["cart-value-threshold"];

  let mode: Mode =
    flags.preview || shop?.design_mode
      ? "preview"
      : flags.admin || store.cookie(loggedInCookie) === "true"
        ? "admin"
        : "live";
  const forced = flags.preview
    ? summaries.find((summary) => summary.variants.some((variant) => variant.id === flags.preview))
    : summaryOf(flags.campaign);
  const live = () => mode === "live" && !flags.campaign;
  const extras = createChunkLoader<ExtrasModule>("extras", config.asset_base, deps.importExtras);
  const withExtras = <T>(use: (extras: ExtrasModule) => T | Promise<T>): Promise<T> =>
    extras().then((loaded) => (loaded ? use(loaded) : Promise.reject()));
  const loadRenderer = createChunkLoader<RendererModule>("renderer", config.asset_base, deps.importRenderer);

  // ------------------------------------------------- session, visits, params
  const session = () => touchSession(store, websiteId, now());
  const sessionId = session().id;
  const local = readLocal(store, websiteId);
  const saveLocalData = () => saveLocal(store, websiteId, local);
  local.visits = recordVisit(local.visits, href(), sessionId, now());
  local.params = { ...local.params, ...flags.utms };
  if (flags.email) local.params.email = flags.email;
  saveLocalData();

  // -------------------------------------------------------------- person
  let current: LoadedVisitor | null = null;
  const person = (): PublicPerson | null => {
    const loaded = current?.person;
    // Browser-only data laid over the server's, so merge tags and the renderer's conditions see it.
    if (loaded) loaded.data = { ...asObject(loaded.data), ...local };
    return loaded ?? null;
  };
  const keepPerson = (changed: PublicPerson) => {
    if (!current) return;
    current.person = changed;
    savePerson(store, websiteId, current.token, changed, now(), current.loggedIn);
  };

  // ------------------------------------------------- targeting, tracking, display
  // What the factories share: each takes the part its own deps name.
  const shared = {
    config_: config,
    win_: win,
    doc_: doc,
    store_: store,
    api_: api,
    now_: now,
    set_: set,
    clear_: clear,
    shop_: shop,
    local_: local,
    saveLocal_: saveLocalData,
    session_: session,
    href_: href,
    mode_: () => mode,
    live_: live,
    preview_: flags.preview,
    random_: deps.random,
    summaryOf_: summaryOf,
    person_: person,
    keepPerson_: keepPerson,
    // The queues start before the visitor is asked for, so what earlier pages could not send goes first.
    visitor_: () => visitor,
    loadRenderer_: loadRenderer,
    withExtras_: withExtras,
    showCta_: (ctaId: number) => void handlers.trigger(ctaId),
    shown_(ctaId: number) {
      mark("cta " + ctaId);
      printTimings();
    },
  };
  const targeting = createTargeting(shared);
  const { context_: context, activeBroadcasts_: activeBroadcasts, runsUnder_: runsUnder } = targeting;
  const tracking = createTracking(shared);
  const display = createDisplay(shared, targeting, tracking);
  const { stateOf_: stateOf, show_: show, warmUp_: warmUp } = display;
  const { sendContact_: sendContact } = tracking;

  display.warmUpStart_();
  // A website with a timed broadcast fetches the extras chunk at once for frame(), then warms up what that lets show.
  if (targeting.timed_)
    void withExtras((loaded) => {
      targeting.setFrame_(loaded.frame);
      display.warmUpStart_();
    }).catch(() => {});

  // ------------------------------------------------------------- visitor
  // The snippet may have started a first visit's creation already (snippet.ts).
  const visitor = loadVisitor({
    websiteId,
    api,
    store,
    href: win.location.href,
    referrer: doc.referrer,
    now,
    utms: flags.utms,
    early: stub.v,
  }).then((loaded) => {
    current = loaded;
    if (loaded.loggedIn) {
      store.setCookie(loggedInCookie, "true", LOGGED_IN_SECONDS);
      if (mode === "live") mode = "admin";
    }
    return loaded;
  });

  // SPEC 5: the host page's own forms become contacts (the extras chunk; sendContact skips what must not be sent).
  if (config.form_tracking)
    void withExtras((loaded) => loaded.trackForms(doc, (fields) => stopped || sendContact(fields))).catch(() => {});

  // ------------------------------------------------------------ triggers
  const cart = { local, fetchFn, shop, value: deps.cartValue };
  const triggerEnv: TriggerEnv = {
    win,
    doc,
    set,
    clear,
    mobile: deps.mobile ?? (!!win.matchMedia?.("(pointer: coarse)").matches && win.innerWidth <= 1024),
    cart: (spec, fire) => armLater(withExtras((loaded) => () => loaded.armCart(win, spec, threshold, fire, cart))),
  };

  let ready = false;
  let stopped = false;
  /** Arms the triggers of every CTA that may show on this page now (SPEC 4 display). */
  function evaluate(): void {
    if (!ready || stopped) return;
    if (forced) return void show(forced, { broadcast_: null });
    // The editor's preview shows its variant only; Shopify's theme editor (also preview mode) shows CTAs as a visitor would, untracked.
    if (flags.preview) return;
    const conditions = context();
    const active = activeBroadcasts(conditions);
    // Triggers armed in priority order fire in that order on one event (two exit intents), so the higher modal opens and the other waits.
    for (const summary of [...summaries].sort(display.byPriority_)) {
      const state = stateOf(summary.id);
      if (placed(summary) || state.s !== "hidden" || state.fired || state.off) continue;
      const broadcast = runsUnder(summary, conditions, active);
      if (broadcast === undefined || (mode === "live" && targeting.suppressed_(summary))) continue;
      const teaser = hasTeaser(summary.cta_type, summary.options);
      const trigger = triggerOf(summary.options, teaser);
      const fire = () => {
        state.off = undefined;
        state.fired = true;
        dispatch("cfTrigger", { cta_id: summary.id }, doc);
        void show(summary, { teaser_: teaser, broadcast_: broadcast });
      };
      // SPEC 4: in admin mode a CTA shows at once.
      if (mode === "admin") fire();
      else if (trigger.kind !== "click") {
        state.off = arm(trigger, triggerEnv, fire);
        // Fetched ahead, so that a CTA shown later (an exit intent above all) opens on its trigger, not a round trip or two after it.
        // Once it has shown, this fetches nothing again.
        set(() => warmUp(summary), WARM_UP_MS);
      }
    }
  }

  let inline: { scan(): void; stop(): void } | undefined;
  const onPlaced = ({ el, cta: summary }: InlineTarget) => {
    if (forced && summary !== forced) return;
    const conditions = context();
    const broadcast = forced ? null : runsUnder(summary, conditions, activeBroadcasts(conditions));
    if (broadcast !== undefined) void show(summary, { el_: el, broadcast_: broadcast });
  };
  const startInline = () => {
    if (inline) return inline.scan();
    // The watcher comes with the renderer, which a placed CTA needs to show anyway.
    const watch = () =>
      summaries.some(placed) &&
      loadRenderer().then(
        (renderer) => {
          if (!stopped && !inline) inline = renderer?.watchInlineTargets?.(doc, summaries, onPlaced);
        },
        () => {},
      );
    if (doc.readyState !== "loading") watch();
    else doc.addEventListener("DOMContentLoaded", watch, { once: true });
  };

  // Every CTA opens on a click on .cta-{id}-trigger (SPEC 4), whatever its trigger option.
  const onClick = (event: Event) => {
    const summary = summaryOf(clickedCtaId(event));
    if (summary && !placed(summary)) {
      event.preventDefault();
      void show(summary);
    }
  };
  doc.addEventListener("click", onClick);

  // Single-page sites: a new address is a new page view, evaluated afresh.
  watchUrl(win, () => {
    if (stopped) return;
    local.visits = recordVisit(local.visits, href(), session().id, now());
    saveLocalData();
    display.newPage_();
    for (const state of display.states_.values()) {
      state.off?.();
      state.off = state.fired = undefined;
    }
    evaluate();
    inline?.scan();
  });

  // ------------------------------------------------------------ lifecycle
  // SPEC 4: visitor, then targeting sync and enrichment (the extras chunk, only when a condition needs them), then ready.
  const whenReady = visitor
    .then(async (loaded): Promise<Record<string, StepStatus>> => {
      mark("visitor");
      // A logged-in Shopify customer is linked once per session (extras/customer.ts); nothing waits for it.
      const linked = `cf_${websiteId}_customer`;
      if (shop?.logged_in && live() && store.get(linked) != sessionId) {
        store.set(linked, sessionId);
        void withExtras((chunk) => chunk.linkCustomer({ ...cart, win, v: loaded, keepPerson })).catch(() => {});
      }
      if (!needsMoreTests(targeting.conditions_) && !deps.company && !targeting.timed_) return { visitor: "ok" };
      // Only the chunk's download is bounded here: the steps inside have their own time-outs.
      const more = await withTimeout(extras(), EXTRAS_TIMEOUT, { set, clear })
        .then((chunk) => {
          installTests(chunk!.moreTests);
          targeting.setFrame_(chunk!.frame);
          return chunk!.enrich({
            ...cart,
            config,
            visitor: loaded,
            sessionId,
            now: now(),
            win,
            company: deps.company,
            keepPerson,
            set,
            clear,
          });
        })
        .catch(() => ({ extras: "failed" as StepStatus }));
      mark("enrich");
      return { visitor: "ok", ...more };
    })
    .then((steps) => {
      // Debug mode (core/debug.ts), once the visitor record has said whether an owner is logged in: an owner testing
      // (admin or preview mode, a CTA forced by cf_campaign_id) sees the widget's debug messages. Set here, not through
      // setDebug: the loader carries no more than this line of it.
      (win as unknown as DebugSwitch).__beckonDebug = !live();
      saveLocalData();
      ready = true;
      mark("ready");
      printTimings(steps);
      // SPEC 2: an e-mail in the address identifies the visitor (url_identification).
      if (flags.email && config.url_identification !== false) void handlers.identify({ email: flags.email });
      // Identify calls an earlier page could not handle.
      else void tracking.drainCalls_();
      dispatch("cfReady", { visitor_token: current!.token, steps }, doc);
      evaluate();
      startInline();
      if (mode === "admin") openPanel(steps);
      return steps;
    })
    .catch((error) => (warn("Start failed", error), {}));

  // ---------------------------------------------------------- test panel
  const openPanel = (steps: Record<string, StepStatus>) =>
    void createChunkLoader<PanelModule>("panel", config.asset_base, deps.importPanel)().then((panel) =>
      panel?.openPanel({
        config,
        mode,
        local,
        steps,
        timings,
        ctx: context(),
        state: stateOf,
        cookie: store.cookie,
        show: (ctaId) => void handlers.trigger(ctaId),
      }),
    );

  // ------------------------------------------------------------ public API
  const handlers: Widget = {
    ...createPublicHandlers(
      shared,
      display,
      tracking,
      () => {
        evaluate();
        if (ready) startInline();
      },
      () => inline?.scan(),
    ),
    visitor,
    ready: whenReady,
    state: (ctaId) => stateOf(ctaId).s,
    /** Stops watching the page (tests, single-page app teardown). */
    stop() {
      stopped = true;
      inline?.stop();
      doc.removeEventListener("click", onClick);
      for (const state of display.states_.values()) state.off?.();
    },
  };
  return handlers;
}
