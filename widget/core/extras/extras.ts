/**
 * The extras chunk (beckon-extras.js): what only some websites or pages
 * need, kept out of the loader's 10 KB. The loader imports it (with the same
 * retry as the renderer) when:
 * - a condition uses a type beyond the page ones (tag, keyword, visits,
 *   data_field, country, cart_value, list): their testers, and the
 *   enrichment they need (targeting sync, geolocation, store cart, company
 *   data), run here before the visitor is ready;
 * - a broadcast has a time frame (its wall time in the broadcast's zone);
 * - a CTA has an add-to-cart trigger;
 * - Segment or Google Tag Manager should receive analytics events;
 * - window.beckon.identify or trackPurchase is called (their input rules);
 * - the website has form tracking on (the host page's own forms);
 * - a Shopify customer is logged in and not linked in this session yet.
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import { analyticsName, forward as send } from "#widget/core/analytics";
import { requestJson, type FetchFn } from "#widget/core/api";
import { fetchCartValue, type ShopHints } from "#widget/core/cart";
import { watchCartAdds } from "./cart-adds";
import { cartCheckOf, cartValueMatches, type TriggerSpec } from "#contract/cta-options";
import { runLifecycle, type StepStatus } from "#widget/core/lifecycle";
import type { LocalData } from "#widget/core/person-data";
import { isCartPage } from "#widget/core/triggers";
import type { LoadedVisitor } from "#widget/core/visitor";

export { frame } from "#widget/core/broadcasts";
export { moreTests } from "#widget/core/conditions-more";
export { drainCalls, handleCalls } from "./calls";
export { linkCustomer } from "./customer";
export { trackForms } from "./form-tracking";

type Win = Window & { Shopify?: { routes?: { root?: string } } };

/** The element type of an element id anywhere in a CTA document. */
const elementType = (cta: unknown, id: unknown): string | undefined => {
  let type: string | undefined;
  if (cta && id != null)
    JSON.stringify(cta, (_k, v) => (v && v.id === id && v.element_type && (type = v.element_type), v));
  return type;
};

/** Sends a client event to Segment and the dataLayer under its SPEC 7 analytics name (if it has one). */
export function forward(
  win: Window,
  keys: { segment_write_key?: string | null; gtm_id?: string | null },
  event: string,
  cta: CtaDocument | undefined,
  props: Record<string, unknown>,
): void {
  const name = analyticsName(event, elementType(cta, props.element_id));
  if (name) send(win, keys, name, props);
}

let adds: ((l: () => void) => () => void) | undefined;

/** Where the store cart value comes from and goes to. */
export interface CartSource {
  /** Kept up to date in local.cart. */
  local: LocalData;
  fetchFn: FetchFn;
  shop: ShopHints | null;
  /** An injected reader (tests, headless stores); default: cart.js. */
  value?: () => Promise<number | null>;
}

/** Reads the store cart value in units (cart.js by default) and remembers it in local.cart. */
export function readCart(win: Window, source: CartSource): Promise<number | null> {
  return (
    source.value ??
    (() => fetchCartValue(source.fetchFn, source.shop?.root_url || (win as Win).Shopify?.routes?.root || "/"))
  )().then((value) => {
    if (value != null) source.local.cart = { value, at: Date.now() };
    return value;
  });
}

/**
 * The add-to-cart trigger (SPEC 4): after each add to cart on the page (the
 * standard cart event, else an Ajax request: cart-adds.ts), reads the cart
 * value and fires when the CTA's comparison holds. Never on a cart page
 * (SPEC 2). Returns the disarm function.
 */
export function armCart(
  win: Window,
  spec: TriggerSpec,
  threshold: unknown,
  fire: () => void,
  cart: CartSource,
): () => void {
  if (isCartPage(win.location.href)) return () => {};
  const check = cartCheckOf(spec.o, threshold);
  return (adds ??= watchCartAdds(win))(
    () =>
      void readCart(win, cart).then(
        (v) => cartValueMatches(check, v) && fire(),
        () => {},
      ),
  );
}

export interface SyncTarget {
  id: number;
  type: string;
}

const obj = (v: unknown): Record<string, any> => (v && typeof v == "object" ? (v as Record<string, any>) : {});

/** The integrations to sync: the config's integrations.targeting when the server lists them, else those list conditions name. */
export function syncTargets(config: PublicWebsiteConfig): SyncTarget[] {
  const listed = obj(config.integrations).targeting;
  if (Array.isArray(listed)) return listed;
  return [...(config.conditions || []), ...(config.broadcasts || []).flatMap((b) => b.conditions || [])]
    .filter((c) => c.condition_type === "list" && c.data?.integration_id)
    .map((c) => ({ id: +c.data.integration_id!, type: String(c.data.integration_type || "builtin") }));
}

