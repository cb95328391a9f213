/**
 * The one shopifyApp() call. Shopify install is on only when SHOPIFY_API_KEY,
 * SHOPIFY_API_SECRET, SHOPIFY_APP_URL and SCOPES are all set; otherwise every
 * Shopify entry point answers 503 saying so, and importing this module still
 * works, so the demo and standalone owners run without a Shopify app.
 */
import "@shopify/shopify-app-remix/adapters/node";
import { AppDistribution, shopifyApp } from "@shopify/shopify-app-remix/server";
import { ADMIN_API_VERSION } from "./integrations/shopify-admin/api-version";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { prisma, type Db } from "./db.server";
import { serverEnv, type EnvSource, type ServerEnv } from "./server/env.server";
import { verifyAppProxyQuery, type VerifiedAppProxyQuery } from "./server/app-proxy-query.server";
import { apiError } from "./server/http.server";
import { connectWebPixel } from "./integrations/shopify-admin/web-pixel.server";
import { shopDetails } from "./integrations/shopify-admin/shop-details.server";
import { linkShopOwner } from "./models/owner.server";
import { logger } from "./server/logger.server";
import { isTopic } from "./server/webhook-binding.server";
import { exchangeForExpiringToken } from "./integrations/shopify-admin/token-migration.server";
import { migrateOfflineToken, type TokenExchange } from "./models/offline-token-migration.server";

export const SHOPIFY_ENV = ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET", "SHOPIFY_APP_URL", "SCOPES"] as const;
export const SHOPIFY_OFF_MESSAGE =
  "Shopify install is off: set SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL and SCOPES";
export const apiVersion = ADMIN_API_VERSION;

/** Each of the four variables' value, by its name. */
function shopifyVariables(env: ServerEnv): Record<(typeof SHOPIFY_ENV)[number], string | undefined> {
  return {
    SHOPIFY_API_KEY: env.shopifyApiKey,
    SHOPIFY_API_SECRET: env.shopifyApiSecret,
    SHOPIFY_APP_URL: env.shopifyAppUrl,
    SCOPES: env.scopes,
  };
}

/** The variables that are missing (empty when Shopify install can be on). */
export const shopifyMissingEnv: string[] = SHOPIFY_ENV.filter((k) => !shopifyVariables(serverEnv())[k]?.trim());

/** The Shopify app object for these variables and this database (the server's: its own environment and the one client). */
export function createShopifyApp(source?: EnvSource, db: Db = prisma) {
  const env = serverEnv(source);
  return shopifyApp({
    apiKey: env.shopifyApiKey,
    apiSecretKey: env.shopifyApiSecret || "",
    apiVersion,
    scopes: env.scopes
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    appUrl: env.shopifyAppUrl || "",
    authPathPrefix: "/auth",
    // The library writes exactly the columns of our Session model (refreshToken and refreshTokenExpires
    // included); test/unit/app/shopify-session-storage.test.ts stores a full session to catch a column it adds.
    sessionStorage: new PrismaSessionStorage(db),
    distribution: AppDistribution.AppStore,
    future: {
      unstable_newEmbeddedAuthStrategy: true,
      // Offline tokens expire (Shopify requires it of public apps created
      // since 2026-04-01 and refuses non-expiring ones from 2027-01-01). Token
      // exchange and OAuth then ask for expiring tokens, and before any Admin
      // API call a token within five minutes of expiry is swapped for a new
      // one with its refresh token and stored back in the Session table.
      expiringOfflineAccessTokens: true,
    },
    hooks: {
      afterAuth: async ({ session, admin }) => {
        const { websiteId } = await linkShopOwner(db, session.shop, await shopDetails(admin));
        // The web pixel reports orders to the address visitors reach us under.
        const appUrl = env.publicUrl || env.shopifyAppUrl || "";
        const pixel = await connectWebPixel((query, options) => admin.graphql(query, options), websiteId, appUrl);
        if (pixel.state === "failed")
          logger("shopify").error(`could not connect the web pixel for ${session.shop}: ${pixel.reason}`);
      },
    },
    ...(env.shopCustomDomain ? { customShopDomains: [env.shopCustomDomain] } : {}),
  });
}

type ShopifyAppInstance = ReturnType<typeof createShopifyApp>;

function startShopify(): { app: ShopifyAppInstance | null; problem: string | null } {
  if (shopifyMissingEnv.length > 0) return { app: null, problem: null };
  try {
    return { app: createShopifyApp(), problem: null };
  } catch (error) {
    // A bad value (say, SHOPIFY_APP_URL without a scheme) turns Shopify off
    // with the reason, instead of taking the standalone admin down with it.
    let reason = error instanceof Error ? error.message : String(error);
    // The reason is shown on /app: never with the key or secret in it.
    const variables = shopifyVariables(serverEnv());
    for (const key of ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"] as const) {
      const value = variables[key]?.trim();
      if (value) reason = reason.split(value).join(`<${key}>`);
    }
    logger("shopify").error(`Shopify install is off: ${reason}`);
    return { app: null, problem: reason };
  }
}

