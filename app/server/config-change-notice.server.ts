/**
 * What happens when this process has committed a change to what sites show
 * (app/models/site-publication.server.ts calls it): its own site-script
 * cache empties, and, when a cross-process channel runs
 * (config-change-channel.server.ts), every other process is told to empty
 * theirs.
 *
 * The channel's publisher is kept on globalThis: the server script starts the
 * channel, while the models that publish changes live in the bundled Remix
 * build, and each loads its own copy of this module.
 */
import { invalidateWebsiteScripts } from "./website-script-cache.server";

/** Tells the other processes; resolves once the notice is sent (it never rejects). */
type Publish = () => Promise<void>;

const KEY = Symbol.for("beckon.configChangePublisher");
const registry = globalThis as unknown as Record<symbol, Publish | null | undefined>;

/** Sets (or, with null, removes) how other processes are told of a committed config write. */
export function setConfigChangePublisher(publish: Publish | null): void {
  registry[KEY] = publish;
}

/**
 * A config write was committed here: empty this process's cache and tell the
 * others. Resolves once the notice is sent, so that the answer to the owner's
 * request leaves after it and the next page on any process sees the change.
 */
export async function configChangeCommitted(): Promise<void> {
  invalidateWebsiteScripts();
  await registry[KEY]?.();
}
