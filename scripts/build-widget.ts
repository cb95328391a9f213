/**
 * Builds the browser widget into extensions/cta-embed/assets/ (build output,
 * never edited by hand):
 * - beckon-loader.js: widget/core/loader.ts as a minified IIFE; the server
 *   serves it after `window.__beckonConfig = ...;` as /api/websites/{id}.js.
 * - beckon-renderer.js: widget/render/render.tsx as a minified ES module,
 *   the React API compiled to Preact (widget/render/react-shim.ts); the loader
 *   imports it on demand. Split: rarely used elements, frames and the submit
 *   and conversion code are chunks beckon-{module}-{hash}.js it imports when
 *   needed; its size counts the chunks it imports statically.
 * - beckon-panel.js: widget/core/panel/panel.ts, the owner test panel, an ES
 *   module the loader imports only for site owners.
 * - beckon-extras.js: widget/core/extras/extras.ts (targeting sync,
 *   geolocation, store cart, analytics), imported only by websites that use them.
 * Chunks are built first: their content hashes go into the loader's import
 * URLs (__BECKON_VERSIONS__), so a new loader never meets an old cached chunk,
 * and the renderer's static chunks are named to the loader
 * (__BECKON_RENDERER_DEPS__), which fetches them in parallel with it.
 * - beckon-snippet.json: the generic embed snippet as a template
 *   (widget/snippet.ts), which the server fills in for a website
 *   (contract/snippet-template.ts) without importing the widget.
 * - beckon-manifest.json: the renderer's files as the loader imports them
 *   (its static chunks, then the versioned entry), for the server: a site
 *   script whose CTA shows at page start starts importing them before the
 *   loader runs (app/server/website-script.server.ts).
 * Every bundle then goes through terser (finishMinify): esbuild bundles and
 * shortens, terser names what is left by how often it occurs and folds what
 * esbuild leaves, about 4 % gzip off each file.
 * `npx tsx scripts/build-widget.ts` builds and prints the sizes.
 */
import { build, type BuildOptions, type Metafile } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { minify } from "terser";
import { CONTENT_HASHED_CHUNK } from "#app/server/widget-assets.server";
import { COMPILE_HINT } from "#contract/compile-hint";
import type { SnippetTemplateFile } from "#contract/snippet-template";
import { snippetTemplate } from "#widget/snippet";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ASSETS_DIR = path.join(root, "extensions/cta-embed/assets");
export const LOADER_FILE = path.join(ASSETS_DIR, "beckon-loader.js");
export const RENDERER_FILE = path.join(ASSETS_DIR, "beckon-renderer.js");
export const PANEL_FILE = path.join(ASSETS_DIR, "beckon-panel.js");
export const EXTRAS_FILE = path.join(ASSETS_DIR, "beckon-extras.js");
export const MANIFEST_FILE = path.join(ASSETS_DIR, "beckon-manifest.json");
export const SNIPPET_FILE = path.join(ASSETS_DIR, "beckon-snippet.json");

/** What the build tells the server about the bundles. */
export interface WidgetManifest {
  /** The renderer's files relative to the asset base, as the loader imports them: static chunks first, the versioned entry last. */
  renderer: string[];
}

/** The lazily imported chunks: name (beckon-{name}.js) and entry. */
export const CHUNKS = [
  // split: rarely used elements are separate chunks (beckon-{name}-{hash}.js) the renderer imports on demand.
  { name: "renderer", file: RENDERER_FILE, entry: "widget/render/render.tsx", split: true },
  { name: "panel", file: PANEL_FILE, entry: "widget/core/panel/panel.ts" },
  { name: "extras", file: EXTRAS_FILE, entry: "widget/core/extras/extras.ts" },
] as const;

// Browsers, not an ES year: every one of them has dynamic import() (ES2020)
// and logical assignment (`a ??= b`, ES2021), and naming "es2020" as well
// made esbuild rewrite the latter (30 B gzip in the loader).
// Chrome/Edge 91 and Firefox 90: esbuild rewrites optional chaining for older
// engines (a V8 bug before 91), which costs the loader about 400 B gzip.
export const TARGET = ["chrome91", "firefox90", "safari14", "edge91"];

