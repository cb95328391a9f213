/**
 * Beckon's HTTP server: the built Remix app (admin, public API, demo pages)
 * plus the built widget bundles under /widget/. Listens on PORT (default
 * 3000; 0 asks the OS for a free port) and prints the address it got.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { runWithRequestContext } from "#app/server/rate-limits.server";
import { startConfigChangeChannel } from "#app/server/config-change-channel.server";
import { assertServerEnv, serverEnv } from "#app/server/env.server";
import { sessionSecret } from "#app/server/session-secret.server";
import { failedStartLogger, logger } from "#app/server/logger.server";
import { clientAddress } from "#app/server/client-address.server";
import { createWidgetFiles } from "#app/server/widget-files.server";
import { bodyWasRefused, requestBodyCap } from "#app/server/request-body-cap.server";
import { resultsExportUrl } from "#app/models/results/results-export-url";
import { demoStoreMiddleware } from "#demo/store/server/demo";
import { adminDiscountLookup } from "#demo/store/server/shop-discounts";
import { ADMIN_API_VERSION } from "#app/integrations/shopify-admin/api-version";

// BECKON_APP_ROOT: a folder holding build/ and extensions/cta-embed/assets/
// (the benchmarks serve a snapshot of the build, safe from concurrent rebuilds).
const appRoot = serverEnv().appRoot;

/** The demo store's shop Admin, when a test runs a stand-in: codes Beckon makes there then apply in its cart. */
function demoShopDiscounts() {
  const { shopifyAdminUrl, demoStoreAdminToken } = serverEnv();
  if (!shopifyAdminUrl || !demoStoreAdminToken) return undefined;
  const graphqlUrl = `${shopifyAdminUrl.replace(/\/+$/, "")}/admin/api/${ADMIN_API_VERSION}/graphql.json`;
  return adminDiscountLookup(graphqlUrl, demoStoreAdminToken);
}

const root = appRoot ? path.resolve(appRoot) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Admin documents: the embedded Shopify admin, its auth pages, the standalone owner admin and the index. */
const isAdminPath = (p: string) => p === "/" || /^\/(app|auth|owner)(\/|$)/.test(p);

/** App Bridge, the one script the admin loads from Shopify's CDN (@shopify/shopify-app-remix's AppProvider). */
const APP_BRIDGE_SCRIPT = "https://cdn.shopify.com/shopifycloud/app-bridge.js";

/**
 * The Content-Security-Policy of admin pages. Scripts come from this origin
 * and App Bridge's one file on Shopify's CDN (a source ending in a file name
 * matches that file only, so nothing else on the CDN may run), and inline
 * ones (Remix's hydration, the CTA preview's boot script) only with this
 * response's nonce; no eval, no plugins, no <base>.
 * Style elements too need the nonce (the CTA preview, Tiptap and the
 * rich-text editor put it on theirs): markup injected into a page cannot
 * bring a <style> that restyles it or leaks its content through selectors
 * and background URLs. Style attributes stay allowed, and only they
 * (style-src-attr): React renders them server-side (Polaris's layout
 * properties, the CTA preview's placeholders), and an attribute styles its
 * own element only, with no selectors to read the page by.
 * Embedded pages (/app, /auth) may be framed by the shop's admin only: the
 * shop named in the address and admin.shopify.com, as Shopify requires.
 * Standalone pages may be framed only by this origin (the CTA preview).
 */
export function adminCsp(pathname: string, shop: string | null, nonce: string): string {
  const embedded = /^\/(app|auth)(\/|$)/.test(pathname);
  const ancestors = embedded
    ? shop && SHOP_DOMAIN.test(shop)
      ? `https://${shop} https://admin.shopify.com`
      : "https://admin.shopify.com https://*.myshopify.com"
    : "'self'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${APP_BRIDGE_SCRIPT}`,
    // Google Fonts: the CTA preview loads a CTA's web font as the widget does on a site. Polaris's styles and
    // fonts are this origin's (its sans-serif stack falls back to system fonts): nothing comes from the CDN.
    `style-src 'self' 'nonce-${nonce}' https://fonts.googleapis.com`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https://fonts.gstatic.com",
    "connect-src 'self' https://*.shopify.com https://*.shopifycloud.com https://*.myshopify.com",
    "frame-src 'self' https://*.shopify.com https://*.myshopify.com",
    "object-src 'none'",
    "base-uri 'self'",
    // Shopify's OAuth answers the login form with a redirect to the shop's admin.
    "form-action 'self' https://*.myshopify.com https://admin.shopify.com",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}

/** Sets a response header when the handler has not set one by the time the headers go out. */
function defaultHeader(res: express.Response, name: string, value: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!this.hasHeader(name)) this.setHeader(name, value);
    return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
}

