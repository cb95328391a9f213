import { useCart, useShop } from "@shopify/hydrogen-react";
import { createContext, useCallback, useEffect, useMemo, useRef, type ReactNode } from "react";
import type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import { debug } from "#widget/core/debug";
import { createStorefrontCart, type StorefrontCart, type StorefrontCartConfig } from "#widget/store/storefront-cart";
import type { CartAdapter, ProductCatalog } from "#widget/store/types";
import type { CtaRuntime, RendererModule } from "#widget/render/types";
import { createCartAdds, type CartAddListener, type CartAdds } from "./cart-adds";
import { createCartProviderBridge, createCartProviderCart, type CartProviderState } from "./cart-provider-cart";
import { createServerCart, type ServerCart, type ServerCartHandler } from "./server-cart";

/** What BeckonCta and useBeckon read from the provider. */
export interface BeckonContextValue {
  config: PublicWebsiteConfig;
  person: PublicPerson | null;
  /** The cart every CTA of the app shares: the CartProvider's, a Storefront API cart, or the given adapter (null without any). */
  store: StorefrontCart | (CartAdapter & Partial<ProductCatalog>) | null;
  runtime: CtaRuntime;
  loadRenderer(): Promise<RendererModule>;
  /** Where CTA adds go: "server" (the app's server cart), "cart-provider" (hydrogen-react's useCart), "storefront" (Beckon's Storefront API cart), "custom" (the `store` prop), "none". */
  cartSource: "server" | "cart-provider" | "storefront" | "custom" | "none";
  /** Hears adds to that cart (any add under a CartProvider, CTA adds on the Storefront cart): the add-to-cart trigger. Answers the unsubscribe. */
  onCartAdd(listener: CartAddListener): () => void;
}

export const BeckonContext = createContext<BeckonContextValue | null>(null);

/**
 * An app whose cart lives on its server (Hydrogen's createCartHandler, the
 * cart id in its cookie): CTA writes go through the app. Give `action` (the
 * cart route taking CartForm posts) or `handler`; the callbacks are read at
 * each write, so they may be new every render.
 */
export interface ServerCartProps {
  /** The app's cart route ("/cart"): Beckon posts CartForm form data (`cartFormInput`) to it and reads its JSON answer. */
  action?: string;
  /** Instead of `action`: `(action, inputs) => handler's answer`, the app's own call into its cart handler. */
  handler?: ServerCartHandler;
  /** Runs after each write so the page's cart shows it without a reload (React Router's useRevalidator().revalidate). */
  revalidate?: () => unknown;
  /** The page's cart as its loader has it (`cart.get()`): the codes a discount keeps, the cart between writes. */
  cart?: unknown;
  /** Where "view cart" goes ("/cart" by default). */
  cartUrl?: string;
  /** fetch for the posts (tests). */
  fetch?: typeof fetch;
}

export interface BeckonProviderProps {
  /** The website's public config: GET /api/websites/{id}.json (fetchBeckonConfig), the object the site script carries. */
  config: PublicWebsiteConfig;
  /**
   * The app's Storefront API settings (products, and the cart outside a
   * CartProvider). Inside hydrogen-react's ShopifyProvider the domain, token
   * and version default to its own.
   */
  storefront?: Partial<StorefrontCartConfig>;
  /** The app's server cart (Hydrogen's skeleton): CTA writes go through its cart route or handler. */
  serverCart?: ServerCartProps;
  /** A ready store adapter instead of `storefront` (tests, or an app that already made one). */
  store?: StorefrontCart | (CartAdapter & Partial<ProductCatalog>);
  /** The storefront's existing cart ("gid://shopify/Cart/..."): CTA adds go to it with cartLinesAdd and no cart is created. */
  cartId?: string | null;
  /** Called with the id of the cart a CTA add created, so the storefront can keep it (and pass it back as `cartId`). */
  onCartCreated?: (cartId: string) => void;
  /** The buyer's country (CountryCode, e.g. "SE") for @inContext; default the ShopifyProvider's countryIsoCode. */
  country?: string | null;
  /** The buyer's language (LanguageCode, e.g. "SV") for @inContext; default the ShopifyProvider's languageIsoCode. */
  language?: string | null;
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
  return (rendererPromise ??= (
    import(/* @vite-ignore */ new URL("beckon-renderer.js", assetBase).href) as Promise<RendererModule>
  ).catch((e) => {
    rendererPromise = null;
    throw e;
  }));
}

