/**
 * Wires the core modules together for one website: visitor, tracking queue,
 * inline CTAs, the renderer and the public API handlers. Everything that
 * touches the network or the page is injectable, so tests drive it with fakes.
 */
import type { CtaDocument } from "../../app/lib/schema/cta";
import type { PublicCtaSummary, PublicWebsiteConfig } from "../../app/lib/schema/public-config";
import type { CtaIds, CtaRuntime, MountedCta, RendererModule } from "../render/types";
import { createApi, type FetchFn, type HttpError } from "./api";
import { loadCtaDocument } from "./cta-store";
import { dispatch } from "./events";
import { randomId } from "./ids";
import { watchInlineTargets, type InlineTarget } from "./inline";
import { log } from "./log";
import type { PublicHandlers } from "./public-api";
import { beaconTo, createQueue, flushOnHide } from "./queue";
import { createRendererLoader, type Importer } from "./renderer-loader";
import { touchSession } from "./session";
import { createBrowserStore, type Store } from "./storage";
import { pickVariant, VARIANT_COOKIE_SECONDS, variantCookieName } from "./variant";
import { loadVisitor, savePerson, type LoadedVisitor } from "./visitor";

export interface WidgetDeps {
  config: PublicWebsiteConfig;
  win?: Window;
  doc?: Document;
  fetch?: FetchFn;
  importRenderer?: Importer;
  store?: Store;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4,6}$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function domReady(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.readyState !== "loading") resolve();
    else doc.addEventListener("DOMContentLoaded", () => resolve(), { once: true });
  });
}

const firstStepId = (cta: CtaDocument, variantId: number | null) => {
  const steps = cta.variants.find((v) => v.id === variantId)?.steps ?? [];
  return [...steps].sort((a, b) => a.position - b.position)[0]?.id ?? null;
};

