/**
 * A headless storefront with the @beckon/react package and no site script,
 * in Chromium: the storefront's server fetches the website's config
 * (/api/websites/{id}.json) and the CTA in its loader, as
 * test/fixtures/react-package/loader.ts does, and puts them on the page;
 * the page's app (test/fixtures/react-package/app.tsx, bundled with the
 * built package, not the sources) passes them to BeckonProvider inside
 * hydrogen-react's CartProvider. The CTA shows, the package sees the app's
 * CartProvider (one hydrogen-react), and all the browser asks of Beckon is
 * the renderer: never the site script, the config or the CTA.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, server, tdb, withE2eStack } from "#test/support/e2e-stack";
import { launchStorefrontChromium, openWatchedPage } from "#test/support/storefront-page";
import { serveLocally, type LocalHttpServer } from "#test/support/local-http";
import { PROJECT_ROOT } from "#test/support/project-root";
import { ctaWithElements, websiteSettingsMock } from "#test/support/factories";
import { loader } from "#test/fixtures/react-package/loader";
import { buildReactPackage } from "#scripts/build-react-package";
import { createWebsite } from "#app/models/website.server";
import { publishCta, saveCtaDocument } from "#app/models/cta.server";
import { scriptSafeJson } from "#app/server/script-json";
import { heading } from "#contract/schema/cta-builders";

const HEADING = "Välkommen till butiken utan skript";

let websiteId: number;
let ctaId: number;
let packageDir: string;
let storefront: LocalHttpServer;
let appBundle: string;
/** What the storefront's server fetched from Beckon, one entry per page it rendered. */
const loaded: { websiteId: number; version: string }[] = [];

withE2eStack({
  seed: false,
  launch: launchStorefrontChromium,
  setupTimeout: 180_000,
  beforeServer: async () => {
    websiteId = (
      await createWebsite(tdb.db, websiteSettingsMock({ name: "Package store", business_type: "ecommerce" }))
    ).id;
    const doc = await saveCtaDocument(
      tdb.db,
      websiteId,
      ctaWithElements([heading(HEADING)], {
        name: "Welcome",
        cta_type: "inline",
        inline_type: "embed",
        overlay_type: null,
        options: {},
      } as never),
    );
    await publishCta(tdb.db, websiteId, doc.id!);
    ctaId = doc.id!;
  },
});

beforeAll(async () => {
  packageDir = mkdtempSync(path.join(tmpdir(), "beckon-react-e2e-"));
  const built = await buildReactPackage({ quiet: true, dir: packageDir });
  // The example app as a storefront's bundler makes it: @beckon/react is the built package; its peers and the
  // app's React, react-dom and hydrogen-react are the ones in node_modules (one copy each).
  const out = await build({
    entryPoints: [path.join(PROJECT_ROOT, "test/fixtures/react-package/app.tsx")],
    bundle: true,
    format: "esm",
    jsx: "automatic",
    write: false,
    minify: true,
    metafile: true,
    alias: { "@beckon/react": path.join(built.dir, "index.js") },
    nodePaths: [path.join(PROJECT_ROOT, "node_modules")],
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  const inputs = Object.keys(out.metafile.inputs);
  if (!inputs.some((i) => i.endsWith("index.js") && path.resolve(i).startsWith(built.dir)))
    throw new Error("the example was not bundled with the built package");
  if (inputs.some((i) => i.startsWith("widget/")))
    throw new Error("the example was bundled with widget/ sources, not the package");
  appBundle = out.outputFiles[0].text;
  storefront = await serveLocally((req, res) => {
    const url = new URL(req.url ?? "/", "http://storefront");
    if (url.pathname === "/app.js") {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" });
      res.end(appBundle);
      return;
    }
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname !== "/") {
      res.writeHead(404).end();
      return;
    }
    // The storefront's loader, on its server: Beckon's answers become the page's data.
    loader(server.origin, websiteId, ctaId).then(
      (data) => {
        loaded.push({ websiteId: data.config.website_id, version: data.config.version });
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Package store</title></head>
<body><div id="app"></div><script>window.__STOREFRONT_PAGE__=${scriptSafeJson(data)};</script>
<script type="module" src="/app.js"></script></body></html>`);
      },
      (e: Error) => {
        res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(e.message);
      },
    );
  });
}, 180_000);

afterAll(async () => {
  await storefront?.close();
  if (packageDir) rmSync(packageDir, { recursive: true, force: true });
});

describe("a headless storefront with the config from its loader", () => {
  it("shows the CTA with no site script: the package renders it from the config the server fetched", async () => {
    const context = await browser.newContext();
    const requests: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    const { page, errors } = await openWatchedPage(context, storefront.origin + "/");
    await page.getByText(HEADING).waitFor({ timeout: 20_000 });
    expect(await page.locator(`[data-beckon-cta="${ctaId}"]`).count()).toBe(1);
    // The package's BeckonProvider sees the app's CartProvider: hydrogen-react is a peer, not a copy of its own.
    expect(await page.locator("#beckon-cart-source").textContent()).toBe("cart-provider");

    expect(loaded).toEqual([{ websiteId, version: expect.any(String) }]);
    const beckon = requests.filter((u) => u.startsWith(server.origin));
    expect(beckon.filter((u) => /\/api\/websites\/\d+\.js(on)?(\?|$)/.test(u))).toEqual([]);
    expect(beckon.filter((u) => /\/api\/cta\//.test(u))).toEqual([]);
    // All the page asked of Beckon: the renderer (and its chunks), from the config's asset base.
    expect(beckon.length).toBeGreaterThan(0);
    for (const u of beckon) expect(u).toMatch(new RegExp(`^${server.origin}/widget/beckon-[\\w-]+\\.js(\\?|$)`));
    expect(beckon.some((u) => u.startsWith(`${server.origin}/widget/beckon-renderer.js`))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
