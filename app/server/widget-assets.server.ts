/**
 * Reads the built widget bundles, the build's manifest and the snippet template
 * (extensions/cta-embed/assets, written by `npm run build:widget`),
 * re-reading a file only when it changes on disk.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

const ASSETS = path.join(process.cwd(), "extensions/cta-embed/assets");

/**
 * A chunk named by esbuild's content hash (chunkNames in
 * scripts/build-widget.ts): beckon-{module}-{HASH}.js. Its content never
 * changes under its name.
 */
export const CONTENT_HASHED_CHUNK = /^beckon-[\w-]+-[A-Z0-9]{8}\.js$/;

const cache = new Map<string, { mtimeMs: number; text: string }>();

/** The text of a built bundle, or null when it has not been built. */
export function widgetAsset(
  name: "beckon-loader.js" | "beckon-renderer.js" | "beckon-manifest.json" | "beckon-snippet.json",
): string | null {
  const file = path.join(ASSETS, name);
  try {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.text;
    const text = readFileSync(file, "utf8");
    cache.set(file, { mtimeMs, text });
    return text;
  } catch {
    return null;
  }
}

/** The renderer's files (relative to the asset base, as the loader imports them), or null when not built. */
export const rendererFiles = (): string[] | null => parseRendererFiles(widgetAsset("beckon-manifest.json"));

/** The renderer's files from the build's manifest (scripts/build-widget.ts), or null for a missing or malformed one. */
export function parseRendererFiles(manifest: string | null): string[] | null {
  if (!manifest) return null;
  try {
    const files: unknown = JSON.parse(manifest)?.renderer;
    // Plain file names only: the site script joins them to the asset base.
    return Array.isArray(files) &&
      files.length > 0 &&
      files.every((f) => typeof f == "string" && /^[\w.-]+\.js(\?v=\w+)?$/.test(f))
      ? files
      : null;
  } catch {
    return null;
  }
}