/** Starts the widget for one website and returns the handlers of window.beckon. */
export function startWidget(deps: WidgetDeps): PublicHandlers & { visitor: Promise<LoadedVisitor>; stop(): void } {
  const { config } = deps;
  const win = deps.win ?? window;
  const doc = deps.doc ?? document;
  const websiteId = config.website_id;
  const store = deps.store ?? createBrowserStore(doc, win);
  const api = createApi(config.api_origin, websiteId, deps.fetch);
  const queue = createQueue({ store, key: `cf_${websiteId}_events`, send: api.sendEvents, beacon: beaconTo(api.eventsUrl, win.navigator) });
  flushOnHide(queue, win, doc);
  // Whatever earlier pages could not send goes first.
  void queue.flush();

  const href = () => win.location.href.slice(0, 2000);
  const session = () => touchSession(store, websiteId);
  session();
  const visitor = loadVisitor({ websiteId, api, store, href: win.location.href, referrer: doc.referrer });
  const loadRenderer = createRendererLoader(config.asset_base, deps.importRenderer);
  const documents = new Map<number, Promise<CtaDocument>>();
  const mounted = new Map<number, { host: HTMLElement; m: MountedCta; ids: CtaIds }[]>();
  const viewed = new Set<number>();
  const summaries = config.ctas || [];
  let inline: { scan(): void; stop(): void } | undefined;
  let stopped = false;

  const definition = (summary: PublicCtaSummary) => {
    let p = documents.get(summary.id);
    if (!p) {
      p = loadCtaDocument(summary, { api, store, websiteId });
      // A failed fetch is not remembered: the next trigger tries again.
      p.catch(() => documents.delete(summary.id));
      documents.set(summary.id, p);
    }
    return p;
  };

  const track = (eventType: string, ids: Partial<CtaIds>, data: Record<string, unknown> = {}, revenue?: number) =>
    visitor.then((v) => {
      session();
      queue.push({
        event_type: eventType,
        visitor_token: v.token,
        url: href(),
        cta_id: ids.cta_id ?? null,
        variant_id: ids.variant_id ?? null,
        step_id: ids.step_id ?? null,
        element_id: ids.element_id ?? null,
        broadcast_id: ids.broadcast_id ?? null,
        contactable_type: ids.cta_id ? "Cta" : null,
        contactable_id: ids.cta_id ?? null,
        revenue: revenue ?? null,
        data,
      });
    });

  const sendContact = async (fields: Record<string, unknown>): Promise<{ skipped?: boolean }> => {
    if (config.data_settings?.["contact-processing"] === false) {
      log("Contact PII processing disabled");
      return { skipped: true };
    }
    const v = await visitor;
    const contact = { ...fields, id: randomId(), visitor_token: v.token };
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await api.createContact(contact);
        if (res.skipped) log("Contact PII processing disabled");
        else if (v.person) {
          // The local person learns what was just sent, so merge tags and conditions see it at once.
          for (const k of ["email", "phone", "name", "last_name"] as const) if (fields[k]) v.person[k] = fields[k] as string;
          v.person.person_type = "Contact";
          savePerson(store, websiteId, v.token, v.person, Date.now(), v.loggedIn);
        }
        return res;
      } catch (e) {
        const status = (e as HttpError).status;
        // Same client id on every try: the server stores the contact once.
        if (attempt >= 2 || (status >= 400 && status < 500)) throw e;
        await sleep(1000 * 2 ** attempt);
      }
    }
  };

  const runtime: CtaRuntime = {
    track: (type, ids, data) => void track(type, ids, data),
    submitContact: (payload) => sendContact(payload as unknown as Record<string, unknown>),
    dispatch: (name, detail) => dispatch(name, detail, doc),
  };

  async function show({ el, cta: summary }: InlineTarget): Promise<void> {
    try {
      const [cta, renderer, v] = await Promise.all([definition(summary), loadRenderer(), visitor]);
      if (!renderer) return;
      const cookie = variantCookieName(websiteId, summary.id);
      const variant = pickVariant(cta.variants, store.cookie(cookie));
      if (!variant) return;
      store.setCookie(cookie, String(variant.id), VARIANT_COOKIE_SECONDS);
      // A custom tag, not a div: page rules like `div { ... }` never match the host itself.
      const host = doc.createElement("beckon-cta");
      host.setAttribute("data-beckon-cta", String(summary.id));
      el.appendChild(host);
      const m = (renderer as RendererModule).mountCta({
        host,
        cta,
        variant,
        config,
        person: v.person,
        runtime,
        broadcastId: summary.broadcast_id,
      });
      const ids: CtaIds = {
        cta_id: summary.id,
        variant_id: variant.id ?? null,
        step_id: firstStepId(cta, variant.id ?? null),
        broadcast_id: summary.broadcast_id,
      };
      mounted.set(summary.id, [...(mounted.get(summary.id) || []), { host, m, ids }]);
      // SPEC 4: a CTA's view counts once per page load, however many placeholders show it.
      if (!viewed.has(summary.id)) {
        viewed.add(summary.id);
        runtime.track("View", ids);
        runtime.dispatch("cfView", { ...ids });
      }
    } catch (e) {
      log("Could not show CTA " + summary.id, e);
    }
  }

  let started = false;
  const start = () => {
    if (started) return inline?.scan();
    started = true;
    void domReady(doc).then(() => {
      if (!stopped) inline = watchInlineTargets(doc, summaries, (t) => void show(t));
    });
  };

  void visitor.then((v) => dispatch("cfReady", { visitor_token: v.token }, doc));
  start();

  const summary = (id: unknown) => summaries.find((c) => c.id === Number(id));

  return {
    visitor,
    /** Stops looking for new placeholders (tests, single-page app teardown). */
    stop() {
      stopped = true;
      inline?.stop();
    },
    start,
    /** Fetches a CTA's definition and the renderer ahead of time. */
    load(ctaId: unknown) {
      const s = summary(ctaId);
      if (!s) return log("No published CTA " + ctaId);
      return Promise.all([definition(s), loadRenderer()]).then(() => undefined);
    },
    /** Shows a CTA now: inline ones in any placeholders not filled yet. */
    trigger(ctaId: unknown) {
      if (!summary(ctaId)) return log("No published CTA " + ctaId);
      inline?.scan();
    },
    close(ctaId: unknown) {
      const list = mounted.get(Number(ctaId)) || [];
      mounted.delete(Number(ctaId));
      for (const { host, m, ids } of list) {
        m.unmount();
        host.remove();
        runtime.dispatch("cfClose", { ...ids });
      }
    },
    async identify(props: Record<string, unknown> = {}) {
      const email = typeof props.email == "string" ? props.email.trim().toLowerCase() : "";
      const phone = typeof props.phone == "string" ? props.phone.trim() : "";
      const fields: Record<string, unknown> = { source_url: href() };
      if (EMAIL_RE.test(email)) fields.email = email;
      if (PHONE_RE.test(phone)) fields.phone = phone;
      if (!fields.email && !fields.phone) return log("identify needs a valid email or phone");
      for (const k of ["name", "last_name", "company_name", "company_title", "website", "city", "state", "country", "zip_code", "address"]) {
        if (typeof props[k] == "string") fields[k] = (props[k] as string).slice(0, 500);
      }
      const person = (await visitor).person as Record<string, unknown> | null;
      if (person && !props.override) {
        // SPEC 5: profile fields are set only when empty, unless override is true.
        for (const k of Object.keys(fields)) if (k !== "source_url" && person[k]) fields[k] = person[k];
        if (Object.keys(fields).every((k) => k === "source_url" || fields[k] === person[k])) return;
      }
      await sendContact(fields);
    },
    trackPurchase(props: { revenue?: unknown; order_id?: unknown } = {}) {
      const { revenue, order_id: orderId } = props || {};
      if (orderId == null || orderId === "") return log("trackPurchase: no order_id");
      if (typeof orderId != "string" || orderId.length > 99) return log("trackPurchase: order_id must be 1 to 100 characters");
      if (revenue == null || revenue === "") return log("trackPurchase: no revenue");
      const amount = Number(revenue);
      if (!isFinite(amount)) return log("trackPurchase: revenue must be numeric");
      const s = session();
      if (s.orders.includes(orderId)) return log("trackPurchase: order already tracked this session");
      s.orders.push(orderId);
      store.set(`cf_${websiteId}_session`, s);
      return track("Order", {}, { order_id: orderId.slice(0, 100) }, Math.max(0, amount));
    },
  };
}