/**
 * Property names the loader build shortens (esbuild's mangleProps): names
 * ending in an underscore, a convention kept for objects that never leave the
 * loader (the runtime's factories and what they hand each other), so they
 * cost what closure variables cost. Never for wire formats, the public API,
 * anything stored, or what the chunks read: those are built apart and would
 * not know the short names (test/unit/scripts/loader-mangle.test.ts).
 */
export const LOADER_MANGLED_PROPS = /_$/;

interface Built {
  file: string;
  bytes: number;
  gzip: number;
}

export interface WidgetBuild {
  loader: Built;
  /** bytes and gzip: the entry plus the chunks it imports statically; `initial` lists those files. */
  renderer: Built & { version: string; initial?: string[] };
  panel: Built & { version: string };
  extras: Built & { version: string };
}

const gzip = (code: Uint8Array) => gzipSync(code, { level: 9 }).length;

/**
 * The last minification pass over one of esbuild's output files. Terser gives
 * short names to the most frequent identifiers, which gzip compresses better
 * than esbuild's names, and folds some expressions further (three passes).
 * Properties are never renamed here: the loader's own ones are esbuild's
 * mangleProps, and the rest cross chunks, the wire or the public API. Only
 * the compile hint survives of the comments, still the file's first line.
 */
export async function finishMinify(code: Uint8Array, options: { module: boolean; compileHint?: boolean }) {
  const out = await minify(Buffer.from(code).toString("utf8"), {
    module: options.module,
    compress: { passes: 3 },
    mangle: true,
    format: { comments: false, preamble: options.compileHint ? COMPILE_HINT : undefined },
  });
  return new TextEncoder().encode(out.code!);
}

/**
 * The files a browser downloads before the entry runs: the entry and the
 * chunks it imports statically, transitively (not the dynamic ones).
 */
export function initialFiles(meta: Metafile, entryOut: string): string[] {
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out) || !meta.outputs[out]) return;
    seen.add(out);
    for (const imported of meta.outputs[out].imports) if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entryOut);
  return [...seen].map((f) => path.resolve(root, f));
}