const randomId = () =>
  (
    crypto.randomUUID?.() ??
    Math.random().toString(36).slice(2) + Date.now().toString(36) + Math.random().toString(36).slice(2)
  ).replace(/-/g, "");

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
  const post = (path: string, body: unknown) =>
    fetch(api + path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "text/plain" },
      keepalive: true,
    });
  let visitor: Promise<string> | null = null;
  const ensureVisitor = () =>
    (visitor ??= (async () => {
      const { token, known } = visitorToken(config, person);
      if (!known) {
        const res = await post("visitors", {
          visitor: {
            visitor_token: token,
            landing_page: location.href.slice(0, 2000),
            platform: "Web",
            referral_source: document.referrer ? document.referrer.slice(0, 2000) : null,
            data: {},
          },
          new: true,
        });
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
          const event = {
            id: randomId(),
            event_type: eventType,
            visitor_token: token,
            contactable_type: "Cta",
            contactable_id: ids.cta_id,
            ...ids,
            url: location.href.slice(0, 2000),
            data: data ?? {},
            at: Date.now(),
          };
          return post("events/create", { events: [event] });
        })
        .catch((e) => debug("Tracking failed", e));
    },
    submitContact: async () => ({ skipped: true }),
    dispatch(name, detail) {
      document.dispatchEvent(new CustomEvent(name, { detail }));
    },
  };
}

/**
 * Gives the Beckon CTAs inside it the website config, the storefront's cart
 * and a runtime. Which cart, in order: a `store` adapter given; the cart of a
 * hydrogen-react <CartProvider> around it (adds through useCart().linesAdd);
 * else a Storefront API cart, the storefront's own when `cartId` is given.
 */
