import { createContext, useMemo, type ReactNode } from "react";
import type { PublicPerson, PublicWebsiteConfig } from "../../app/lib/schema/public-config";
import { createStorefrontCart, type StorefrontCart, type StorefrontCartConfig } from "../store/storefront-cart";
import type { CtaRuntime, RendererModule } from "../render/types";

/** What BeckonCta and useBeckon read from the provider. */
export interface BeckonContextValue {
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  /** The Storefront API cart every CTA of the app shares (null without a storefront config). */
  store: StorefrontCart | null;
  runtime: CtaRuntime;
  loadRenderer(): Promise<RendererModule>;
}

export const BeckonContext = createContext<BeckonContextValue | null>(null);

export interface BeckonProviderProps {
  /** The website's public config (GET /api/websites/{id}.js answers it). */
  config: PublicWebsiteConfig;
  /** The app's Storefront API settings; CTAs add to this cart. */
  storefront?: StorefrontCartConfig;
  /** A ready store adapter instead of `storefront` (tests, or an app that already made one). */
  store?: StorefrontCart;
  person?: PublicPerson | null;
  /** Tracking and client events; the default sends events to the website's API and dispatches DOM events. */
  runtime?: Partial<CtaRuntime>;
  /** The renderer module; default: the built renderer from the config's asset base. */
  loadRenderer?: () => Promise<RendererModule>;
  children?: ReactNode;
}

let rendererPromise: Promise<RendererModule> | null = null;

/** Imports the built renderer once; a failure is forgotten so the next CTA tries again. */
function importRenderer(assetBase: string): Promise<RendererModule> {
  return (rendererPromise ??= (import(/* @vite-ignore */ new URL("beckon-renderer.js", assetBase).href) as Promise<RendererModule>).catch((e) => {
    rendererPromise = null;
    throw e;
  }));
}

const randomId = () => (crypto.randomUUID?.() ?? Math.random().toString(36).slice(2) + Date.now().toString(36) + Math.random().toString(36).slice(2)).replace(/-/g, "");

/** The visitor token of a headless app: the person's, else one kept in localStorage per website. */
function visitorToken(config: PublicWebsiteConfig, person: PublicPerson | null): { token: string; known: boolean } {
  if (person?.visitor_token) return { token: person.visitor_token, known: true };
  const key = `beckon_visitor_${config.website_id}`;
  try {
    const kept = localStorage.getItem(key);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return { token: kept, known: false };
    const token = randomId();
    localStorage.setItem(key, token);
    return { token, known: false };
  } catch {
    return { token: randomId(), known: false };
  }
}

/**
 * The default runtime of a headless app: events to the public API (fire and
 * forget), client events on document. The server stores events only for a
 * visitor it knows, so the visitor is created first (once per runtime, as the
 * loader's visitor.ts does; creation is idempotent). Bodies go as text/plain
 * JSON: a simple request, no CORS preflight.
 */
export function defaultRuntime(config: PublicWebsiteConfig, person: PublicPerson | null = null): CtaRuntime {
  const api = `${config.api_origin.replace(/\/$/, "")}/api/websites/${config.website_id}/`;
  const post = (path: string, body: unknown) => fetch(api + path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "text/plain" }, keepalive: true });
  let visitor: Promise<string> | null = null;
  const ensureVisitor = () =>
    (visitor ??= (async () => {
      const { token, known } = visitorToken(config, person);
      if (!known) {
        const res = await post("visitors", { visitor: { visitor_token: token, landing_page: location.href.slice(0, 2000), platform: "Web", referral_source: document.referrer ? document.referrer.slice(0, 2000) : null, data: {} }, new: true });
        if (!res.ok) throw new Error(`visitor creation answered ${res.status}`);
      }
      return token;
    })().catch((e) => {
      visitor = null; // the next event tries again
      throw e;
    }));
  return {
    track(eventType, ids, data) {
      void ensureVisitor()
        .then((token) => {
          const event = { id: randomId(), event_type: eventType, visitor_token: token, contactable_type: "Cta", contactable_id: ids.cta_id, ...ids, url: location.href.slice(0, 2000), data: data ?? {}, at: Date.now() };
          return post("events/create", { events: [event] });
        })
        .catch((e) => console.warn("[beckon] Tracking failed", e));
    },
    submitContact: async () => ({ skipped: true }),
    dispatch(name, detail) {
      document.dispatchEvent(new CustomEvent(name, { detail }));
    },
  };
}

/** Gives the Beckon CTAs inside it the website config, the app's Storefront cart and a runtime. */
export function BeckonProvider(props: BeckonProviderProps) {
  const { config, storefront, store: given, person = null, runtime, loadRenderer } = props;
  const value = useMemo<BeckonContextValue>(() => {
    const store = given ?? (storefront ? createStorefrontCart({ currency: config.currency, ...storefront }) : null);
    return {
      config,
      person,
      store,
      runtime: { ...defaultRuntime(config, person), ...runtime, store },
      loadRenderer: loadRenderer ?? (() => importRenderer(config.asset_base)),
    };
    // The store keeps the session cart; it is made once per config.
  }, [config, storefront?.storeDomain, storefront?.publicAccessToken, given]);
  return <BeckonContext.Provider value={value}>{props.children}</BeckonContext.Provider>;
}
