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
import { CORE_TYPES, installTests, passes, type ConditionContext } from "./conditions";
import { hasTeaser, hideMinutes, isModal, priorityOf, startsImmediately, triggerOf } from "./cta-options";
import { loadCtaDocument } from "./cta-store";
import { dispatch } from "./events";
import type { WaitingCall } from "./extras/calls";
import type * as Extras from "./extras/extras";
import { placed, type InlineTarget } from "./inline";
import { withTimeout, type StepStatus } from "./lifecycle";
import { log } from "./log";
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

interface CtaState {
  s: DisplayState;
  fired?: boolean;
  off?: () => void;
  mounts: { host: HTMLElement; m: MountedCta; ids: CtaIds }[];
  cta?: CtaDocument;
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


const obj = (v: unknown): Record<string, any> => (v && typeof v == "object" ? (v as Record<string, any>) : {});

/** Starts the widget for one website and returns the handlers of window.beckon. */
export function startWidget(deps: WidgetDeps): Widget {
  const { config } = deps;
  const win = deps.win ?? window;
  const doc = deps.doc ?? document;
  const now = deps.now ?? Date.now;
  const set = deps.set ?? ((f: () => void, ms: number) => setTimeout(f, ms));
  const clear = deps.clear ?? clearTimeout;
  const fetchFn: FetchFn = deps.fetch ?? ((u, i) => fetch(u, i));
  const id = config.website_id;
  // window.beckon is still the snippet's stub here: its cookie read (beckon.c) and early visitor (beckon.v).
  const stub = obj(obj(win).beckon);
  const store = deps.store ?? createBrowserStore(doc, win, now, stub.c);
  const api = createApi(config.api_origin, id, fetchFn);
  const t0 = now();
  const timings: Record<string, number> = {};
  const mark = (name: string) => (timings[name] = now() - t0);
  /** cfTime=true (SPEC 2): the timings so far, printed at ready and as each CTA shows. */
  const printTimings = (steps?: unknown) => flags.time && console.info("[beckon] timing (ms)", timings, steps);
  const href = () => win.location.href.slice(0, 2000);
  const flags = readFlags(win.location.href, id);
  const shop = readShop(doc);
  const summaries = config.ctas || [];
  const broadcasts = config.broadcasts || [];
  const keys = config.integrations || {};
  const summary = (ctaId: unknown) => summaries.find((c) => c.id === Number(ctaId));
  const loggedInCookie = `cf_${id}_logged_in`;
  const viewedCookie = (ctaId: number) => `cf_${id}_cta_${ctaId}_viewed`;
  const threshold = config.data_settings?.["cart-value-threshold"];

  let mode: Mode = flags.preview || shop?.design_mode ? "preview" : flags.admin || store.cookie(loggedInCookie) === "true" ? "admin" : "live";
  const forced = flags.preview ? summaries.find((s) => s.variants.some((v) => v.id === flags.preview)) : summary(flags.campaign);
  const live = () => mode === "live" && !flags.campaign;
  const extras = createChunkLoader<ExtrasModule>("extras", config.asset_base, deps.importExtras);
  const withExtras = <T,>(f: (x: ExtrasModule) => T | Promise<T>): Promise<T> => extras().then((x) => (x ? f(x) : Promise.reject()));
  // Conditions beyond the page types need the extras' testers; a failed load leaves them failing.
  const moreTests = () => withExtras((x) => installTests(x.moreTests));
  const notCore = (types: string[]) => types.some((t) => !CORE_TYPES.includes(t));

  // ------------------------------------------------- session, visits, params
  const session = () => touchSession(store, id, now());
  const sessionId = session().id;
  const local = readLocal(store, id);
  const saveL = () => saveLocal(store, id, local);
  local.visits = recordVisit(local.visits, href(), sessionId, now());
  local.params = { ...local.params, ...flags.utms };
  if (flags.email) local.params.email = flags.email;
  saveL();

  // -------------------------------------------------------------- person
  let current: LoadedVisitor | null = null;
  const person = (): PublicPerson | null => {
    const p = current?.person;
    // Browser-only data laid over the server's, so merge tags and the renderer's conditions see it.
    if (p) p.data = { ...obj(p.data), ...local };
    return p ?? null;
  };
  const keepPerson = (p: PublicPerson) => {
    if (!current) return;
    current.person = p;
    savePerson(store, id, current.token, p, now(), current.loggedIn);
  };

  // ------------------------------------------------------------- targeting
  const allConditions = [...(config.conditions || []), ...broadcasts.flatMap((b) => b.conditions || [])];
  const ctx = (values?: Record<string, unknown>): ConditionContext => ({
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
  const on = (c: ConditionContext) =>
    broadcastsOn(broadcasts, (b) => !isTimed(b) || frame?.(b, now()) == "started", (conds) => passes(conds, c));

  const states = new Map<number, CtaState>();
  const stateOf = (ctaId: number): CtaState => {
    let s = states.get(ctaId);
    if (!s) states.set(ctaId, (s = { s: "hidden", mounts: [] }));
    return s;
  };
  const suppressed = (s: PublicCtaSummary) => hideMinutes(s.options) !== null && store.cookie(viewedCookie(s.id)) != null;

  /** The broadcast a CTA runs under now: null when it runs without one, undefined when it must not run. */
  function runsUnder(s: PublicCtaSummary, c: ConditionContext, active: number[]): number | null | undefined {
    if (!passes(config.conditions, c)) return undefined;
    const names = broadcasts.filter((b) => b.id === s.broadcast_id || (b.cta_ids || []).includes(s.id)).map((b) => b.id);
    if (!names.length) return s.broadcast_id == null ? null : undefined;
    return names.find((b) => active.includes(b));
  }

  // --------------------------------------------------------- definitions
  const definitions = new Map<number, Promise<CtaDocument>>();
  const definition = (s: PublicCtaSummary) => {
    let p = definitions.get(s.id);
    if (!p) {
      // A CTA that shows at page start may come with its definition (previews fetch theirs: they may show a draft).
      p = s.cta && mode != "preview" ? Promise.resolve(s.cta) : loadCtaDocument(s, { api: { getCta: (ctaId) => api.getCta(ctaId, mode === "preview") }, store, websiteId: id, now });
      // A failed fetch is not remembered: the next trigger tries again.
      p.catch(() => definitions.delete(s.id));
      definitions.set(s.id, p);
    }
    return p;
  };
  const loadRenderer = createChunkLoader<RendererModule>("renderer", config.asset_base, deps.importRenderer);
  /** Starts fetching what showing the CTA takes (both are shared promises: fetched once). */
  const warmUp = (s: PublicCtaSummary) => {
    definition(s).catch(() => {});
    void loadRenderer();
  };
  // A CTA that shows at page start gets its definition and the renderer first, and while the visitor loads (it still shows only once ready).
  const warmUpStart = () => {
    const c0 = ctx();
    const active0 = on(c0);
    for (const s of summaries) if (!placed(s) && !suppressed(s) && startsImmediately(s.cta_type, s.options) && runsUnder(s, c0, active0) !== undefined) warmUp(s);
  };
  warmUpStart();
  // A website with a timed broadcast fetches the extras chunk at once for frame(), then warms up what that lets show.
  if (timed)
    void withExtras((x) => {
      frame = x.frame;
      warmUpStart();
    }).catch(() => {});

  // -------------------------------------------------------------- queues
  const nav = win.navigator;
  const queue = createQueue<WireEvent>({ store, key: `cf_${id}_events`, send: api.sendEvents, beacon: beaconTo(api.eventsUrl, nav) });
  const waiting = new Map<string, (error?: unknown, answer?: unknown) => void>();
  const contacts = createQueue<Queued & Record<string, unknown>>({
    store,
    key: `cf_${id}_contacts`,
    send: (b) => api.createContact(b[0]),
    beacon: beaconTo(api.contactsUrl, nav, (b) => ({ contact: b[0] })),
    batchSize: 1,
    delay: 0,
    settled: (b, error, answer) => waiting.get(b[0].id)?.(error, answer),
  });
  for (const q of [queue, contacts]) {
    flushOnHide(q, win, doc);
    // Whatever earlier pages could not send goes first.
    void q.flush();
  }

  // ------------------------------------------------------------- visitor
  // The snippet may have started a first visit's creation already (snippet.ts).
  const early = stub.v;
  const visitor = loadVisitor({ websiteId: id, api, store, href: win.location.href, referrer: doc.referrer, now, utms: flags.utms, early }).then((v) => {
    current = v;
    if (v.loggedIn) {
      store.setCookie(loggedInCookie, "true", LOGGED_IN_SECONDS);
      if (mode === "live") mode = "admin";
    }
    return v;
  });

  // ------------------------------------------------------------ tracking
  const track = (eventType: string, ids: Partial<CtaIds>, data: Record<string, unknown> = {}, revenue?: number) => {
    countInteraction(local, ids.cta_id, eventType);
    saveL();
    if (live())
      void visitor.then((v) => {
        session();
        queue.push({
          ...ids,
          event_type: eventType,
          visitor_token: v.token,
          url: href(),
          contactable_type: ids.cta_id ? "Cta" : null,
          contactable_id: ids.cta_id,
          revenue,
          data,
        });
      });
  };

  const setViewed = (ctaId: number) => {
    const min = hideMinutes(summary(ctaId)?.options);
    if (min !== null && mode === "live") store.setCookie(viewedCookie(ctaId), "1", min ? min * 60 : undefined);
  };

  /** A client event on document (SPEC 7) naming the CTA, its variant and step, also forwarded to analytics. */
  const emit = (name: string, detail: Record<string, unknown>) => {
    const cta = states.get(Number(detail.cta_id))?.cta;
    const full = { ...detail, cta_name: cta?.name };
    if (name === "cfConversion" && cta) setViewed(cta.id!);
    dispatch(name, full, doc);
    if (live() && (keys.segment_write_key || keys.gtm_id || Array.isArray(obj(win).dataLayer)))
      void withExtras((x) => x.forward(win, keys, name, cta, full)).catch(() => {});
  };

  const sendContact = async (fields: Record<string, unknown>): Promise<{ skipped?: boolean; queued?: boolean }> => {
    if (config.data_settings?.["contact-processing"] === false) {
      log("Contact PII processing disabled");
      return { skipped: true };
    }
    if (!live()) {
      log("Not live: contact not sent");
      return { skipped: true };
    }
    const v = await visitor;
    const contact = contacts.push({ ...fields, visitor_token: v.token });
    const answer = await new Promise<{ skipped?: boolean; queued?: boolean }>((resolve, reject) => {
      const t = set(() => {
        waiting.delete(contact.id);
        // Still stored: the queue resends it until the server has it, on this page or the next.
        resolve({ queued: true });
      }, CONTACT_WAIT);
      waiting.set(contact.id, (error, ans) => {
        waiting.delete(contact.id);
        clear(t);
        error ? reject(error) : resolve(obj(ans));
      });
      void contacts.flush();
    });
    if (answer.skipped) log("Contact PII processing disabled");
    else if (v.person) {
      // The local person learns what was just sent, so merge tags and conditions see it at once.
      for (const k of ["email", "phone", "name", "last_name"] as const) if (fields[k]) v.person[k] = fields[k] as string;
      v.person.person_type = "Contact";
      keepPerson(v.person);
    }
    return answer;
  };
  // SPEC 5: the host page's own forms become contacts (the extras chunk; sendContact skips what must not be sent).
  if (config.form_tracking) void withExtras((x) => x.trackForms(doc, (c) => stopped || sendContact(c))).catch(() => {});

  // ------------------------------------------------------------- display
  const runtime: CtaRuntime = {
    track: (type, ids, data) => track(type, ids, data),
    submitContact: (payload) => sendContact(payload as unknown as Record<string, unknown>),
    // A renderer that closes by itself reports cfClose here: it is handled like our own close.
    dispatch: (name, detail) => (name === "cfClose" ? close(Number(detail.cta_id)) : emit(name, detail)),
    showCta: (ctaId) => void handlers.trigger(ctaId),
    savePerson: keepPerson,
    conditionsPass: (conditions, values) => passes(conditions, ctx(values)),
  };

  function close(ctaId: number): void {
    const st = states.get(ctaId);
    if (!st?.mounts.length) return;
    for (const { host, m, ids } of st.mounts.splice(0)) {
      m.unmount();
      host.remove();
      emit("cfClose", { ...ids });
    }
    st.s = "closed";
    setViewed(ctaId);
    if (modal == ctaId) {
      modal = 0;
      next();
    }
  }

  type ShowOptions = { el?: HTMLElement; teaser?: boolean; broadcast?: number | null };
  /** The modal CTA open or on its way (0: none), and the modals waiting for it in trigger order. */
  let modal = 0;
  const waitList: [PublicCtaSummary, ShowOptions][] = [];
  /** Opens the waiting modal of highest priority that may still show: targeting is checked again for a triggered one (a click or beckon.trigger, without a broadcast, shows whatever its targeting). */
  const next = () => {
    const c = ctx();
    const active = on(c);
    // Sorting is stable: equal priorities keep trigger order.
    waitList.sort((a, b) => priorityOf(b[0].options) - priorityOf(a[0].options));
    for (let w; !modal && (w = waitList.shift()); )
      if (w[1].broadcast === undefined || (runsUnder(w[0], c, active) !== undefined && !(mode == "live" && suppressed(w[0])))) void show(...w);
  };

  const viewed = new Set<number>();
  async function show(s: PublicCtaSummary, o: ShowOptions = {}): Promise<void> {
    const st = stateOf(s.id);
    if (!o.el && st.s === "visible") return;
    if (!o.el && isModal(s.cta_type, o.teaser)) {
      if (modal && modal != s.id) return void (waitList.some((w) => w[0] == s) || waitList.push([s, o]));
      modal = s.id;
    }
    const was = st.s;
    st.s = "visible";
    try {
      const [cta, renderer] = await Promise.all([definition(s), loadRenderer(), visitor]);
      if (!renderer) throw 0;
      st.cta = cta;
      // The renderer asks conditionsPass synchronously (action groups, conditional rows): have every type ready.
      if (notCore((JSON.stringify(cta).match(/"condition_type":"\w+/g) || []).map((m) => m.slice(18)))) await moreTests().catch(() => {});
      const cookie = variantCookieName(id, s.id);
      // A single variant is no split: no cookie to read or write (each cookie write is a round trip to the browser's cookie store).
      const split = cta.variants.length > 1;
      const remembered = split ? store.cookie(cookie) : null;
      const variant = flags.preview ? cta.variants.find((x) => x.id === flags.preview) : pickVariant(cta.variants, remembered, deps.random);
      if (!variant) throw 0;
      if (mode !== "preview" && split && remembered !== String(variant.id)) store.setCookie(cookie, String(variant.id), VARIANT_COOKIE_SECONDS);
      // A custom tag, not a div: page rules like `div { ... }` never match the host itself.
      const host = doc.createElement("beckon-cta");
      host.setAttribute("data-beckon-cta", String(s.id));
      (o.el || doc.body).appendChild(host);
      const broadcastId = o.broadcast !== undefined ? o.broadcast : s.broadcast_id;
      // The server sends steps in position order: the first is where the CTA starts.
      const ids: CtaIds = { cta_id: s.id, variant_id: variant.id ?? null, step_id: variant.steps[0]?.id ?? null, broadcast_id: broadcastId };
      st.mounts.push({
        host,
        ids,
        m: renderer.mountCta({
          host,
          cta,
          variant,
          config,
          person: person(),
          runtime,
          broadcastId,
          onClose: () => close(s.id),
          // SPEC 4: a CTA's view counts once per page load, however many placeholders show it.
          onView() {
            if (!viewed.has(s.id)) {
              viewed.add(s.id);
              track("View", ids);
              emit("cfView", { ...ids });
            }
          },
          teaser: !!o.teaser,
          mode,
        }),
      });
      mark("cta " + s.id);
      printTimings();
    } catch (e) {
      if (!st.mounts.length) {
        st.s = was;
        if (modal == s.id) {
          modal = 0;
          next();
        }
      }
      if (e) log("Could not show CTA " + s.id, e);
    }
  }

  // ------------------------------------------------------------ triggers
  const cart = { local, fetchFn, shop, value: deps.cartValue };
  const env: TriggerEnv = {
    win,
    doc,
    set,
    clear,
    mobile: deps.mobile ?? (!!win.matchMedia?.("(pointer: coarse)").matches && win.innerWidth <= 1024),
    cart: (spec, fire) => {
      // 0 once disarmed: an extras chunk arriving later arms nothing.
      let off: (() => void) | 0 | undefined;
      void withExtras((x) => off !== 0 && (off = x.armCart(win, spec, threshold, fire, cart))).catch(() => {});
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
    if (forced) return void show(forced, { broadcast: null });
    // The editor's preview shows its variant only; Shopify's theme editor (also preview mode) shows CTAs as a visitor would, untracked.
    if (flags.preview) return;
    const c = ctx();
    const active = on(c);
    // Triggers armed in priority order fire in that order on one event (two exit intents), so the higher modal opens and the other waits.
    for (const s of [...summaries].sort((a, b) => priorityOf(b.options) - priorityOf(a.options))) {
      const st = stateOf(s.id);
      if (placed(s) || st.s !== "hidden" || st.fired || st.off) continue;
      const b = runsUnder(s, c, active);
      if (b === undefined || (mode === "live" && suppressed(s))) continue;
      const teaser = hasTeaser(s.cta_type, s.options);
      const spec = triggerOf(s.options, teaser);
      const fire = () => {
        st.off = undefined;
        st.fired = true;
        void show(s, { teaser, broadcast: b });
      };
      // SPEC 4: in admin mode a CTA shows at once.
      if (mode === "admin") fire();
      else if (spec.kind !== "click") {
        st.off = arm(spec, env, fire);
        // Fetched ahead, so that a CTA shown later (an exit intent above all) opens on its trigger, not a round trip or two after it.
        // Once it has shown, this fetches nothing again.
        set(() => warmUp(s), WARM_UP_MS);
      }
    }
  }

  let inline: { scan(): void; stop(): void } | undefined;
  const onPlaced = ({ el, cta: s }: InlineTarget) => {
    if (forced && s !== forced) return;
    const c = ctx();
    const b = forced ? null : runsUnder(s, c, on(c));
    if (b !== undefined) void show(s, { el, broadcast: b });
  };
  const startInline = () => {
    if (inline) return inline.scan();
    // The watcher comes with the renderer, which a placed CTA needs to show anyway.
    const go = () =>
      summaries.some(placed) &&
      loadRenderer().then((r) => {
        if (!stopped && !inline) inline = r?.watchInlineTargets?.(doc, summaries, onPlaced);
      }, () => {});
    if (doc.readyState !== "loading") go();
    else doc.addEventListener("DOMContentLoaded", go, { once: true });
  };

  // Every CTA opens on a click on .cta-{id}-trigger (SPEC 4), whatever its trigger option.
  const onClick = (e: Event) => {
    const el = (e.target as Element)?.closest?.("[class*=cta-][class*=-trigger]");
    const m = el && /(?:^|\s)cta-(\d+)-trigger(?:\s|$)/.exec(el.getAttribute("class") || "");
    const s = m && summary(m[1]);
    if (s && !placed(s)) {
      e.preventDefault();
      void show(s);
    }
  };
  doc.addEventListener("click", onClick);

  // Single-page sites: a new address is a new page view, evaluated afresh.
  watchUrl(win, () => {
    if (stopped) return;
    local.visits = recordVisit(local.visits, href(), session().id, now());
    saveL();
    viewed.clear();
    // A modal still waiting was triggered on the page left behind.
    waitList.length = 0;
    for (const st of states.values()) {
      st.off?.();
      st.off = st.fired = undefined;
    }
    evaluate();
    inline?.scan();
  });

  // ------------------------------------------------------------ lifecycle
  // SPEC 4: visitor, then targeting sync and enrichment (the extras chunk, only when a condition needs them), then ready.
  const readyP = visitor
    .then(async (v): Promise<Record<string, StepStatus>> => {
      mark("visitor");
      // A logged-in Shopify customer is linked once per session (extras/customer.ts); nothing waits for it.
      const linked = `cf_${id}_customer`;
      if (shop?.logged_in && live() && store.get(linked) != sessionId) {
        store.set(linked, sessionId);
        void withExtras((x) => x.linkCustomer({ ...cart, win, v, keepPerson })).catch(() => {});
      }
      if (!notCore(allConditions.map((c) => c.condition_type)) && !deps.company && !timed) return { visitor: "ok" };
      // Only the chunk's download is bounded here: the steps inside have their own time-outs.
      const more = await withTimeout(extras(), EXTRAS_TIMEOUT, { set, clear })
        .then((x) => {
          installTests(x!.moreTests);
          frame = x!.frame;
          return x!.enrich({ ...cart, config, visitor: v, sessionId, now: now(), win, company: deps.company, keepPerson, set, clear });
        })
        .catch(() => ({ extras: "failed" as StepStatus }));
      mark("enrich");
      return { visitor: "ok", ...more };
    })
    .then((steps) => {
      saveL();
      ready = true;
      mark("ready");
      printTimings(steps);
      // SPEC 2: an e-mail in the address identifies the visitor (url_identification).
      if (flags.email && config.url_identification !== false) void handlers.identify({ email: flags.email });
      // Identify calls an earlier page could not handle.
      else void drainIdentify();
      dispatch("cfReady", { visitor_token: current!.token, steps }, doc);
      evaluate();
      startInline();
      if (mode === "admin") openPanel(steps);
      return steps;
    })
    .catch((e) => (log("Start failed", e), {}));

  // --------------------------------------------------- identify, purchases
  // identify and trackPurchase calls wait in storage (in call order) for their rules, which live in the extras chunk, and for the visitor.
  const identifyKey = `cf_${id}_identify`;
  let identifying = Promise.resolve();
  /** Hands the calls in storage to the extras chunk, one drain after the other; with none waiting it is not fetched. Never rejects. */
  const drainIdentify = () =>
    (identifying = identifying.then(async () => {
      if (store.get<WaitingCall[]>(identifyKey)?.length)
        await withExtras((x) => x.drainCalls(store, identifyKey, visitor, { session, saveSession: (s) => store.set(sessionKey(id), s), track, sendContact })).catch(() => {});
    }));
  const queueCall = (call: WaitingCall) => {
    store.set(identifyKey, [...(store.get<WaitingCall[]>(identifyKey) || []), call]);
    return drainIdentify();
  };

  // ---------------------------------------------------------- test panel
  const openPanel = (steps: Record<string, StepStatus>) =>
    void createChunkLoader<PanelModule>("panel", config.asset_base, deps.importPanel)().then((p) =>
      p?.openPanel({ config, mode, local, steps, timings, ctx: ctx(), state: stateOf, cookie: store.cookie, show: (c) => void handlers.trigger(c) }),
    );

  // ------------------------------------------------------------ public API
  const handlers: Widget = {
    visitor,
    ready: readyP,
    state: (ctaId) => stateOf(ctaId).s,
    /** Stops watching the page (tests, single-page app teardown). */
    stop() {
      stopped = true;
      inline?.stop();
      doc.removeEventListener("click", onClick);
      for (const st of states.values()) st.off?.();
    },
    /** Re-evaluates targeting and looks for new placeholders (single-page apps after a render). */
    start() {
      evaluate();
      if (ready) startInline();
    },
    /** Fetches a CTA's definition and the renderer ahead of time. */
    load(ctaId: unknown) {
      const s = summary(ctaId);
      if (!s) return log("No published CTA " + ctaId);
      return Promise.all([definition(s), loadRenderer()]).then(() => undefined);
    },
    /** Shows a CTA now (SPEC 4 direct trigger); inline ones fill placeholders not filled yet. */
    trigger(ctaId: unknown) {
      const s = summary(ctaId);
      if (!s) return log("No published CTA " + ctaId);
      return placed(s) ? inline?.scan() : show(s);
    },
    close: (ctaId: unknown) => close(Number(ctaId)),
    // Kept until handled: their rules live in the extras chunk, which a server outage may keep away.
    identify: (props: unknown) => queueCall([props, href()]),
    trackPurchase: (props: unknown) => queueCall([props, href(), 1]),
  };
  return handlers;
}
