import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_ADDING_TO_CART } from "#widget/store/constants";
import { fail, ok } from "#widget/store/result";
import { createCartCreation, createCartLock, memorySession, realTimers } from "#widget/store/serialize";
import type { Result } from "#widget/store/types";

/** A promise resolved from outside. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("cart lock (SPEC 4: add and apply-discount serialized)", () => {
  it("runs the first call at once and retries a second every 100 ms while adding_to_cart is set", async () => {
    const session = memorySession();
    const lock = createCartLock({ session, timers: realTimers });
    const log: string[] = [];
    const first = deferred();
    const a = lock.run(async () => {
      log.push("a:start");
      await first.promise;
      log.push("a:end");
    });
    const b = lock.run(async () => {
      log.push("b:start");
    });
    expect(log).toEqual(["a:start"]);
    expect(typeof session.get(SESSION_ADDING_TO_CART)).toBe("number");
    expect(lock.busy()).toBe(true);

    await vi.advanceTimersByTimeAsync(300); // three retries, still held
    expect(log).toEqual(["a:start"]);

    first.resolve();
    await a;
    expect(session.get(SESSION_ADDING_TO_CART)).toBe(false);
    expect(log).toEqual(["a:start", "a:end"]); // b waits for its next 100 ms retry

    await vi.advanceTimersByTimeAsync(99);
    expect(log).toEqual(["a:start", "a:end"]);
    await vi.advanceTimersByTimeAsync(1);
    await b;
    expect(log).toEqual(["a:start", "a:end", "b:start"]);
  });

  it("keeps click order for many fast calls, never interleaved", async () => {
    const lock = createCartLock();
    const log: string[] = [];
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const runs = gates.map((g, i) =>
      lock.run(async () => {
        log.push(`start ${i}`);
        await g.promise;
        log.push(`end ${i}`);
        return i;
      }),
    );
    // Release in reverse order: completion order must still follow click order.
    for (const g of [...gates].reverse()) g.resolve();
    for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(100);
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2, 3]);
    expect(log).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
  });

  it("releases the lock when a call fails or throws", async () => {
    const lock = createCartLock();
    const a = lock.run(async () => {
      throw new Error("network");
    });
    const b = lock.run(() => {
      throw new Error("sync");
    });
    const c = lock.run(async () => "ok");
    const settled = Promise.allSettled([a, b, c]);
    await vi.advanceTimersByTimeAsync(200);
    const [ra, rb, rc] = await settled;
    expect(ra).toMatchObject({ status: "rejected", reason: new Error("network") });
    expect(rb).toMatchObject({ status: "rejected", reason: new Error("sync") });
    expect(rc).toEqual({ status: "fulfilled", value: "ok" });
    expect(lock.busy()).toBe(false);
  });

  it("shares adding_to_cart through session data between two CTAs' locks", async () => {
    const session = memorySession();
    const one = createCartLock({ session });
    const two = createCartLock({ session });
    const gate = deferred();
    const log: string[] = [];
    const a = one.run(async () => {
      log.push("one");
      await gate.promise;
    });
    const b = two.run(async () => void log.push("two"));
    await vi.advanceTimersByTimeAsync(500);
    expect(log).toEqual(["one"]);
    gate.resolve();
    await a;
    await vi.advanceTimersByTimeAsync(100);
    await b;
    expect(log).toEqual(["one", "two"]);
  });

  it("ignores a flag left by a page closed mid-add", async () => {
    const session = memorySession();
    session.set(SESSION_ADDING_TO_CART, Date.now() - 60_000);
    const lock = createCartLock({ session });
    let ran = false;
    await lock.run(async () => void (ran = true));
    expect(ran).toBe(true);
  });
});

describe("cart creation once per session (SPEC 4)", () => {
  it("creates once; later callers wait, polling every 100 ms", async () => {
    const session = memorySession();
    const creation = createCartCreation({ session });
    const made = deferred<Result<string>>();
    const create = vi.fn(() => made.promise);
    const first = creation.get(create);
    const second = creation.get(create);
    const third = creation.get(create);
    expect(create).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(250);
    made.resolve(ok("cart-1"));
    await expect(first).resolves.toEqual(ok("cart-1"));
    await vi.advanceTimersByTimeAsync(100);
    await expect(second).resolves.toEqual(ok("cart-1"));
    await expect(third).resolves.toEqual(ok("cart-1"));
    expect(create).toHaveBeenCalledTimes(1);
    expect(session.get("cart")).toEqual({ storefront: "cart-1" });
    // Later callers in the session get the stored id without creating.
    await expect(creation.get(create)).resolves.toEqual(ok("cart-1"));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("lets a waiter create when the first creation fails", async () => {
    const creation = createCartCreation();
    const attempts: ReturnType<typeof deferred<Result<string>>>[] = [];
    const create = vi.fn(() => {
      const d = deferred<Result<string>>();
      attempts.push(d);
      return d.promise;
    });
    const first = creation.get(create);
    const second = creation.get(create);
    attempts[0].resolve(fail("throttled"));
    await expect(first).resolves.toEqual(fail("throttled"));
    await vi.advanceTimersByTimeAsync(100);
    expect(create).toHaveBeenCalledTimes(2);
    attempts[1].resolve(ok("cart-2"));
    await expect(second).resolves.toEqual(ok("cart-2"));
  });

  it("takes over a creation that never finished (closed page) after the wait limit", async () => {
    const session = memorySession();
    session.set("cart_created", { storefront: Date.now() });
    const creation = createCartCreation({ session, maxWaitMs: 1000 });
    const create = vi.fn(async () => ok("cart-3"));
    const got = creation.get(create);
    await vi.advanceTimersByTimeAsync(900);
    expect(create).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    await expect(got).resolves.toEqual(ok("cart-3"));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("keeps carts per integration type and forgets one on reset", async () => {
    const session = memorySession();
    session.set("cart", { shopify: "ajax-token" });
    const creation = createCartCreation({ session, integration: "storefront" });
    await creation.get(async () => ok("gid-1"));
    expect(session.get("cart")).toEqual({ shopify: "ajax-token", storefront: "gid-1" });
    creation.reset();
    expect(creation.current()).toBeNull();
    expect(session.get("cart")).toEqual({ shopify: "ajax-token" });
  });
});