export function BeckonProvider(props: BeckonProviderProps) {
  const { config, storefront, store: given, person = null, runtime, loadRenderer, cartId = null } = props;
  const providerCart = useOptionalCart();
  const shop = useOptionalShop();
  // The market: the props, else the ShopifyProvider's (the same country the CartProvider uses by default).
  const country = props.country ?? shop?.countryIsoCode ?? null;
  const language = props.language ?? shop?.languageIsoCode ?? null;
  // The storefront's callback may change identity every render; the adapters read the latest through a ref.
  const onCartCreated = useRef(props.onCartCreated);
  onCartCreated.current = props.onCartCreated;
  const created = useRef<string | null>(null);
  const reportCreated = useCallback((id: string) => {
    created.current = id;
    onCartCreated.current?.(id);
  }, []);
  // The storefront passing back the cart Beckon just created changes nothing: the adapter already
  // writes to it, and a new adapter would remount every CTA (losing "View Cart").
  const ownCartId = cartId !== null && cartId === created.current ? null : cartId;

  const storeDomain = storefront?.storeDomain ?? shop?.storeDomain;
  const publicAccessToken = storefront?.publicAccessToken ?? shop?.storefrontToken;
  const apiVersion = storefront?.apiVersion ?? shop?.storefrontApiVersion;
  const inCartProvider = !!providerCart;
  // The app's server cart: where it posts decides the adapter; its callbacks and cart are read through a ref.
  const server = useRef(props.serverCart);
  server.current = props.serverCart;
  const serverMode = !!props.serverCart;
  const serverAction = props.serverCart?.action ?? null;
  const serverHandler = !!props.serverCart?.handler;
  const serverStore = useRef<ServerCart | null>(null);

  const bridge = useRef<ReturnType<typeof createCartProviderBridge> | null>(null);
  if (providerCart && !bridge.current) bridge.current = createCartProviderBridge(providerCart);
  const adds = useRef<CartAdds | null>(null);
  adds.current ??= createCartAdds();
  useEffect(() => {
    if (!providerCart) return;
    bridge.current?.update(providerCart);
    adds.current?.observe(providerCart);
  }, [providerCart]);
  const pageCart = props.serverCart?.cart;
  useEffect(() => serverStore.current?.pageCart(pageCart), [pageCart]);

  /** The server cart adapter, on the app's latest props; CTA adds on it are the add-to-cart trigger. */
  const makeServerCart = () => {
    const made = createServerCart({
      action: serverAction ?? undefined,
      handler: serverHandler ? (action, inputs) => server.current!.handler!(action, inputs) : undefined,
      revalidate: () => server.current?.revalidate?.(),
      fetch: (input, init) => (server.current?.fetch ?? fetch)(input, init),
      tag: () => visitorToken(config, person).token,
      currency: config.currency,
      cartUrl: server.current?.cartUrl,
      onChange: (cart, action) => action === "add" && adds.current?.emit(cart),
    });
    made.pageCart(server.current?.cart);
    return made;
  };

  const store = useMemo<StorefrontCart | (CartAdapter & Partial<ProductCatalog>) | null>(() => {
    if (given) return given;
    const storefrontCart =
      storeDomain && publicAccessToken
        ? createStorefrontCart({
            currency: config.currency,
            ...storefront,
            storeDomain,
            publicAccessToken,
            apiVersion,
            country,
            language,
            // Under a CartProvider or with a server cart the app owns the cart; this adapter only reads products.
            ...(inCartProvider || serverMode
              ? {}
              : {
                  cartId: ownCartId,
                  onCartCreated: reportCreated,
                  onChange: (cart, action) => {
                    storefront?.onChange?.(cart, action);
                    if (action === "add") adds.current?.emit(cart);
                  },
                }),
          })
        : null;
    serverStore.current = serverMode ? makeServerCart() : null;
    if (serverStore.current) return withCatalog(serverStore.current, storefrontCart);
    if (inCartProvider && bridge.current)
      return createCartProviderCart({
        bridge: bridge.current,
        catalog: storefrontCart,
        currency: config.currency,
        cartUrl: storefront?.cartUrl,
        onCartCreated: reportCreated,
      });
    return storefrontCart;
    // The store keeps the session cart; it is made again only when where it writes changes. The storefront
    // options object is often written inline (new each render); its callbacks are called as they were then.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- storefront: see above
  }, [
    config,
    given,
    inCartProvider,
    serverMode,
    serverAction,
    serverHandler,
    storeDomain,
    publicAccessToken,
    apiVersion,
    ownCartId,
    country,
    language,
    reportCreated,
  ]);

  const value = useMemo<BeckonContextValue>(
    () => ({
      config,
      person,
      store,
      runtime: { ...defaultRuntime(config, person), ...runtime, store },
      loadRenderer: loadRenderer ?? (() => importRenderer(config.asset_base)),
      cartSource: given
        ? "custom"
        : serverMode
          ? "server"
          : inCartProvider
            ? "cart-provider"
            : store
              ? "storefront"
              : "none",
      onCartAdd: (listener) => adds.current!.subscribe(listener),
    }),
    // A new value gives every BeckonCta a new runtime, which remounts its CTA: person, runtime and loadRenderer
    // (often passed inline, new each render) are taken as they were when the config or the store last changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- person, runtime, loadRenderer: see above
    [config, store, given, inCartProvider, serverMode],
  );
  return <BeckonContext.Provider value={value}>{props.children}</BeckonContext.Provider>;
}

/** A cart adapter that reads products from the Storefront catalog when there is one. */
function withCatalog<A extends CartAdapter>(adapter: A, catalog: ProductCatalog | null): A & Partial<ProductCatalog> {
  if (!catalog) return adapter;
  return {
    ...adapter,
    product: (h) => catalog.product(h),
    recommendations: (id, o) => catalog.recommendations(id, o),
    search: (t, o) => catalog.search(t, o),
    collection: (h, o) => catalog.collection(h, o),
  };
}

/** useCart() when a CartProvider is around, else null (useCart throws outside one; its one useContext runs either way). */
function useOptionalCart(): CartProviderState | null {
  try {
    return useCart() as unknown as CartProviderState;
  } catch {
    return null;
  }
}

/**
 * useShop() when a ShopifyProvider is around, else null. Outside one,
 * hydrogen-react answers a placeholder context whose API URL is empty.
 */
function useOptionalShop(): ReturnType<typeof useShop> | null {
  const shop = useShop();
  return shop.getStorefrontApiUrl() ? shop : null;
}
