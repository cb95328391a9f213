import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CART_ACTION_DELAY_MS,
  CART_REDIRECT_ACTION_DELAY_MS,
  CART_REDIRECT_POLL_MS,
  CART_REDIRECT_WAIT_MS,
  REDIRECT_DELAY_MS,
} from "../../../widget/store/constants";
import { cartActionDelay, redirectAfterCart } from "../../../widget/store/redirect-flow";
import type { Timers } from "../../../widget/store/types";

const timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), now: () => Date.now() };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("cart redirect flow (SPEC 8, 9)", () => {
  it("has the section 9 timings", () => {
    expect([CART_ACTION_DELAY_MS, CART_REDIRECT_ACTION_DELAY_MS, CART_REDIRECT_WAIT_MS, CART_REDIRECT_POLL_MS, REDIRECT_DELAY_MS]).toEqual([200, 100, 5000, 50, 500]);
  });

  it("a cart action's follow-up waits 200 ms, 100 ms before a redirect", async () => {
    const done = vi.fn();
    void cartActionDelay(false, timers).then(done);
    await vi.advanceTimersByTimeAsync(199);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
    const quick = vi.fn();
    void cartActionDelay(true, timers).then(quick);
    await vi.advanceTimersByTimeAsync(99);
    expect(quick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(quick).toHaveBeenCalled();
  });

  it("goes 100 ms + 500 ms after the click when the cart is free", async () => {
    const go = vi.fn();
    const fetch = vi.fn();
    const flow = redirectAfterCart("/cart", { go, fetch: fetch as never, timers });
    await vi.advanceTimersByTimeAsync(599);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledWith("/cart");
    await expect(flow).resolves.toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("waits for a busy cart, polling every 50 ms, then the redirect delay", async () => {
    let busy = true;
    const checks = vi.fn(() => busy);
    const go = vi.fn();
    void redirectAfterCart("/checkout", { busy: checks, go, timers });
    await vi.advanceTimersByTimeAsync(100);
    expect(checks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CART_REDIRECT_POLL_MS * 3);
    expect(checks).toHaveBeenCalledTimes(4);
    busy = false;
    await vi.advanceTimersByTimeAsync(CART_REDIRECT_POLL_MS);
    await vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 1);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledWith("/checkout");
  });

  it("a cart busy past 5 s falls back to fetching the cart URL, without navigating", async () => {
    const go = vi.fn();
    const fetch = vi.fn(async () => new Response("ok"));
    const flow = redirectAfterCart("/discount/SAVE?redirect=/cart", { busy: () => true, go, fetch: fetch as never, timers });
    await vi.advanceTimersByTimeAsync(100 + CART_REDIRECT_WAIT_MS - CART_REDIRECT_POLL_MS);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CART_REDIRECT_POLL_MS);
    await expect(flow).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledWith("/discount/SAVE?redirect=/cart", { credentials: "same-origin" });
    expect(go).not.toHaveBeenCalled();
  });

  it("a navigation that throws also fetches the cart URL; a failing fetch stays quiet", async () => {
    const fetch = vi.fn(async () => {
      throw new Error("offline");
    });
    const flow = redirectAfterCart("/cart", { go: () => { throw new Error("blocked"); }, fetch: fetch as never, timers });
    await vi.advanceTimersByTimeAsync(600);
    await expect(flow).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledWith("/cart", { credentials: "same-origin" });
  });
});
