/**
 * Loads the renderer bundle with a dynamic import, only when a CTA is about
 * to show. The import promise is shared; a failure resets it so the one retry
 * (and any later call) fetches again instead of reusing a rejected promise.
 */
import type { RendererModule } from "../render/types";
import { log } from "./log";

export type Importer = (url: string) => Promise<RendererModule>;

// Replaced at build time by a hash of the renderer bundle, so browsers never mix a new loader with an old cached renderer.
declare const __BECKON_RENDERER_VERSION__: string | undefined;

/** The renderer's address under the asset base. */
export function rendererUrl(assetBase: string): string {
  const url = new URL("beckon-renderer.js", assetBase);
  if (typeof __BECKON_RENDERER_VERSION__ == "string") url.searchParams.set("v", __BECKON_RENDERER_VERSION__);
  return url.href;
}

/** Returns a function that resolves to the renderer module, or to null after two failed attempts (logged). */
export function createRendererLoader(
  assetBase: string,
  importer: Importer = (url) => import(/* @vite-ignore */ url),
): () => Promise<RendererModule | null> {
  let pending: Promise<RendererModule> | null = null;
  const attempt = () =>
    (pending ??= importer(rendererUrl(assetBase)).catch((e) => {
      pending = null;
      throw e;
    }));
  return () =>
    attempt()
      .catch(attempt)
      .catch(() => {
        log("Loading chunk renderer failed");
        return null;
      });
}
