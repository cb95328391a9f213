/**
 * Whether `npm start` must rebuild: the build is stale when one of its
 * outputs is missing or a source it is made from changed after the oldest
 * output was written. Outputs that the build writes inside source folders
 * (the demo site's assets, generated clients) are not sources: counting them
 * made every build look stale to the next start.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What the build reads: folders are walked, files compared as they are. */
export const BUILD_INPUTS = [
  "app",
  "contract",
  "widget",
  "demo",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build-widget.ts",
  "scripts/build-demo.ts",
];

/** What the build writes, one file per step (widget, demo site, admin and server). */
export const BUILD_OUTPUTS = [
  "extensions/cta-embed/assets/beckon-loader.js",
  "demo/sv/assets/site.js",
  "build/server/index.js",
];

/** Build output or generated code living inside an input folder. */
const NOT_SOURCES = ["demo/sv/assets", "app/generated"];

export type Staleness = { stale: false } | { stale: true; reason: string };

/** The newest source under `rel` (relative to root) and its time, skipping outputs and dotfiles. */
function newestSource(root: string, rel: string): { file: string; mtimeMs: number } | null {
  const full = path.join(root, rel);
  if (!existsSync(full) || NOT_SOURCES.includes(rel)) return null;
  const st = statSync(full);
  if (!st.isDirectory()) return { file: rel, mtimeMs: st.mtimeMs };
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const entry of readdirSync(full)) {
    if (entry.startsWith(".")) continue;
    const found = newestSource(root, path.posix.join(rel, entry));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Compares the sources under `root` with its build outputs. */
export function buildStaleness(root: string): Staleness {
  let built = Infinity;
  for (const out of BUILD_OUTPUTS) {
    const outPath = path.join(root, out);
    if (!existsSync(outPath)) return { stale: true, reason: `${out} is missing` };
    built = Math.min(built, statSync(outPath).mtimeMs);
  }
  for (const input of BUILD_INPUTS) {
    const newest = newestSource(root, input);
    if (newest && newest.mtimeMs > built) return { stale: true, reason: `${newest.file} changed after the last build` };
  }
  return { stale: false };
}
