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

/** The default runtime of a headless app: events to the public API (fire and forget), client events on document. */
export function defaultRuntime(config: PublicWebsiteConfig): CtaRuntime {
  return {
    track(eventType, ids, data) {
      const url = `${config.api_origin.replace(/\/$/, "")}/api/websites/${config.website_id}/events/create`;
      const body = JSON.stringify({ event: { event_type: eventType, website_id: config.website_id, url: location.href, data: { ...data, ...ids } } });
      void fetch(url, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch(() => undefined);
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
      runtime: { ...defaultRuntime(config), ...runtime, store },
      loadRenderer: loadRenderer ?? (() => importRenderer(config.asset_base)),
    };
    // The store keeps the session cart; it is made once per config.
  }, [config, storefront?.storeDomain, storefront?.publicAccessToken, given]);
  return <BeckonContext.Provider value={value}>{props.children}</BeckonContext.Provider>;
}
