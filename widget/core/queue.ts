/**
 * The tracking queue: events (and, in a second queue, contacts) are
 * persisted in localStorage before anything is sent, so a failed request, a
 * closed tab, a crash or a server down for a while loses nothing. The
 * server dedupes by the client id each item gets here, which makes every
 * resend safe; items leave the store only after a 2xx (or a 4xx, which no
 * resend can fix). An item the server keeps failing on (500) is set aside
 * for the rest of the page, still stored, so it cannot hold up the items
 * behind it; the next page sends it again.
 */
import type { WireEvent } from "./api";
import { randomId } from "./ids";
import { warn } from "./log";
import type { Store } from "./storage";

export type NewEvent = Omit<WireEvent, "id" | "at"> & { id?: string; at?: number };

/** Anything queued: a client id for dedupe and the time it happened. */
export interface Queued {
  id: string;
  at: number;
}

export interface QueueDeps<T extends Queued = WireEvent> {
  store: Store;
  /** localStorage key (one queue per website). */
  key: string;
  /** Sends one batch; rejects (with .status when known) unless the server answered 2xx. */
  send(events: T[]): Promise<unknown>;
  /** Best-effort send while the page goes away (navigator.sendBeacon); true when queued. */
  beacon?(events: T[]): boolean;
  /** Told when a batch is settled for good: delivered (error undefined) or refused (a 4xx). */
  settled?(batch: T[], error?: unknown, answer?: unknown): void;
  /** Wait before the first send, so events of one moment travel together. */
  delay?: number;
  batchSize?: number;
  /** Oldest events are dropped past this many. */
  maxLength?: number;
  /** First retry wait; doubles per failure up to maxBackoff. */
  backoff?: number;
  maxBackoff?: number;
}

export interface EventQueue<T extends Queued = WireEvent> {
  push(event: Omit<T, "id" | "at"> & { id?: string; at?: number }): T;
  /** Sends one batch now unless one is already in flight (then returns that send). */
  flush(): Promise<void>;
  /** Hands everything not in flight to the beacon; kept stored, so the next page resends what got lost. */
  flushBeacon(): void;
  pending(): T[];
}

/** Creates the queue; call flush() once at start to resend what earlier pages left behind. */
export function createQueue<T extends Queued = WireEvent>(deps: QueueDeps<T>): EventQueue<T> {
  const { store, key } = deps;
  const batchSize = deps.batchSize ?? 100;
  const maxLength = deps.maxLength ?? 500;
  const inFlight = new Set<string>();
  // pagehide and visibilitychange both fire on unload: one beacon per event is enough.
  const beaconed = new Set<string>();
  let sending: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  // Reread on every change: other tabs of the same site share the key.
  const load = (): T[] => {
    const list = store.get<T[]>(key);
    return Array.isArray(list) ? list : [];
  };
  const save = (list: T[]) => store.set(key, list);
  const remove = (ids: Set<string>) => save(load().filter((e) => !ids.has(e.id)));

  const schedule = (ms: number) => {
    if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, ms);
    }
  };

  function flush(): Promise<void> {
    if (sending) return sending;
    const batch = load()
      .filter((e) => !inFlight.has(e.id))
      // After a failure, one item at a time: an item the server fails on then fails alone.
      .slice(0, failures ? 1 : batchSize);
    if (!batch.length) return Promise.resolve();
    const ids = new Set(batch.map((e) => e.id));
    ids.forEach((id) => inFlight.add(id));
    sending = deps
      .send(batch)
      .then(
        (answer) => {
          failures = 0;
          remove(ids);
          deps.settled?.(batch, undefined, answer);
        },
        (err: { status?: number }) => {
          const status = err?.status ?? 0;
          if (status > 399 && status < 500 && status != 408 && status != 429) {
            // The server refuses this batch for good: resending it would block the queue forever.
            warn("Rejected by the server", status);
            remove(ids);
            deps.settled?.(batch, err);
          } else if (++failures > 2 && status == 500) {
            // A 500 is the server failing on what it was sent (an outage is a 502-504 or no answer); the
            // third in a row, the item sent alone (see flush), sets it aside so that it cannot hold up the rest.
            // It stays stored, and in flight until the page goes (its id skips the cleanup below): the next
            // page sends it again.
            warn("Rejected by the server", status);
            ids.delete(batch[0].id);
            failures = 0;
          }
        },
      )
      .then(() => {
        ids.forEach((id) => inFlight.delete(id));
        sending = null;
        if (load().length) {
          schedule(failures ? Math.min((deps.backoff ?? 1000) * 2 ** (failures - 1), deps.maxBackoff ?? 30000) : 0);
        }
      });
    return sending;
  }

  return {
    push(event) {
      const full = { ...event, id: event.id || randomId(), at: event.at || Date.now() } as T;
      save([...load(), full].slice(-maxLength));
      // During a backoff the pending retry timer stays; a push must not hammer a failing server.
      schedule(deps.delay ?? 200);
      return full;
    },
    flush,
    flushBeacon() {
      if (!deps.beacon) return;
      const list = load().filter((e) => !inFlight.has(e.id) && !beaconed.has(e.id));
      for (let i = 0; i < list.length; i += batchSize) {
        const batch = list.slice(i, i + batchSize);
        if (!deps.beacon(batch)) break;
        batch.forEach((e) => beaconed.add(e.id));
      }
    },
    pending: load,
  };
}

/**
 * Flushes through sendBeacon when the page is hidden or unloaded (the last
 * moment a request reliably leaves), and at once when the browser is back online.
 */
export function flushOnHide(queue: EventQueue<any>, win: Window, doc: Document): void {
  const hide = () => queue.flushBeacon();
  win.addEventListener("pagehide", hide);
  win.addEventListener("online", () => void queue.flush());
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "hidden") hide();
  });
}

/** A beacon function for the queue, posting text/plain JSON ({events} unless `wrap` says otherwise). */
export function beaconTo<T>(
  url: string,
  nav: Navigator,
  wrap: (batch: T[]) => unknown = (events) => ({ events }),
): ((batch: T[]) => boolean) | undefined {
  if (typeof nav.sendBeacon != "function") return undefined;
  return (batch) => {
    try {
      return nav.sendBeacon(url, JSON.stringify(wrap(batch)));
    } catch {
      return false;
    }
  };
}
