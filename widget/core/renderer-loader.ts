/**
 * Loads lazily built chunks (beckon-renderer.js, beckon-panel.js) with a
 * dynamic import, only when needed. The import promise is shared; a failure
 * resets it so the one retry (and any later call) fetches again instead of
 * reusing a rejected promise. After the retry fails: "Loading chunk {n} failed".
 */
import type { RendererModule } from "../render/types";
import { log } from "./log";

export type Importer<T = RendererModule> = (url: string) => Promise<T>;

// Replaced at build time by content hashes of the chunks, so browsers never mix a new loader with an old cached chunk.
declare const __BECKON_VERSIONS__: Record<string, string> | undefined;

/** A chunk's address under the asset base. */
export function chunkUrl(name: string, assetBase: string): string {
  const url = new URL(`beckon-${name}.js`, assetBase);
  const v = typeof __BECKON_VERSIONS__ == "object" ? __BECKON_VERSIONS__[name] : 0;
  if (v) url.searchParams.set("v", v);
  return url.href;
}

/** The renderer's address under the asset base. */
export const rendererUrl = (assetBase: string): string => chunkUrl("renderer", assetBase);

/** Returns a function that resolves to the chunk's module, or to null after two failed attempts (logged). */
export function createChunkLoader<T>(name: string, assetBase: string, importer: Importer<T> = (url) => import(/* @vite-ignore */ url)): () => Promise<T | null> {
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
        log(`Loading chunk ${name} failed`);
        return null;
      });
}

/** The renderer chunk's loader. */
export const createRendererLoader = (assetBase: string, importer?: Importer): (() => Promise<RendererModule | null>) =>
  createChunkLoader("renderer", assetBase, importer);
