/**
 * Wires the core modules together for one website (SPEC 4): visitor
 * lifecycle, targeting, triggers, display, tracking, client events and the
 * public API handlers. Everything that touches the network or the page is
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
 * - one modal (cta-options isModal) at a time: a modal triggered while
 *   another is open waits, and each close opens the waiting one of highest
 *   priority (then trigger order) that may still show. Bars and hooks never
 *   wait; the renderer stacks them.
 * - a View counts when the renderer reports the CTA on screen (onView), not
 *   when it is mounted: a CTA hidden by CSS or waiting its turn has no view.
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
import type { CtaDocument } from "../../app/lib/schema/cta";
import type { PublicCtaSummary, PublicPerson, PublicWebsiteConfig } from "../../app/lib/schema/public-config";
import type { CtaIds, CtaRuntime, MountedCta, RendererModule } from "../render/types";
import { createApi, type FetchFn, type WireEvent } from "./api";
import { broadcastsOn, isTimed } from "./broadcasts-on";
import { readShop } from "./cart";
import { installTests, needsMoreTests, passes, type ConditionContext } from "./conditions";
import { hasTeaser, hideMinutes, isModal, priorityOf, startsImmediately, triggerOf } from "./cta-options";
import { loadCtaDocument } from "./cta-store";
import { dispatch } from "./events";
import type { WaitingCall } from "./extras/calls";
import type * as Extras from "./extras/extras";
import { placed, type InlineTarget } from "./inline";
import { withTimeout, type StepStatus } from "./lifecycle";
import type { DebugSwitch } from "./debug";
import { warn } from "./log";
import type { DisplayState, Mode, PanelModule } from "./panel/types";
import { countInteraction, recordVisit } from "./person-data";
import type { PublicHandlers } from "./public-api";
import { beaconTo, createQueue, flushOnHide, type Queued } from "./queue";
import { createChunkLoader, type Importer } from "./renderer-loader";
import { sessionKey, touchSession } from "./session";
import { watchUrl } from "./spa";
import { createBrowserStore, type Store } from "./storage";
import { arm, type TriggerEnv } from "./triggers";
import { readFlags } from "./url-params";
import { pickVariant, VARIANT_COOKIE_SECONDS, variantCookieName } from "./variant";
import { loadVisitor, readLocal, saveLocal, savePerson, type LoadedVisitor } from "./visitor";

export type ExtrasModule = typeof Extras;

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

/**
 * A CTA on this page: its display state (s, the test panel's name for it), its trigger (armed: off; fired) and where it
 * is mounted. The panel reads s, off and fired; the names ending in an underscore never leave the loader, whose build
 * shortens them (scripts/build-widget.ts).
 */
interface CtaState {
  s: DisplayState;
  fired?: boolean;
  off?: () => void;
  mounts_: { host_: HTMLElement; mounted_: MountedCta; ids_: CtaIds }[];
  cta_?: CtaDocument;
}

