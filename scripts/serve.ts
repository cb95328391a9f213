/**
 * Beckon's HTTP server: the built Remix app (admin, public API, demo pages)
 * plus the built widget bundles under /widget/. Listens on PORT (default
 * 3000; 0 asks the OS for a free port) and prints the address it got.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the express app around a Remix server build. */
export function createApp(build: ServerBuild): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
  app.use(compression());
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    next();
  });
  // Widget bundles are fetched (and import()ed) from merchants' pages, so
  // they need CORS. Their names are not content-hashed: keep caching short.
  app.use(
    "/widget",
    (_req, res, next) => {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      next();
    },
    express.static(path.join(root, "extensions/cta-embed/assets"), { maxAge: "5m", index: false, fallthrough: false }),
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
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      // The sign-in throttle limits per client address.
      getLoadContext: (req) => ({ clientIp: req.ip }),
    }),
  );
  return app;
}

async function main() {
  process.env.NODE_ENV ??= "production";
  const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
  const app = createApp(build);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  const server = app.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    console.log(`Beckon listening on http://${host}:${address.port}`);
  });
  const stopOutbox = await (await import("../app/integrations/outbox-worker.server")).startServerOutboxWorker();
  const stop = () => {
    // Let a delivery in flight finish; a cut one would only be retried.
    server.close(() => void stopOutbox().finally(() => process.exit(0)));
    // Keep-alive sockets would hold close() open; they carry nothing pending.
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
