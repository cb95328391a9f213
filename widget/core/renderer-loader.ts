/**
 * Loads lazily built chunks (beckon-renderer.js, beckon-panel.js) with a
 * dynamic import, only when needed. The import promise is shared; a failure
 * resets it so the one retry (and any later call) fetches again instead of
 * reusing a rejected promise. After the retry fails: "Loading chunk {n} failed".
 */
import type { RendererModule } from "#widget/render/types";
import type * as Extras from "./extras/extras";
import { warn } from "./log";

export type Importer<T = RendererModule> = (url: string) => Promise<T>;
/** The extras chunk (beckon-extras.js) as the loader sees it once imported. */
export type ExtrasModule = typeof Extras;

// Replaced at build time by content hashes of the chunks, so browsers never mix a new loader with an old cached chunk.
declare const __BECKON_VERSIONS__: Record<string, string> | undefined;
// The renderer's statically imported chunks, also named at build time.
declare const __BECKON_RENDERER_DEPS__: string[] | undefined;

/** A chunk's address under the asset base (which ends in a slash, as PublicWebsiteConfig says). */
export function chunkUrl(name: string, assetBase: string): string {
  const version = typeof __BECKON_VERSIONS__ == "object" ? __BECKON_VERSIONS__[name] : 0;
  return `${assetBase}beckon-${name}.js${version ? "?v=" + version : ""}`;
}

/** The renderer's address under the asset base. */
export const rendererUrl = (assetBase: string): string => chunkUrl("renderer", assetBase);

/** Returns a function that resolves to the chunk's module, or to null after two failed attempts (logged). */
export function createChunkLoader<T>(
  name: string,
  assetBase: string,
  importer: Importer<T> = (url) => {
    // The renderer's own imports start downloading beside it, not once it has been parsed (the same URL is the same module).
    if (name == "renderer" && typeof __BECKON_RENDERER_DEPS__ == "object")
      for (const dep of __BECKON_RENDERER_DEPS__) import(/* @vite-ignore */ assetBase + dep).catch(warn);
    return import(/* @vite-ignore */ url);
  },
): () => Promise<T | null> {
  let pending: Promise<T> | null = null;
  const attempt = () =>
    (pending ??= importer(chunkUrl(name, assetBase)).catch((e) => {
      pending = null;
      throw e;
    }));
  return () =>
    attempt()
      .catch(attempt)
      .catch(() => {
        warn(`Loading chunk ${name} failed`);
        return null;
      });
}

/** The renderer chunk's loader. */
export const createRendererLoader = (assetBase: string, importer?: Importer): (() => Promise<RendererModule | null>) =>
  createChunkLoader("renderer", assetBase, importer);
