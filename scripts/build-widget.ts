/**
 * Builds the browser widget into extensions/cta-embed/assets/ (build output,
 * never edited by hand):
 * - beckon-loader.js: widget/core/loader.ts as a minified IIFE; the server
 *   serves it after `window.__beckonConfig = ...;` as /api/websites/{id}.js.
 * - beckon-renderer.js: widget/render/render.tsx as a minified ES module,
 *   React API compiled with preact/compat; the loader imports it on demand.
 * `npx tsx scripts/build-widget.ts` builds and prints the sizes.
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ASSETS_DIR = path.join(root, "extensions/cta-embed/assets");
export const LOADER_FILE = path.join(ASSETS_DIR, "beckon-loader.js");
export const RENDERER_FILE = path.join(ASSETS_DIR, "beckon-renderer.js");

// Dynamic import() needs ES2020; every browser with ES modules has it.
const TARGET = ["es2020", "chrome80", "firefox78", "safari14", "edge80"];

export interface WidgetBuild {
  loader: { file: string; bytes: number; gzip: number };
  renderer: { file: string; bytes: number; gzip: number; version: string };
}

/** Builds both bundles (renderer first: its content hash is baked into the loader's import URL). */
export async function buildWidget(options: { quiet?: boolean } = {}): Promise<WidgetBuild> {
  mkdirSync(ASSETS_DIR, { recursive: true });

  const renderer = await build({
    entryPoints: [path.join(root, "widget/render/render.tsx")],
    bundle: true,
    format: "esm",
    minify: true,
    target: TARGET,
    write: false,
    jsx: "automatic",
    legalComments: "none",
    alias: {
      react: "preact/compat",
      "react-dom/client": "preact/compat/client",
      "react-dom": "preact/compat",
      "react/jsx-runtime": "preact/jsx-runtime",
    },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const rendererCode = renderer.outputFiles[0].contents;
  const version = createHash("sha256").update(rendererCode).digest("hex").slice(0, 10);
  writeFileSync(RENDERER_FILE, rendererCode);

  const loader = await build({
    entryPoints: [path.join(root, "widget/core/loader.ts")],
    bundle: true,
    format: "iife",
    minify: true,
    target: TARGET,
    write: false,
    legalComments: "none",
    define: { __BECKON_RENDERER_VERSION__: JSON.stringify(version), "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const loaderCode = loader.outputFiles[0].contents;
  writeFileSync(LOADER_FILE, loaderCode);

  const result: WidgetBuild = {
    loader: { file: LOADER_FILE, bytes: loaderCode.length, gzip: gzipSync(loaderCode, { level: 9 }).length },
    renderer: { file: RENDERER_FILE, bytes: rendererCode.length, gzip: gzipSync(rendererCode, { level: 9 }).length, version },
  };
  if (!options.quiet) {
    for (const r of Object.values(result)) {
      console.log(`${path.relative(root, r.file)}  ${r.bytes} B, ${r.gzip} B gzip`);
    }
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWidget().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

