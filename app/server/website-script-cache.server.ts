/**
 * The built site scripts, kept in memory for a short time. Every page view
 * of every site loads its script (config and loader), and building one
 * takes several queries (about 3 ms of the server's CPU, more under load),
 * while the answer only changes when an owner changes something. The cache
 * keeps each built script with its ETag and its gzip and brotli bodies, so a
 * page view costs no query and no compression.
 *
 * Freshness, as HTTP caching has it (the browsers' copy is fresh for 60 s,
 * then revalidated while it is used):
 * - publishing an owner's change, once committed, empties this process's
 *   cache (app/models/site-publication.server.ts: the models that write what
 *   a config is built from end with sitesChanged), so the change shows on
 *   the next page;
 * - and every other server process's cache too (PostgreSQL NOTIFY or Redis
 *   pub/sub, config-change-channel.server.ts), when several processes share
 *   the database;
 * - a script is fresh for BECKON_SCRIPT_CACHE_MS (10 s by default; 0 turns
 *   the cache off). Past that and up to 60 s it is still answered, while
 *   one build in the background replaces it: another process's write (a
 *   second server, a script) shows within seconds, and no page waits for a
 *   build unless its site's script is older than a minute or not cached;
 * - a build that a write overtakes is answered but not kept.
 * Compression runs on libuv's thread pool, beside the event loop, and only
 * for a changed body: most background builds find the script as it was and
 * keep its compressed forms (the server shares its cores with the pages it
 * serves, so work saved there is time saved for every request).
 */
import { compressedForms } from "./etag.server";
import { serverEnv, type EnvSource } from "./env.server";
import { logger } from "./logger.server";

export interface BuiltScript {
  body: string;
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/** How many scripts are remembered: past it, the oldest goes first. */
const MAX_ENTRIES = 1000;
/** The longest a script is answered from memory at all, as the browsers' max-age. */
export const SCRIPT_STALE_MS = 60_000;

/** How long a script is fresh, from BECKON_SCRIPT_CACHE_MS (0 to 60,000 ms), else 10 s. */
export function scriptCacheTtl(env?: EnvSource): number {
  return serverEnv(env).scriptCacheMs;
}

/** The body with its compressed forms (compressed once here, not on every answer). */
export async function packScript(body: string, etag: string): Promise<BuiltScript> {
  // Brotli quality 5: about 1 ms for a 30 KB script, where 11 takes about 20 ms of a core for 6 % less.
  return { body, etag, ...(await compressedForms(Buffer.from(body, "utf8"), 5)) };
}

/** Builds a key's script; `previous` is the stale script it replaces (null when there is none). */
export type Build = (previous: BuiltScript | null) => Promise<BuiltScript | null>;

export interface ScriptCache {
  /**
   * The script for a key: fresh from memory; stale from memory while a
   * background build replaces it; else built (one build at a time per key).
   * null (nothing to serve) is not remembered. A build gets the script it
   * replaces, if any, to reuse what has not changed.
   */
  get(key: string, build: Build): Promise<BuiltScript | null>;
  /** Forgets every script: the next request builds afresh. */
  invalidate(): void;
  readonly size: number;
}

export function createScriptCache(fresh: () => number = scriptCacheTtl, now: () => number = Date.now): ScriptCache {
  const entries = new Map<string, { at: number; script: BuiltScript }>();
  const building = new Map<string, Promise<BuiltScript | null>>();
  let generation = 0;
  const rebuild = (key: string, build: Build): Promise<BuiltScript | null> => {
    const pending = building.get(key);
    if (pending) return pending;
    const started = generation;
    const at = now();
    const pendingBuild = build(entries.get(key)?.script ?? null)
      .then((script) => {
        // A write since the build started may not be in it: answer this request with it, remember nothing.
        if (started !== generation) return script;
        entries.delete(key);
        if (script) {
          entries.set(key, { at, script });
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        }
        return script;
      })
      .finally(() => {
        if (building.get(key) === pendingBuild) building.delete(key);
      });
    building.set(key, pendingBuild);
    return pendingBuild;
  };
  return {
    async get(key, build) {
      const ms = fresh();
      if (ms <= 0) return build(null);
      const hit = entries.get(key);
      const age = hit ? now() - hit.at : Infinity;
      if (hit && age < ms) return hit.script;
      if (hit && age < SCRIPT_STALE_MS) {
        // Answered now; the next request gets the new build. A failed one leaves the stale copy in use.
        rebuild(key, build).catch((e) => logger("site-script").error({ err: e }, "site script build failed"));
        return hit.script;
      }
      return rebuild(key, build);
    },
    invalidate() {
      generation++;
      entries.clear();
      // Builds in flight answer their requests but are not remembered, and the next request starts a new one.
      building.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

const CACHE_KEY = Symbol.for("beckon.websiteScripts");

/**
 * The server's cache of site scripts. Kept on globalThis: the server script
 * (which receives other processes' notices) and the bundled Remix build (which
 * serves the scripts) each load their own copy of this module, and both must
 * empty the same cache.
 */
export const websiteScripts: ScriptCache = ((globalThis as unknown as Record<symbol, ScriptCache | undefined>)[
  CACHE_KEY
] ??= createScriptCache());

/** Forgets every cached site script (a published change, here or in another process). */
export function invalidateWebsiteScripts(): void {
  websiteScripts.invalidate();
}