/** Builds the express app around a Remix server build. */
export function createApp(build: ServerBuild): express.Express {
  const app = express();
  const widgetFiles = createWidgetFiles(path.join(root, "extensions/cta-embed/assets"));
  app.disable("x-powered-by");
  app.set("trust proxy", serverEnv().trustProxy ? 1 : false);
  // Widget files come compressed already (widget-files.server.ts): never again per answer.
  app.use(
    compression({ filter: (req, res) => !req.originalUrl.startsWith("/widget/") && compression.filter(req, res) }),
  );
  // What every answer gets, from helmet: nosniff, the referrer policy, and its other defaults that no route here needs
  // to break (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
  // X-XSS-Protection: 0). Off here, because a route needs otherwise:
  // - a CSP: admin documents set theirs below (a nonce per response, Shopify's frame-ancestors); the demo pages and
  //   the widget's files run on host pages, whose own policy is what counts;
  // - Cross-Origin-Resource-Policy same-origin: stores load the widget's files and read the public API cross-origin;
  // - Cross-Origin-Embedder-Policy: everything an admin page loads (Shopify's CDN, fonts) would need CORP;
  // - Cross-Origin-Opener-Policy and X-Frame-Options: only standalone admin pages (below); the embedded admin lives
  //   in Shopify's frame and keeps its opener, and the CTA preview is framed by the admin;
  // - HSTS: only over HTTPS (below).
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      xFrameOptions: false,
      strictTransportSecurity: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  // Before anything reads a body: one over 4 MiB is answered 413 here, readably (app/server/request-body-cap.server.ts).
  app.use(requestBodyCap());
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  const isolatedWindow = helmet.crossOriginOpenerPolicy({ policy: "same-origin" });
  // HTTPS only where the request came over HTTPS (directly or via a trusted proxy): never pin a plain-HTTP dev host.
  app.use((req, res, next) => (req.secure ? hsts(req, res, next) : next()));
  app.use((req, res, next) => {
    if (isAdminPath(req.path)) {
      const shop = typeof req.query.shop === "string" ? req.query.shop : null;
      // A fresh nonce per document; Remix reads it from the load context (app/server/csp-nonce.ts).
      res.locals.cspNonce = randomBytes(16).toString("base64");
      res.setHeader("Content-Security-Policy", adminCsp(req.path, shop, res.locals.cspNonce));
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      if (!/^\/(app|auth)(\/|$)/.test(req.path)) {
        // A default: owner pages set DENY themselves, and two different values would void the header.
        // Not helmet's X-Frame-Options, which sets the header whatever the page sets later.
        defaultHeader(res, "X-Frame-Options", "SAMEORIGIN");
        return isolatedWindow(req, res, next);
      }
    }
    next();
  });
  // Widget bundles are fetched (and import()ed) from merchants' pages, so
  // they need CORS; Timing-Allow-Origin lets those pages measure them. They
  // are answered from memory, compressed ahead of time, with their caching
  // (app/server/widget-files.server.ts).
  app.use(
    "/widget",
    (req, res, next) => {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      res.setHeader("Timing-Allow-Origin", "*");
      next();
    },
    (req, res, next) => {
      // req.path is the address after /widget/, still percent-encoded.
      const request = {
        method: req.method,
        name: req.path.slice(1),
        acceptEncoding: req.get("accept-encoding"),
        ifNoneMatch: req.get("if-none-match"),
      };
      widgetFiles.answer(request).then(({ status, headers, body }) => {
        res.status(status).set(headers);
        res.end(body ?? undefined);
      }, next);
    },
  );
  app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "build/client"), { maxAge: "1h", index: false }));
  // Form posts to the admin from another site are refused here with a clear
  // 403 (Remix would answer them with a bare 500 before our code runs).
  app.post(["/owner", "/owner/*"], (req, res, next) => {
    const origin = req.get("origin");
    if (origin && origin !== `${req.protocol}://${req.get("host")}`) {
      res.status(403).type("text/plain").send("Refused: this form was posted from another site");
      return;
    }
    next();
  });
  // The client's address, resolved once per request by the one rule (app/server/client-address.server.ts).
  const addressOf = (req: express.Request) =>
    clientAddress(
      { socket: req.socket.remoteAddress, forwardedFor: req.get("x-forwarded-for"), realIp: req.get("x-real-ip") },
      serverEnv().trustProxy,
    );
  const remix = createRequestHandler({
    build,
    mode: serverEnv().nodeEnv,
    // The sign-in throttle limits per client address; admin documents carry the CSP nonce.
    getLoadContext: (req, res) => ({ clientIp: addressOf(req), cspNonce: res.locals.cspNonce }),
  });
  // The public API's rate limits read the client address from this per-request context.
  // A malformed address (bad percent-encoding) is refused here: Remix would log a warning for each one.
  app.use((req, _res, next) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch (e) {
      next(e);
    }
  });
  // A results page asked for ?export=csv is answered by its export route (app/models/results/results-export-url.ts).
  app.use((req, _res, next) => {
    const exportUrl = req.method === "GET" || req.method === "HEAD" ? resultsExportUrl(req.originalUrl) : null;
    // Remix builds its request from originalUrl.
    if (exportUrl) req.url = req.originalUrl = exportUrl;
    next();
  });
  // The demo store's Shopify Ajax API, Storefront GraphQL and images, same-origin with its pages
  // (which pass on to Remix), as on a Shopify store.
  app.use("/demo/store", demoStoreMiddleware({ shopDiscounts: demoShopDiscounts() }));
  // app.use, not app.all("*"): express would decode the path as a route
  // parameter and answer a malformed one (%ED%A0%80) with an HTML 400 and a logged stack.
  app.use((req, res, next) => runWithRequestContext({ clientIp: addressOf(req) }, () => remix(req, res, next)));
  // Whatever still fails before a route runs is the client's fault when it says so: a malformed address (400),
  // a widget file that does not exist (404 from express.static). Plain text, JSON under /api; anything else is ours (500).
  app.use((err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    // The body cap answered 413 already; what the app then failed to answer is moot.
    if (bodyWasRefused(res)) return;
    if (res.headersSent) return next(err);
    const said = (err as { status?: unknown } | null)?.status;
    const status = err instanceof URIError ? 400 : typeof said === "number" && said >= 400 && said < 500 ? said : 500;
    if (status === 500) logger("server").error({ err }, "request failed");
    const message =
      status === 400
        ? "The address is not valid"
        : status === 404
          ? "Not found"
          : status < 500
            ? "The request was refused"
            : "Something went wrong on our side";
    if (req.path.startsWith("/api/")) {
      res
        .status(status)
        .set({ "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" })
        .json({ error: { field: null, message } });
    } else {
      res.status(status).type("text/plain").send(message);
    }
  });
  return app;
}

