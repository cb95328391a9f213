/**
 * Serves the headless example (app.tsx) from the local storefront: the app
 * bundled once with esbuild (React, hydrogen-react, widget/react), and a page
 * at /headless-example that carries the example's data. Beckon's renderer
 * comes from the config's asset base (the Beckon server).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { HeadlessExampleData } from "./app";

export type { HeadlessExampleData };

export const HEADLESS_EXAMPLE_PATH = "/headless-example";
const here = path.dirname(fileURLToPath(import.meta.url));

const bundles = new Map<string, Promise<string>>();

/** An example app as one ES module (React, hydrogen-react, widget/react; built once per process). */
export function bundleExampleApp(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      jsx: "automatic",
      write: false,
      minify: true,
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    }).then((r) => r.outputFiles[0].text);
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** The headless example app, bundled. */
export const buildHeadlessExample = () => bundleExampleApp(path.join(here, "app.tsx"));

/** An example's page: its data inline (script-safe) as window.__BECKON_EXAMPLE__, its app as a module. */
export function examplePage(title: string, data: unknown, script: string): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<div id="app"></div><script>window.__BECKON_EXAMPLE__=${json};</script><script type="module" src="${script}"></script></body></html>`;
}

/** The headless example's page. */
export const headlessExamplePage = (data: HeadlessExampleData) =>
  examplePage("Headless example", data, `${HEADLESS_EXAMPLE_PATH}.js`);

/**
 * Routes for the storefront's `routes` option. `data` is read per request
 * (the storefront's origin is known only once it listens).
 */
export function headlessExampleRoutes(data: (origin: string) => HeadlessExampleData) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const send = (type: string, body: string) => {
      res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
      res.end(body);
      return true;
    };
    if (req.method !== "GET") return false;
    if (url.pathname === HEADLESS_EXAMPLE_PATH)
      return send("text/html; charset=utf-8", headlessExamplePage(data(url.origin)));
    if (url.pathname === `${HEADLESS_EXAMPLE_PATH}.js`)
      return send("text/javascript; charset=utf-8", await buildHeadlessExample());
    return false;
  };
}