const started = startShopify();

/** Whether Shopify install is on (all four variables set and accepted). */
export const shopifyEnabled: boolean = started.app !== null;

/** Why a complete set of variables was refused (the library's words), or null. */
export const shopifyConfigProblem: string | null = started.problem;

/** Why Shopify install is off, in words; null when it is on. */
export const shopifyOffReason: string | null = shopifyEnabled
  ? null
  : started.problem
    ? `Shopify install is off: ${started.problem}`
    : SHOPIFY_OFF_MESSAGE;

/** The 503 answer every Shopify entry point gives while install is off. */
export function shopifyOffResponse(): Response {
  return new Response(shopifyOffReason ?? SHOPIFY_OFF_MESSAGE, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Stands in for any part of the Shopify app object while install is off:
 * every call (however deep, e.g. authenticate.public.appProxy(request))
 * throws the 503 answer.
 */
function offStub<T>(): T {
  const stub: unknown = new Proxy(function shopifyOff() {}, {
    get: (_target, prop) => (prop === "then" || typeof prop === "symbol" ? undefined : offStub()),
    apply: () => {
      throw shopifyOffResponse();
    },
  });
  return stub as T;
}

const shopify: ShopifyAppInstance = started.app ?? offStub<ShopifyAppInstance>();

/** Shopify's token exchange with this app's credentials (BECKON_SHOPIFY_ADMIN_URL stands in for the shop in tests). */
export function offlineTokenExchange(source?: EnvSource): TokenExchange {
  const env = serverEnv(source);
  return (shop, accessToken) =>
    exchangeForExpiringToken({
      shop,
      accessToken,
      apiKey: env.shopifyApiKey ?? "",
      apiSecret: env.shopifyApiSecret ?? "",
      baseUrl: env.shopifyAdminUrl ?? undefined,
      // The request waits for it: a slow Shopify delays one admin page, then the next request tries again.
      timeoutMs: 5_000,
    });
}

/** Topics after which the shop's sessions are gone or going: nothing to migrate. */
const NO_MIGRATION_TOPICS = ["app/uninstalled", "shop/redact"];

/**
 * Moves a shop still on a non-expiring offline token to an expiring one
 * (offline-token-migration.server.ts), never failing the request it rides on.
 */
async function migrateShopToken(shop: string): Promise<void> {
  try {
    await migrateOfflineToken(prisma, shop, offlineTokenExchange());
  } catch (error) {
    logger("shopify").error(`offline token migration of ${shop} failed: ${String(error)}`);
  }
}

/**
 * authenticate, with admin and webhook requests also migrating their shop's
 * old offline token: the library itself treats a session without `expires`
 * as active forever and never swaps it.
 */
function authenticateMigrating(app: ShopifyAppInstance): ShopifyAppInstance["authenticate"] {
  const admin = (async (request: Request) => {
    const context = await app.authenticate.admin(request);
    await migrateShopToken(context.session.shop);
    return context;
  }) as ShopifyAppInstance["authenticate"]["admin"];
  const webhook = (async (request: Request) => {
    const context = await app.authenticate.webhook(request);
    if (!NO_MIGRATION_TOPICS.some((topic) => isTopic(context.topic, topic))) await migrateShopToken(context.shop);
    return context;
  }) as ShopifyAppInstance["authenticate"]["webhook"];
  return { ...app.authenticate, admin, webhook };
}

/**
 * Authenticates an app proxy request and returns its signed values, the only
 * place a proxy route may read the shop or customer from. It stands in for
 * authenticate.public.appProxy, whose check is weaker (see
 * app/server/app-proxy-query.server.ts). Throws a field-named JSON 400 on a bad
 * or ambiguous query, and the 503 answer while install is off.
 */
export function authenticateAppProxy(request: Request): VerifiedAppProxyQuery {
  if (!started.app) throw shopifyOffResponse();
  const result = verifyAppProxyQuery(new URL(request.url).search, serverEnv().shopifyApiSecret ?? "");
  if (!result.ok) throw apiError(400, result.message, result.field);
  return result.query;
}

export default shopify;
export const authenticate: ShopifyAppInstance["authenticate"] = started.app
  ? authenticateMigrating(started.app)
  : shopify.authenticate;
export const unauthenticated: ShopifyAppInstance["unauthenticated"] = shopify.unauthenticated;
export const login: ShopifyAppInstance["login"] = shopify.login;
export const registerWebhooks: ShopifyAppInstance["registerWebhooks"] = shopify.registerWebhooks;
export const sessionStorage: ShopifyAppInstance["sessionStorage"] = shopify.sessionStorage;
/** Adds Shopify's document headers (CSP frame-ancestors, Link preloads); does nothing while install is off. */
export const addDocumentResponseHeaders: ShopifyAppInstance["addDocumentResponseHeaders"] = started.app
  ? started.app.addDocumentResponseHeaders
  : () => {};
