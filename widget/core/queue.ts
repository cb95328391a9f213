/**
 * The tracking queue: events are persisted in localStorage before anything
 * is sent, so a failed request, a closed tab or a crash loses nothing. The
 * server dedupes by the client id each event gets here, which makes every
 * resend safe; events leave the store only after a 2xx.
 */
import type { WireEvent } from "./api";
import { randomId } from "./ids";
import { log } from "./log";
import type { Store } from "./storage";

export type NewEvent = Omit<WireEvent, "id" | "at"> & { id?: string; at?: number };

export interface QueueDeps {
  store: Store;
  /** localStorage key (one queue per website). */
  key: string;
  /** Sends one batch; rejects (with .status when known) unless the server answered 2xx. */
  send(events: WireEvent[]): Promise<unknown>;
  /** Best-effort send while the page goes away (navigator.sendBeacon); true when queued. */
  beacon?(events: WireEvent[]): boolean;
  /** Wait before the first send, so events of one moment travel together. */
  delay?: number;
  batchSize?: number;
  /** Oldest events are dropped past this many. */
  maxLength?: number;
  /** First retry wait; doubles per failure up to maxBackoff. */
  backoff?: number;
  maxBackoff?: number;
}

export interface EventQueue {
  push(event: NewEvent): WireEvent;
  /** Sends one batch now unless one is already in flight (then returns that send). */
  flush(): Promise<void>;
  /** Hands everything not in flight to the beacon; kept stored, so the next page resends what got lost. */
  flushBeacon(): void;
  pending(): WireEvent[];
}

/** Creates the queue; call flush() once at start to resend what earlier pages left behind. */
export function createQueue(deps: QueueDeps): EventQueue {
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
  const load = (): WireEvent[] => {
    const list = store.get<WireEvent[]>(key);
    return Array.isArray(list) ? list : [];
  };
  const save = (list: WireEvent[]) => store.set(key, list);
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
      .slice(0, batchSize);
    if (!batch.length) return Promise.resolve();
    const ids = new Set(batch.map((e) => e.id));
    ids.forEach((id) => inFlight.add(id));
    sending = deps
      .send(batch)
      .then(
        () => {
          failures = 0;
          remove(ids);
        },
        (err: { status?: number }) => {
          const status = err?.status ?? 0;
          if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
            // The server refuses this batch for good: resending it would block the queue forever.
            log("Events rejected", status);
            remove(ids);
          } else {
            failures++;
          }
        },
      )
      .then(() => {
        ids.forEach((id) => inFlight.delete(id));
        sending = null;
        if (load().length) {
          schedule(failures ? Math.min((deps.backoff ?? 1000) * 2 ** (failures - 1), deps.maxBackoff ?? 60000) : 0);
        }
      });
    return sending;
  }

  return {
    push(event) {
      const full: WireEvent = { ...event, id: event.id || randomId(), at: event.at || Date.now() };
      const list = load();
      list.push(full);
      save(list.slice(-maxLength));
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

/** Flushes through sendBeacon when the page is hidden or unloaded (the last moment a request reliably leaves). */
export function flushOnHide(queue: EventQueue, win: Window = window, doc: Document = document): void {
  const hide = () => queue.flushBeacon();
  win.addEventListener("pagehide", hide);
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "hidden") hide();
  });
}

/** A beacon function for the queue, posting {events} as text/plain JSON. */
export function beaconTo(url: string, nav: Navigator = navigator): ((events: WireEvent[]) => boolean) | undefined {
  if (typeof nav.sendBeacon != "function") return undefined;
  return (events) => {
    try {
      return nav.sendBeacon(url, JSON.stringify({ events }));
    } catch {
      return false;
    }
  };
}
