/**
 * Reads the built widget bundles (extensions/cta-embed/assets, written by
 * `npm run build:widget`), re-reading a file only when it changes on disk.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

const ASSETS = path.join(process.cwd(), "extensions/cta-embed/assets");
const cache = new Map<string, { mtimeMs: number; text: string }>();

/** The text of a built bundle, or null when it has not been built. */
export function widgetAsset(name: "beckon-loader.js" | "beckon-renderer.js"): string | null {
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