async function main() {
  // Libraries (Remix, React) read NODE_ENV themselves: the default is written where they look.
  process.env.NODE_ENV ??= "production";
  // A malformed setting (a port, an address, the retention) stops the server here, naming it, rather than on a request.
  assertServerEnv();
  // Owner sign-in cannot work without the cookie secret: production without SESSION_SECRET stops here, saying how
  // to make one, rather than answer every sign-in with a 500. Elsewhere this generates the local one.
  sessionSecret();
  // The demo's password is published: production refuses a database that holds its accounts or shop.
  const { prisma } = await import("#app/db.server");
  await (await import("#app/models/demo-guard.server")).refuseDemoDataInProduction(prisma);
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const app = createApp(build);
  // Several processes on one database: a config write here empties the others' site-script caches.
  // Listening before the server says it is up, so no notice sent after that is missed.
  const configChanges = await startConfigChangeChannel();
  const { port, host } = serverEnv();
  const server = app.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    logger("server").info(`Beckon listening on http://${host}:${address.port}`);
  });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  // Links in e-mails point to BECKON_PUBLIC_URL, else to the address this server got (PORT=0 included).
  const listenOrigin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const sendEmail = (await import("#app/models/email/email-delivery.server")).emailSenderFromEnv(prisma, listenOrigin);
  // Leads of store websites that turned it on become Shopify customers (through the same outbox).
  const shopifyCustomers = (await import("#app/models/shopify-customer-sync.server")).deliverShopifyCustomerJob;
  const stopOutbox = await (
    await import("#app/integrations/outbox-worker.server")
  ).startServerOutboxWorker(undefined, { sendEmail, shopifyCustomers });
  // Event partitions ahead and retention: at start, then daily. A junk retention setting stops the start here.
  const stopEventMaintenance = await (
    await import("#app/models/event-maintenance.server")
  ).startServerEventMaintenance();
  // Automatic A/B tests: winners declared and bandit splits moved, one process per CTA and step.
  const stopAbTests = await (await import("#app/models/ab-auto.server")).startServerAbTestJob();
  // Unique Shopify discount codes made ahead of time, so a lead never waits for Shopify.
  const stopCodeTopUps = await (
    await import("#app/models/discount-codes/shopify-stock.server")
  ).startServerCodeTopUpJob();
  const stop = () => {
    // Let a delivery in flight finish; a cut one would only be retried.
    server.close(
      () =>
        void Promise.all([
          stopOutbox(),
          stopEventMaintenance(),
          stopAbTests(),
          stopCodeTopUps(),
          configChanges?.close(),
        ]).finally(() => process.exit(0)),
    );
    // Keep-alive sockets would hold close() open; they carry nothing pending.
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    failedStartLogger().fatal({ err: e }, "the server could not start");
    process.exit(1);
  });
}