/** Builds one lazily imported chunk as a minified ES module; returns its content hash. */
async function buildChunk(
  entry: string,
  file: string,
  split = false,
): Promise<Built & { version: string; initial?: string[] }> {
  const out = await build({
    ...(split
      ? {
          splitting: true,
          outdir: ASSETS_DIR,
          entryNames: path.basename(file, ".js"),
          chunkNames: "beckon-[name]-[hash]",
          metafile: true,
        }
      : {}),
    entryPoints: [path.join(root, entry)],
    bundle: true,
    format: "esm",
    minify: true,
    target: TARGET,
    write: false,
    jsx: "automatic",
    legalComments: "none",
    alias: split
      ? // The renderer: the React API on plain Preact (widget/render/react-shim.ts says why not preact/compat).
        {
          react: path.join(root, "widget/render/react-shim.ts"),
          "react-dom/client": path.join(root, "widget/render/react-shim.ts"),
          "react/jsx-runtime": "preact/jsx-runtime",
        }
      : {
          react: "preact/compat",
          "react-dom/client": "preact/compat/client",
          "react-dom": "preact/compat",
          "react/jsx-runtime": "preact/jsx-runtime",
        },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  if (split) {
    // The renderer's code runs as soon as it arrives: V8 compiles it while it downloads (contract/compile-hint.ts).
    const files = await Promise.all(
      out.outputFiles!.map(async (outputFile) => ({
        path: outputFile.path,
        contents: outputFile.path.endsWith(".js")
          ? await finishMinify(outputFile.contents, { module: true, compileHint: true })
          : outputFile.contents,
      })),
    );
    const outputs = new Set(files.map((f) => f.path));
    // Chunks of earlier builds go; the content-hashed names of this one replace them.
    for (const assetName of readdirSync(ASSETS_DIR))
      if (CONTENT_HASHED_CHUNK.test(assetName) && !outputs.has(path.join(ASSETS_DIR, assetName)))
        unlinkSync(path.join(ASSETS_DIR, assetName));
    for (const outputFile of files) writeFileSync(outputFile.path, outputFile.contents);
    const entryFile = files.find((f) => f.path === file)!;
    // What the budget counts: the entry plus its static imports, each gzipped on its own (separate downloads).
    const initial = initialFiles(out.metafile!, path.relative(root, file));
    const sizes = initial.map((f) => files.find((o) => o.path === f)!.contents);
    return {
      file,
      bytes: sizes.reduce((n, c) => n + c.length, 0),
      gzip: sizes.reduce((n, c) => n + gzip(c), 0),
      // The entry names its chunks by content hash, so its own hash changes whenever any chunk does.
      version: createHash("sha256").update(entryFile.contents).digest("hex").slice(0, 10),
      initial,
    };
  }
  const code = await finishMinify(out.outputFiles![0].contents, { module: true });
  writeFileSync(file, code);
  return {
    file,
    bytes: code.length,
    gzip: gzip(code),
    version: createHash("sha256").update(code).digest("hex").slice(0, 10),
  };
}

/**
 * The loader's esbuild options but minification, with the chunk versions and the renderer's static chunks baked in:
 * one set for the real build and for size.ts's per-module account of it, so the two build the same code.
 */
export function loaderBuildOptions(versions: Record<string, string>, rendererDeps: string[]) {
  return {
    entryPoints: [path.join(root, "widget/core/loader.ts")],
    bundle: true,
    format: "iife",
    mangleProps: LOADER_MANGLED_PROPS,
    target: TARGET,
    write: false,
    legalComments: "none",
    define: {
      __BECKON_VERSIONS__: JSON.stringify(versions),
      __BECKON_RENDERER_DEPS__: JSON.stringify(rendererDeps),
      "process.env.NODE_ENV": '"production"',
    },
    logLevel: "warning",
  } satisfies BuildOptions;
}

/** Builds the loader (minified IIFE) in memory. */
export async function buildLoader(versions: Record<string, string>, rendererDeps: string[]): Promise<Uint8Array> {
  const loader = await build({ ...loaderBuildOptions(versions, rendererDeps), minify: true });
  return finishMinify(loader.outputFiles[0].contents, { module: false });
}

/** Builds every bundle (chunks first: their content hashes are baked into the loader's import URLs). */
export async function buildWidget(options: { quiet?: boolean } = {}): Promise<WidgetBuild> {
  mkdirSync(ASSETS_DIR, { recursive: true });

  const [renderer, panel, extras] = await Promise.all(
    CHUNKS.map((c) => buildChunk(c.entry, c.file, "split" in c && c.split)),
  );
  const versions = { renderer: renderer.version, panel: panel.version, extras: extras.version };
  // The chunks the renderer imports statically: the loader fetches them beside it, not after it has been parsed.
  const rendererDeps = (renderer.initial ?? [])
    .map((f) => path.basename(f))
    .filter((f) => f !== path.basename(RENDERER_FILE));

  const loaderCode = await buildLoader(versions, rendererDeps);
  writeFileSync(LOADER_FILE, loaderCode);
  const manifest: WidgetManifest = { renderer: [...rendererDeps, `beckon-renderer.js?v=${renderer.version}`] };
  writeFileSync(MANIFEST_FILE, JSON.stringify(manifest, null, 2) + "\n");
  const snippet: SnippetTemplateFile = { template: snippetTemplate() };
  writeFileSync(SNIPPET_FILE, JSON.stringify(snippet, null, 2) + "\n");

  const result: WidgetBuild = {
    loader: { file: LOADER_FILE, bytes: loaderCode.length, gzip: gzip(loaderCode) },
    renderer,
    panel,
    extras,
  };
  if (!options.quiet) {
    for (const entry of Object.values(result)) {
      console.log(`${path.relative(root, entry.file)}  ${entry.bytes} B, ${entry.gzip} B gzip`);
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
