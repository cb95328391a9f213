/**
 * A local stand-in for Shopify's web pixel runtime: bundles a pixel
 * extension's real source with esbuild (as `shopify app deploy` does) and
 * runs it in a fresh VM context whose global `shopify.extend` hands the
 * pixel the register API: analytics.subscribe, browser.cookie,
 * browser.sendBeacon, settings and init. Events are published with the
 * documented standard-event envelope; publish() resolves once every
 * subscriber's work is done, so tests await it instead of sleeping.
 */
import { build } from "esbuild";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface PixelRuntimeOptions {
  /** The settings the app passed to webPixelCreate (strings, as Shopify stores them). */
  settings: Record<string, string>;
  /** The top frame's cookies, by name. */
  cookies?: Record<string, string>;
  /** The sandbox's fetch (default Node's). */
  fetch?: typeof fetch;
  /** What browser.sendBeacon returns. */
  beaconResult?: boolean;
}

export interface PixelRuntime {
  /** Event names the pixel subscribed to. */
  subscriptions(): string[];
  /** Publishes a standard event to the pixel's subscribers and waits for them. */
  publish(name: string, data: unknown): Promise<void>;
  /** Every browser.sendBeacon call. */
  beacons: { url: string; body: string | undefined }[];
  /** Every request the pixel made with fetch. */
  requests: { url: string; body: string }[];
}

const bundles = new Map<string, Promise<string>>();

/** The extension's src/index.ts bundled for a worker (once per test file). */
function bundle(extension: string): Promise<string> {
  let code = bundles.get(extension);
  if (!code) {
    code = build({
      entryPoints: [path.join(root, "extensions", extension, "src/index.ts")],
      bundle: true,
      write: false,
      format: "iife",
      platform: "browser",
      target: "es2020",
      logLevel: "silent",
    }).then((r) => r.outputFiles[0].text);
    bundles.set(extension, code);
  }
  return code;
}

/** The register() init data of a shop's checkout (shape of RegisterInit). */
function initData() {
  return {
    context: { document: { location: { href: "https://shop.example/checkouts/cn/1/thank-you" } } },
    data: {
      customer: null,
      cart: null,
      shop: {
        countryCode: "SE",
        myshopifyDomain: "beckon-test.myshopify.com",
        name: "Beckon test",
        paymentSettings: { currencyCode: "SEK" },
        storefrontUrl: "https://shop.example",
      },
      purchasingCompany: null,
    },
    customerPrivacy: {
      analyticsProcessingAllowed: true,
      marketingAllowed: false,
      preferencesProcessingAllowed: false,
      saleOfDataAllowed: false,
    },
  };
}

/** The sandbox's async Web Storage, empty and keeping nothing: no pixel here reads what an earlier page stored. */
function emptyStorage() {
  return {
    getItem: async () => null,
    setItem: async () => undefined,
    removeItem: async () => undefined,
    key: async () => null,
    length: async () => 0,
    clear: async () => undefined,
  };
}

/** Loads a pixel extension (extensions/<name>) into a fresh runtime. */
export async function loadPixel(extension: string, options: PixelRuntimeOptions): Promise<PixelRuntime> {
  const code = await bundle(extension);
  const subscribers = new Map<string, ((event: unknown) => unknown)[]>();
  const cookies = { ...options.cookies };
  const realFetch = options.fetch ?? fetch;
  const runtime: PixelRuntime = {
    subscriptions: () => [...subscribers.keys()],
    beacons: [],
    requests: [],
    async publish(name, data) {
      const event = {
        id: randomUUID(),
        clientId: "shopify-client-id",
        name,
        type: "standard",
        seq: 1,
        timestamp: new Date().toISOString(),
        context: initData().context,
        data,
      };
      await Promise.all((subscribers.get(name) ?? []).map(async (callback) => callback(structuredClone(event))));
    },
  };
  const api = {
    settings: Object.freeze({ ...options.settings }),
    init: initData(),
    analytics: {
      subscribe(name: string, callback: (event: unknown) => unknown) {
        subscribers.set(name, [...(subscribers.get(name) ?? []), callback]);
        return () => true;
      },
    },
    browser: {
      cookie: {
        // Shopify answers an empty string for a cookie that is not set.
        get: async (name: string) => cookies[name] ?? "",
        set: async (name: string, value?: string) => ((cookies[name] = value ?? ""), value ?? ""),
      },
      sendBeacon: async (url: string, body?: string) => {
        runtime.beacons.push({ url, body });
        return options.beaconResult ?? true;
      },
      localStorage: emptyStorage(),
      sessionStorage: emptyStorage(),
    },
    customerPrivacy: { subscribe: () => () => true },
    _pixelInfo: {},
  };
  const sandboxFetch = async (url: string, init?: RequestInit) => {
    runtime.requests.push({ url: String(url), body: String(init?.body ?? "") });
    return realFetch(url, init);
  };
  const context = vm.createContext({
    shopify: {
      extend: (point: string, extend: (a: typeof api) => void) => point === "WebPixel::Render" && extend(api),
    },
    fetch: sandboxFetch,
    URL,
    console,
  });
  vm.runInContext(code, context, { filename: `extensions/${extension}/src/index.ts` });
  return runtime;
}

/** A checkout_completed event's data, as Shopify documents it (PixelEventsCheckoutCompletedData). */
export function checkoutCompleted(order: {
  id: string | null;
  amount: unknown;
  currency: string;
  lines?: { title: string; quantity: number; price: number }[];
  /** checkout.token (default "checkout-token"); Shopify's orders/create names the same one. */
  checkoutToken?: string | null;
}) {
  const lines = order.lines ?? [{ title: "Kaffe", quantity: 1, price: Number(order.amount) }];
  return {
    checkout: {
      attributes: [],
      billingAddress: null,
      buyerAcceptsEmailMarketing: false,
      buyerAcceptsSmsMarketing: false,
      currencyCode: order.currency,
      delivery: null,
      discountApplications: [],
      discountsAmount: { amount: 0, currencyCode: order.currency },
      email: "buyer@example.com",
      lineItems: lines.map((l, i) => ({
        id: `line-${i}`,
        title: l.title,
        quantity: l.quantity,
        discountAllocations: [],
        finalLinePrice: { amount: l.price * l.quantity, currencyCode: order.currency },
        properties: [],
        sellingPlanAllocation: null,
        variant: {
          id: `v-${i}`,
          price: { amount: l.price, currencyCode: order.currency },
          product: { id: `p-${i}`, title: l.title },
        },
      })),
      localization: { country: { isoCode: "SE" }, language: { isoCode: "sv" }, market: { id: "m1", handle: "se" } },
      order: order.id === null ? null : { id: order.id, customer: { id: null, isFirstOrder: true } },
      phone: null,
      shippingAddress: null,
      shippingLine: null,
      smsMarketingPhone: null,
      subtotalPrice: { amount: order.amount, currencyCode: order.currency },
      token: order.checkoutToken === undefined ? "checkout-token" : order.checkoutToken,
      totalPrice: { amount: order.amount, currencyCode: order.currency },
      totalTax: { amount: 0, currencyCode: order.currency },
      transactions: [],
    },
  };
}
