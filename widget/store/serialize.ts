/**
 * SPEC 4 Store operations: cart add and apply-discount are serialized (while
 * adding_to_cart is set, a further call retries every 100 ms), and the cart is
 * created once per session (later callers wait, polling every 100 ms).
 *
 * The flags live in session data so every CTA on the page shares them. They
 * hold a timestamp rather than true: a page closed mid-add would otherwise leave
 * a flag that blocks the cart for the rest of the session. Waiters also take
 * tickets, so three fast clicks still add in click order (bare polling would
 * let whichever waiter's timer fires first win).
 */
import { CART_POLL_MS, SESSION_ADDING_TO_CART, SESSION_CART, SESSION_CART_CREATED } from "./constants";
import type { Result, StoreSession, Timers } from "./types";

/** Session data in memory (one page); the renderer passes the widget's session store instead. */
export function memorySession(): StoreSession {
  const data = new Map<string, unknown>();
  return {
    get: <T>(key: string) => (data.has(key) ? (data.get(key) as T) : null),
    set: (key, value) => void data.set(key, value),
  };
}

/** The real clock. */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  now: () => Date.now(),
};

export interface LockDeps {
  session?: StoreSession;
  timers?: Timers;
  /** Retry interval; SPEC 4 says 100 ms. */
  interval?: number;
  /** A flag older than this is left over from a closed page and ignored. */
  staleMs?: number;
}

export interface CartLock {
  /** Runs fn once no other cart write is in flight, in call order. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** True while a write holds the lock. */
  busy(): boolean;
}

/**
 * Counts an adapter's cart writes from the call until they settle, queued
 * ones included: the lock's flag is set only while a write runs, and remove
 * and clear never take the lock, so neither alone tells a redirect that the
 * cart is still changing.
 */
export function inFlight(): { track<T>(p: Promise<T>): Promise<T>; busy(): boolean } {
  let pending = 0;
  return {
    track(p) {
      pending++;
      return p.finally(() => void pending--);
    },
    busy: () => pending > 0,
  };
}

/** The adding_to_cart lock of SPEC 4. */
export function createCartLock(deps: LockDeps = {}): CartLock {
  const session = deps.session ?? memorySession();
  const timers = deps.timers ?? realTimers;
  const interval = deps.interval ?? CART_POLL_MS;
  const staleMs = deps.staleMs ?? 10_000;
  const queue: object[] = [];

  const flagSet = () => {
    const at = session.get<number>(SESSION_ADDING_TO_CART);
    return typeof at === "number" && timers.now() - at < staleMs;
  };

  return {
    busy: flagSet,
    run<T>(fn: () => Promise<T>): Promise<T> {
      const ticket = {};
      queue.push(ticket);
      return new Promise<T>((resolve, reject) => {
        const attempt = () => {
          if (queue[0] !== ticket || flagSet()) {
            timers.setTimeout(attempt, interval);
            return;
          }
          session.set(SESSION_ADDING_TO_CART, timers.now());
          const release = () => {
            session.set(SESSION_ADDING_TO_CART, false);
            queue.shift();
          };
          let promise: Promise<T>;
          try {
            promise = fn();
          } catch (e) {
            promise = Promise.reject(e);
          }
          promise.then(
            (v) => {
              release();
              resolve(v);
            },
            (e) => {
              release();
              reject(e);
            },
          );
        };
        attempt();
      });
    },
  };
}

export interface CartCreationDeps {
  session?: StoreSession;
  timers?: Timers;
  /** The key under session "cart" (carts are kept per integration type). */
  integration?: string;
  interval?: number;
  /** How long a waiter waits for another caller's creation before creating itself. */
  maxWaitMs?: number;
}

export interface CartCreation {
  /** The session's cart id, creating the cart once; concurrent callers wait for the first. */
  get(create: () => Promise<Result<string>>): Promise<Result<string>>;
  /** The stored id, or null. */
  current(): string | null;
  /** Forgets the cart (expired or deleted), so the next get creates a new one. */
  reset(): void;
}

/** Cart creation once per session (SPEC 4), flagged by cart_created. */
export function createCartCreation(deps: CartCreationDeps = {}): CartCreation {
  const session = deps.session ?? memorySession();
  const timers = deps.timers ?? realTimers;
  const integration = deps.integration ?? "storefront";
  const interval = deps.interval ?? CART_POLL_MS;
  const maxWaitMs = deps.maxWaitMs ?? 5000;

  const current = () => session.get<Record<string, string>>(SESSION_CART)?.[integration] ?? null;
  const store = (id: string | null) => {
    const carts = { ...(session.get<Record<string, string>>(SESSION_CART) ?? {}) };
    if (id) carts[integration] = id;
    else delete carts[integration];
    session.set(SESSION_CART, carts);
  };
  const createdAt = () => {
    const created = session.get<Record<string, number>>(SESSION_CART_CREATED)?.[integration];
    return typeof created === "number" ? created : null;
  };
  const setCreated = (at: number | null) => {
    const flags = { ...(session.get<Record<string, number>>(SESSION_CART_CREATED) ?? {}) };
    if (at === null) delete flags[integration];
    else flags[integration] = at;
    session.set(SESSION_CART_CREATED, flags);
  };

  async function createNow(create: () => Promise<Result<string>>): Promise<Result<string>> {
    setCreated(timers.now());
    const result = await create();
    if (result.ok) store(result.value);
    else setCreated(null);
    return result;
  }

  return {
    current,
    reset() {
      store(null);
      setCreated(null);
    },
    get(create) {
      const id = current();
      if (id) return Promise.resolve({ ok: true, value: id });
      const at = createdAt();
      if (at === null || timers.now() - at >= maxWaitMs) return createNow(create);
      return new Promise((resolve) => {
        const poll = () => {
          const found = current();
          if (found) return resolve({ ok: true, value: found });
          const since = createdAt();
          if (since === null || timers.now() - since >= maxWaitMs) return resolve(createNow(create));
          timers.setTimeout(poll, interval);
        };
        timers.setTimeout(poll, interval);
      });
    },
  };
}