// SPEC 9 lifetimes and time-outs.
const LOGGED_IN_SECONDS = 86400 * 60;
/** Waiting for the extras chunk before the visitor is ready (its steps have their own time-outs). */
const EXTRAS_TIMEOUT = 5000;
/** How long a form waits for the server before its contact counts as queued (it is resent until it arrives). */
const CONTACT_WAIT = 6000;
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
  const broadcasts = config.broadcasts || [];
  const integrations = config.integrations || {};
  const summaryOf = (ctaId: unknown) => summaries.find((summary) => summary.id === Number(ctaId));
  const loggedInCookie = `cf_${websiteId}_logged_in`;
  const viewedCookie = (ctaId: number) => `cf_${websiteId}_cta_${ctaId}_viewed`;
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
  // Conditions beyond the page types need the extras' testers; a failed load leaves them failing.
  const moreTests = () => withExtras((loaded) => installTests(loaded.moreTests));

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

  // ------------------------------------------------------------- targeting
  const allConditions = [
    ...(config.conditions || []),
    ...broadcasts.flatMap((broadcast) => broadcast.conditions || []),
  ];
  const context = (values?: Record<string, unknown>): ConditionContext => ({
    url: win.location.href,
    doc,
    person: person(),
    local,
    values,
    shopCountry: shop?.country,
  });
  // A timed broadcast's frame (wall time in its zone) is the extras chunk's frame(): until it has arrived, a timed broadcast is off.
  let frame: ExtrasModule["frame"] | undefined;
  const timed = broadcasts.some(isTimed);
  const activeBroadcasts = (conditions: ConditionContext) =>
    broadcastsOn(
      broadcasts,
      (broadcast) => !isTimed(broadcast) || frame?.(broadcast, now()) == "started",
      (list) => passes(list, conditions),
    );

  const states = new Map<number, CtaState>();
  const stateOf = (ctaId: number): CtaState => {
    let state = states.get(ctaId);
    if (!state) states.set(ctaId, (state = { s: "hidden", mounts_: [] }));
    return state;
  };
  /** Closed or converted within its hide time (its viewed cookie). */
  const suppressed = (summary: PublicCtaSummary) =>
    hideMinutes(summary.options) !== null && store.cookie(viewedCookie(summary.id)) != null;

  /** The broadcast a CTA runs under now: null when it runs without one, undefined when it must not run. */
  function runsUnder(
    summary: PublicCtaSummary,
    conditions: ConditionContext,
    active: number[],
  ): number | null | undefined {
    if (!passes(config.conditions, conditions)) return undefined;
    const naming = broadcasts
      .filter((broadcast) => broadcast.id === summary.broadcast_id || (broadcast.cta_ids || []).includes(summary.id))
      .map((broadcast) => broadcast.id);
    if (!naming.length) return summary.broadcast_id == null ? null : undefined;
    return naming.find((broadcastId) => active.includes(broadcastId));
  }

  // --------------------------------------------------------- definitions
  const definitions = new Map<number, Promise<CtaDocument>>();
  const definition = (summary: PublicCtaSummary) => {
    let pending = definitions.get(summary.id);
    if (!pending) {
      // A CTA that shows at page start may come with its definition (previews fetch theirs: they may show a draft).
      pending =
        summary.cta && mode != "preview"
          ? Promise.resolve(summary.cta)
          : loadCtaDocument(summary, {
              api: { getCta: (ctaId) => api.getCta(ctaId, mode === "preview") },
              store,
              websiteId,
              now,
            });
      // A failed fetch is not remembered: the next trigger tries again.
      pending.catch(() => definitions.delete(summary.id));
      definitions.set(summary.id, pending);
    }
    return pending;
  };
  const loadRenderer = createChunkLoader<RendererModule>("renderer", config.asset_base, deps.importRenderer);
  /** Starts fetching what showing the CTA takes (both are shared promises: fetched once). */
  const warmUp = (summary: PublicCtaSummary) => {
    definition(summary).catch(() => {});
    void loadRenderer();
  };
  // A CTA that shows at page start gets its definition and the renderer first, and while the visitor loads (it still shows only once ready).
  const warmUpStart = () => {
    const conditions = context();
    const active = activeBroadcasts(conditions);
    for (const summary of summaries)
      if (
        !placed(summary) &&
        !suppressed(summary) &&
        startsImmediately(summary.cta_type, summary.options) &&
        runsUnder(summary, conditions, active) !== undefined
      )
        warmUp(summary);
  };
  warmUpStart();
  // A website with a timed broadcast fetches the extras chunk at once for frame(), then warms up what that lets show.
  if (timed)
    void withExtras((loaded) => {
      frame = loaded.frame;
      warmUpStart();
    }).catch(() => {});

  // -------------------------------------------------------------- queues
  const nav = win.navigator;
  const events = createQueue<WireEvent>({
    store,
    key: `cf_${websiteId}_events`,
    send: api.sendEvents,
    beacon: beaconTo(api.eventsUrl, nav),
  });
  /** Forms waiting for the server's answer to their contact, by contact id. */
  const waiting = new Map<string, (error?: unknown, answer?: unknown) => void>();
  const contacts = createQueue<Queued & Record<string, unknown>>({
    store,
    key: `cf_${websiteId}_contacts`,
    send: (batch) => api.createContact(batch[0]),
    beacon: beaconTo(api.contactsUrl, nav, (batch) => ({ contact: batch[0] })),
    batchSize: 1,
    delay: 0,
    settled: (batch, error, answer) => waiting.get(batch[0].id)?.(error, answer),
  });
  for (const queue of [events, contacts]) {
    flushOnHide(queue, win, doc);
    // Whatever earlier pages could not send goes first.
    void queue.flush();
  }

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

  // ------------------------------------------------------------ tracking
  const track = (eventType: string, ids: Partial<CtaIds>, data: Record<string, unknown> = {}, revenue?: number) => {
    countInteraction(local, ids.cta_id, eventType);
    saveLocalData();
    if (live())
      void visitor.then((loaded) => {
        session();
        events.push({
          ...ids,
          event_type: eventType,
          visitor_token: loaded.token,
          url: href(),
          contactable_type: ids.cta_id ? "Cta" : null,
          contactable_id: ids.cta_id,
          revenue,
          data,
        });
      });
  };

  const setViewed = (ctaId: number) => {
    const minutes = hideMinutes(summaryOf(ctaId)?.options);
    if (minutes !== null && mode === "live")
      store.setCookie(viewedCookie(ctaId), "1", minutes ? minutes * 60 : undefined);
  };

  /** A client event on document (SPEC 7) naming the CTA, its variant and step, also forwarded to analytics. */
  const emit = (name: string, detail: Record<string, unknown>) => {
    const cta = states.get(Number(detail.cta_id))?.cta_;
    const full = { ...detail, cta_name: cta?.name };
    if (name === "cfConversion" && cta) setViewed(cta.id!);
    dispatch(name, full, doc);
    if (live() && (integrations.segment_write_key || integrations.gtm_id || Array.isArray(asObject(win).dataLayer)))
      void withExtras((loaded) => loaded.forward(win, integrations, name, cta, full)).catch(() => {});
  };

  const sendContact = async (fields: Record<string, unknown>): Promise<{ skipped?: boolean; queued?: boolean }> => {
    // Both printed ungated: the first is the owner's own setting keeping contacts out (SPEC 8), the second happens only while
    // an owner tests (admin, preview, a forced CTA), so it is a debug message already, without the loader carrying debug().
    if (config.data_settings?.["contact-processing"] === false) {
      warn("Contact PII processing disabled");
      return { skipped: true };
    }
    if (!live()) {
      warn("Not live: contact not sent");
      return { skipped: true };
    }
    const loaded = await visitor;
    const contact = contacts.push({ ...fields, visitor_token: loaded.token });
    const answer = await new Promise<{ skipped?: boolean; queued?: boolean }>((resolve, reject) => {
      const timer = set(() => {
        waiting.delete(contact.id);
        // Still stored: the queue resends it until the server has it, on this page or the next.
        resolve({ queued: true });
      }, CONTACT_WAIT);
      waiting.set(contact.id, (error, reply) => {
        waiting.delete(contact.id);
        clear(timer);
        error ? reject(error) : resolve(asObject(reply));
      });
      void contacts.flush();
    });
    if (answer.skipped) warn("Contact PII processing disabled");
    else if (loaded.person) {
      // The local person learns what was just sent, so merge tags and conditions see it at once.
      for (const key of ["email", "phone", "name", "last_name"] as const)
        if (fields[key]) loaded.person[key] = fields[key] as string;
      loaded.person.person_type = "Contact";
      keepPerson(loaded.person);
    }
    return answer;
  };
  // SPEC 5: the host page's own forms become contacts (the extras chunk; sendContact skips what must not be sent).
  if (config.form_tracking)
    void withExtras((loaded) => loaded.trackForms(doc, (fields) => stopped || sendContact(fields))).catch(() => {});

  // ------------------------------------------------------------- display
  const runtime: CtaRuntime = {
    track: (type, ids, data) => track(type, ids, data),
    submitContact: (payload) => sendContact(payload as unknown as Record<string, unknown>),
    // A renderer that closes by itself reports cfClose here: it is handled like our own close.
    dispatch: (name, detail) => (name === "cfClose" ? close(Number(detail.cta_id)) : emit(name, detail)),
    showCta: (ctaId) => void handlers.trigger(ctaId),
    savePerson: keepPerson,
    conditionsPass: (conditions, values) => passes(conditions, context(values)),
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

  /** Where and how a CTA shows: in a page element (inline), as a teaser, under a broadcast (null: none; undefined: its own). */
  type ShowOptions = { el_?: HTMLElement; teaser_?: boolean; broadcast_?: number | null };
  const byPriority = (a: PublicCtaSummary, b: PublicCtaSummary) => priorityOf(b.options) - priorityOf(a.options);
  /** The modal CTA open or on its way (0: none), and the modals waiting for it in trigger order. */
  let modal = 0;
  const waitList: [PublicCtaSummary, ShowOptions][] = [];
  /** Opens the waiting modal of highest priority that may still show: targeting is checked again for a triggered one (a click or beckon.trigger, without a broadcast, shows whatever its targeting). */
  const openNext = () => {
    const conditions = context();
    const active = activeBroadcasts(conditions);
    // Sorting is stable: equal priorities keep trigger order.
    waitList.sort((a, b) => byPriority(a[0], b[0]));
    for (let waiting; !modal && (waiting = waitList.shift()); )
      if (
        waiting[1].broadcast_ === undefined ||
        (runsUnder(waiting[0], conditions, active) !== undefined && !(mode == "live" && suppressed(waiting[0])))
      )
        void show(...waiting);
  };
  const releaseModal = (ctaId: number) => {
    if (modal == ctaId) {
      modal = 0;
      openNext();
    }
  };

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
      const [cta, renderer] = await Promise.all([definition(summary), loadRenderer(), visitor]);
      // No renderer: the chunk loader has said why.
      if (!renderer) return;
      state.cta_ = cta;
      // The renderer asks conditionsPass synchronously (action groups, conditional rows): have every type ready.
      if (needsMoreTests(cta)) await moreTests().catch(() => {});
      const cookie = variantCookieName(websiteId, summary.id);
      // A single variant is no split: no cookie to read or write (each cookie write is a round trip to the browser's cookie store).
      const split = cta.variants.length > 1;
      const remembered = split ? store.cookie(cookie) : null;
      const variant = flags.preview
        ? cta.variants.find((candidate) => candidate.id === flags.preview)
        : pickVariant(cta.variants, remembered, deps.random);
      if (!variant) return;
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
          person: person(),
          runtime,
          broadcastId,
          onClose: () => close(summary.id),
          // SPEC 4: a CTA's view counts once per page load, however many placeholders show it.
          onView() {
            if (!viewed.has(summary.id)) {
              viewed.add(summary.id);
              track("View", ids);
              emit("cfView", { ...ids });
            }
          },
          teaser: !!options.teaser_,
          mode,
        }),
      });
      mark("cta " + summary.id);
      printTimings();
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

  // ------------------------------------------------------------ triggers
  const cart = { local, fetchFn, shop, value: deps.cartValue };
  const triggerEnv: TriggerEnv = {
    win,
    doc,
    set,
    clear,
    mobile: deps.mobile ?? (!!win.matchMedia?.("(pointer: coarse)").matches && win.innerWidth <= 1024),
    cart: (spec, fire) => {
      // 0 once disarmed: an extras chunk arriving later arms nothing.
      let off: (() => void) | 0 | undefined;
      void withExtras((loaded) => off !== 0 && (off = loaded.armCart(win, spec, threshold, fire, cart))).catch(
        () => {},
      );
      return () => {
        off && off();
        off = 0;
      };
    },
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
    for (const summary of [...summaries].sort(byPriority)) {
      const state = stateOf(summary.id);
      if (placed(summary) || state.s !== "hidden" || state.fired || state.off) continue;
      const broadcast = runsUnder(summary, conditions, active);
      if (broadcast === undefined || (mode === "live" && suppressed(summary))) continue;
      const teaser = hasTeaser(summary.cta_type, summary.options);
      const trigger = triggerOf(summary.options, teaser);
      const fire = () => {
        state.off = undefined;
        state.fired = true;
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
    const el = (event.target as Element)?.closest?.("[class*=cta-][class*=-trigger]");
    const match = el && /(?:^|\s)cta-(\d+)-trigger(?:\s|$)/.exec(el.getAttribute("class") || "");
    const summary = match && summaryOf(match[1]);
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
    viewed.clear();
    // A modal still waiting was triggered on the page left behind.
    waitList.length = 0;
    for (const state of states.values()) {
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
      if (!needsMoreTests(allConditions) && !deps.company && !timed) return { visitor: "ok" };
      // Only the chunk's download is bounded here: the steps inside have their own time-outs.
      const more = await withTimeout(extras(), EXTRAS_TIMEOUT, { set, clear })
        .then((chunk) => {
          installTests(chunk!.moreTests);
          frame = chunk!.frame;
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
      else void drainCalls();
      dispatch("cfReady", { visitor_token: current!.token, steps }, doc);
      evaluate();
      startInline();
      if (mode === "admin") openPanel(steps);
      return steps;
    })
    .catch((error) => (warn("Start failed", error), {}));

  // --------------------------------------------------- identify, purchases
  // identify and trackPurchase calls wait in storage (in call order) for their rules, which live in the extras chunk, and for the visitor.
  const callsKey = `cf_${websiteId}_identify`;
  let draining = Promise.resolve();
  /** Hands the calls in storage to the extras chunk, one drain after the other; with none waiting it is not fetched. Never rejects. */
  const drainCalls = () =>
    (draining = draining.then(async () => {
      if (store.get<WaitingCall[]>(callsKey)?.length)
        await withExtras((chunk) =>
          chunk.drainCalls(store, callsKey, visitor, {
            session,
            saveSession: (changed) => store.set(sessionKey(websiteId), changed),
            track,
            sendContact,
          }),
        ).catch(() => {});
    }));
  const queueCall = (call: WaitingCall) => {
    store.set(callsKey, [...(store.get<WaitingCall[]>(callsKey) || []), call]);
    return drainCalls();
  };

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
    visitor,
    ready: whenReady,
    state: (ctaId) => stateOf(ctaId).s,
    /** Stops watching the page (tests, single-page app teardown). */
    stop() {
      stopped = true;
      inline?.stop();
      doc.removeEventListener("click", onClick);
      for (const state of states.values()) state.off?.();
    },
    /** Re-evaluates targeting and looks for new placeholders (single-page apps after a render). */
    start() {
      evaluate();
      if (ready) startInline();
    },
    /** Fetches a CTA's definition and the renderer ahead of time. */
    load(ctaId: unknown) {
      const summary = summaryOf(ctaId);
      if (!summary) return warn("No published CTA " + ctaId);
      return Promise.all([definition(summary), loadRenderer()]).then(() => undefined);
    },
    /** Shows a CTA now (SPEC 4 direct trigger); inline ones fill placeholders not filled yet. */
    trigger(ctaId: unknown) {
      const summary = summaryOf(ctaId);
      if (!summary) return warn("No published CTA " + ctaId);
      return placed(summary) ? inline?.scan() : show(summary);
    },
    close: (ctaId: unknown) => close(Number(ctaId)),
    // Kept until handled: their rules live in the extras chunk, which a server outage may keep away.
    identify: (props: unknown) => queueCall([props, href()]),
    trackPurchase: (props: unknown) => queueCall([props, href(), 1]),
  };
  return handlers;
}
