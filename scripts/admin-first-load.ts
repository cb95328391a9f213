/**
 * The JavaScript the admin's CTA list downloads on its first load, measured
 * from the built Remix client (build/client): Remix's browser manifest
 * (assets/manifest-*.js) names the client entry and, per route, its module
 * and the chunks it imports; the first load of a page is the manifest itself,
 * the entry, and the modules of every route from the root down to the page,
 * with whatever those import statically. Lazily imported chunks (the
 * builder's editors, Tiptap) are not counted: that is the point of the budget.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** The standalone admin's CTA list, the page an owner lands on before opening the builder. */
export const CTA_LIST_ROUTE = "routes/owner.websites.$websiteId.ctas._index";

/**
 * Gzip bytes of the CTA list's first load on main before the builder's direct
 * editing (drag and drop, in-place editing, rich text) was added: 209,488 B,
 * measured with `npm run build && npx tsx scripts/size.ts --no-build` on
 * commit 55366c1. The budget lets it grow by at most 50 KB.
 */
export const ADMIN_FIRST_LOAD_BASELINE = 209_488;
export const ADMIN_FIRST_LOAD_BUDGET = ADMIN_FIRST_LOAD_BASELINE + 50 * 1024;

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface ManifestRoute extends ManifestEntry {
  parentId?: string;
}
/** The parts of Remix's browser manifest this reads. */
export interface RemixBrowserManifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestRoute>;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isModule = (value: unknown): value is ManifestEntry =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ManifestEntry).module === "string" &&
  ((value as ManifestEntry).imports === undefined || isStringList((value as ManifestEntry).imports));

/** Parses the text of assets/manifest-*.js (`window.__remixManifest={...};`); throws naming what is wrong. */
export function parseRemixManifest(text: string): RemixBrowserManifest {
  const match = /^\s*window\.__remixManifest\s*=\s*([\s\S]*?);?\s*$/.exec(text);
  if (!match) throw new Error("manifest: not a Remix browser manifest (expected window.__remixManifest=...)");
  let value: unknown;
  try {
    value = JSON.parse(match[1]);
  } catch (e) {
    throw new Error(`manifest: not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const manifest = value as Partial<RemixBrowserManifest> | null;
  if (!manifest || typeof manifest !== "object" || !isModule(manifest.entry))
    throw new Error("manifest.entry: missing its module");
  if (!manifest.routes || typeof manifest.routes !== "object") throw new Error("manifest.routes: missing");
  for (const [id, route] of Object.entries(manifest.routes))
    if (!isModule(route)) throw new Error(`manifest.routes.${id}: missing its module`);
  return manifest as RemixBrowserManifest;
}

/** The asset paths ("/assets/x.js") a first load of `routeId` fetches per the manifest, entry first, without duplicates. */
export function firstLoadAssets(manifest: RemixBrowserManifest, routeId: string): string[] {
  const chain: ManifestRoute[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = routeId; id !== undefined; id = manifest.routes[id]?.parentId) {
    if (seen.has(id)) throw new Error(`manifest.routes.${id}: its parents form a loop`);
    seen.add(id);
    const route = manifest.routes[id];
    if (!route) throw new Error(`manifest.routes.${id}: no such route`);
    chain.unshift(route);
  }
  const files = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const route of chain) files.push(route.module, ...(route.imports ?? []));
  return [...new Set(files)];
}

/** A built chunk and the chunks it imports statically, transitively (dynamic `import()` excluded). */
export function withStaticImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || !existsSync(file)) return [...seen];
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:[^"'();]*?from\s*)?["'](\.\/[\w.$-]+\.js)["']/g,
  ))
    withStaticImports(path.join(path.dirname(file), match[1]), seen);
  return [...seen];
}

export type FirstLoad =
  | { ok: true; row: { raw: number; gzip: number; brotli: number }; files: string[] }
  | { ok: false; reason: string };

/** Measures the first load of `routeId` in a built client directory; each file compressed on its own (separate downloads), summed. */
export function adminFirstLoad(clientDir = "build/client", routeId = CTA_LIST_ROUTE): FirstLoad {
  const assets = path.join(clientDir, "assets");
  const manifests = existsSync(assets) ? readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f)) : [];
  if (manifests.length !== 1)
    return {
      ok: false,
      reason: manifests.length
        ? `${manifests.length} Remix manifests in ${assets}`
        : `no Remix build in ${clientDir}; run npm run build`,
    };
  const manifestFile = path.join(assets, manifests[0]);
  const manifest = parseRemixManifest(readFileSync(manifestFile, "utf8"));
  const files = new Set<string>([manifestFile]);
  for (const asset of firstLoadAssets(manifest, routeId)) {
    const file = path.join(clientDir, asset.replace(/^\//, ""));
    if (!existsSync(file)) return { ok: false, reason: `${file} (named by the manifest) is missing` };
    for (const imported of withStaticImports(file)) files.add(imported);
  }
  const row = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const code = readFileSync(file);
    row.raw += code.length;
    row.gzip += gzipSync(code, { level: 9 }).length;
    row.brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { ok: true, row, files: [...files].map((f) => path.relative(clientDir, f)) };
}