/**
 * Targeting sync (SPEC 4, 7): asks the server what each integration knows
 * about the visitor (yes/no for the lists and tags conditions name) unless
 * the last sync is under 30 minutes old, and stores the answers in
 * person.data.integrations[type] the way the server keeps them. A signed
 * identity token from the link (cf_token) goes along and always asks anew:
 * only a proven address gets what the outside tool knows.
 */
export async function syncTargeting(
  fetchFn: FetchFn,
  opts: {
    apiOrigin: string;
    websiteId: number;
    version: string;
    token: string;
    person: PublicPerson;
    targets: SyncTarget[];
    now: number;
    identity?: string | null;
  },
): Promise<void> {
  const data = (opts.person.data = obj(opts.person.data));
  const all = (data.integrations = obj(data.integrations));
  const url = `${opts.apiOrigin.replace(/\/+$/, "")}/api/websites/${opts.websiteId}/targeting_sync`;
  await Promise.all(
    opts.targets
      .filter((t) => opts.identity || !(opts.now - Date.parse(obj(all[t.type]).last_sync) < 1800000))
      .map((integration) =>
        requestJson<{
          lists: Record<string, boolean>;
          tags: Record<string, boolean>;
          fields?: Record<string, unknown>;
        }>(
          fetchFn,
          url,
          {
            environment: "live",
            version: opts.version,
            integration_id: integration.id,
            integration_type: integration.type,
            contact_id: opts.person.contact_id,
            visitor_token: opts.token,
            ...(opts.identity ? { identity_token: opts.identity } : {}),
          },
          5000,
        ).then((answer) => {
          all[integration.type] = {
            integration_id: integration.id,
            data: { lists: answer.lists, tags: answer.tags, fields: answer.fields },
            last_sync: new Date(opts.now).toISOString(),
          };
        }),
      ),
  );
}

/** SPEC 7 geolocation (1 s time-out); rejects when the location is unknown. */
export async function geolocate(fetchFn: FetchFn, apiOrigin: string): Promise<Record<string, unknown>> {
  const geo = await requestJson<Record<string, unknown>>(
    fetchFn,
    apiOrigin.replace(/\/+$/, "") + "/api/geolocation",
    undefined,
    1000,
  );
  if (!geo.countryCode) throw new Error("Location unknown");
  return geo;
}

export interface EnrichOptions extends CartSource {
  config: PublicWebsiteConfig;
  visitor: LoadedVisitor;
  sessionId: string;
  now: number;
  win: Window;
  company?: (visitor: LoadedVisitor) => Promise<Record<string, unknown> | null>;
  /** Stores the person after the sync changed it. */
  keepPerson(person: PublicPerson): void;
  set?: (fn: () => void, ms: number) => any;
  clear?: (timer: any) => void;
}

/**
 * The lifecycle after the visitor (SPEC 4): targeting sync (5 s), then
 * geolocation (1 s), store cart (2 s) and company data (2 s) side by side,
 * each only when a condition needs it. Failures and time-outs are marked
 * in the steps and loading goes on; never rejects.
 */
export async function enrich(opts: EnrichOptions): Promise<Record<string, StepStatus>> {
  const { config, visitor, local } = opts;
  // The app embed tells the cart value of this page load: no cart.js request needed.
  const hint = opts.shop?.cart?.total_price;
  if (typeof hint == "number") local.cart = { value: hint / 100, at: opts.now };
  const types = new Set(
    [...(config.conditions || []), ...(config.broadcasts || []).flatMap((b) => b.conditions || [])].map(
      (c) => c.condition_type,
    ),
  );
  const targets = syncTargets(config);
  let identity: string | null = null;
  try {
    if (config.url_identification !== false) identity = new URL(opts.win.location.href).searchParams.get("cf_token");
  } catch {
    /* no token */
  }
  const result = await runLifecycle<LoadedVisitor>({
    set: opts.set,
    clear: opts.clear,
    visitor: async () => visitor,
    sync: (types.has("list") || types.has("tag")) &&
      targets.length > 0 && [
        () =>
          visitor.person
            ? syncTargeting(opts.fetchFn, {
                apiOrigin: config.api_origin,
                websiteId: config.website_id,
                version: config.version,
                token: visitor.token,
                person: visitor.person,
                targets,
                now: opts.now,
                identity,
              }).then(() => opts.keepPerson(visitor.person!))
            : Promise.reject(new Error("no visitor")),
        5000,
      ],
    enrich: {
      geolocation: types.has("country") &&
        local.location?.session !== opts.sessionId && [
          () =>
            geolocate(opts.fetchFn, config.api_origin).then(
              (g) => void (local.location = { ...g, session: opts.sessionId }),
            ),
          1000,
        ],
      cart: types.has("cart_value") &&
        !(opts.now - (local.cart?.at ?? 0) < 60000) &&
        !!(opts.value || opts.shop || (opts.win as Win).Shopify) && [() => readCart(opts.win, opts), 2000],
      company: !!opts.company && [() => opts.company!(visitor).then((c) => void (c && (local.company = c))), 2000],
    },
  });
  delete result.steps.visitor;
  return result.steps;
}
