import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CART_ACTION_DELAY_MS,
  CART_REDIRECT_ACTION_DELAY_MS,
  CART_REDIRECT_POLL_MS,
  CART_REDIRECT_WAIT_MS,
  REDIRECT_DELAY_MS,
  SESSION_CART,
} from "#widget/store/constants";
import { createAjaxCart } from "#widget/store/ajax-cart";
import { cartActionDelay, redirectAfterCart } from "#widget/store/redirect-flow";
import { memorySession } from "#widget/store/serialize";
import { createStorefrontCart } from "#widget/store/storefront-cart";
import type { Timers } from "#widget/store/types";

const timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), now: () => Date.now() };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("cart redirect flow (SPEC 8, 9)", () => {
  it("has the section 9 timings", () => {
    expect([
      CART_ACTION_DELAY_MS,
      CART_REDIRECT_ACTION_DELAY_MS,
      CART_REDIRECT_WAIT_MS,
      CART_REDIRECT_POLL_MS,
      REDIRECT_DELAY_MS,
    ]).toEqual([200, 100, 5000, 50, 500]);
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
    const flow = redirectAfterCart("/discount/SAVE?redirect=/cart", {
      busy: () => true,
      go,
      fetch: fetch as never,
      timers,
    });
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
    const flow = redirectAfterCart("/cart", {
      go: () => {
        throw new Error("blocked");
      },
      fetch: fetch as never,
      timers,
    });
    await vi.advanceTimersByTimeAsync(600);
    await expect(flow).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledWith("/cart", { credentials: "same-origin" });
  });

  describe("waits on the cart adapter's own writes", () => {
    /** A fetch whose answers the test releases one by one. */
    const held = () => {
      const waiting: (() => void)[] = [];
      const fetch = vi.fn(
        (url: string) =>
          new Promise<Response>((r) =>
            waiting.push(() =>
              r(
                new Response(
                  JSON.stringify(
                    String(url).includes("cart.js")
                      ? { token: "t", items: [], total_price: 0, item_count: 0, currency: "USD" }
                      : { items: [] },
                  ),
                  { status: 200 },
                ),
              ),
            ),
          ),
      );
      return { fetch, release: () => waiting.splice(0).forEach((go) => go()) };
    };

    it("Ajax cart: an add (queued behind the lock or running) and a remove hold the redirect until they settle", async () => {
      const f = held();
      const cart = createAjaxCart({ root: "/", fetch: f.fetch as never, notice: false });
      expect(cart.busy!()).toBe(false);
      void cart.addLines([{ variantId: "1", quantity: 1 }]);
      void cart.addLines([{ variantId: "2", quantity: 1 }]);
      void cart.removeLine("3:abc");
      const go = vi.fn();
      void redirectAfterCart("/cart", { busy: cart.busy, go, timers });
      await vi.advanceTimersByTimeAsync(3000);
      expect(go).not.toHaveBeenCalled();
      expect(cart.busy!()).toBe(true);
      // Each release answers what is waiting: the first add (add.js, then cart.js), the remove, then the second add.
      for (let i = 0; i < 6 && cart.busy!(); i++) {
        f.release();
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(cart.busy!()).toBe(false);
      await vi.advanceTimersByTimeAsync(CART_REDIRECT_POLL_MS + REDIRECT_DELAY_MS);
      expect(go).toHaveBeenCalledWith("/cart");
    });

    it("Storefront cart: a clear in flight holds the redirect", async () => {
      let answer: (() => void) | null = null;
      const fetch = vi.fn(
        () =>
          new Promise<Response>(
            (r) => (answer = () => r(new Response(JSON.stringify({ data: { cart: null } }), { status: 200 }))),
          ),
      );
      const session = memorySession();
      session.set(SESSION_CART, { storefront: "gid://shopify/Cart/1" });
      const cart = createStorefrontCart({
        storeDomain: "shop.example",
        publicAccessToken: "t",
        fetch: fetch as never,
        timers,
        session,
        notice: false,
      });
      void cart.clear();
      expect(cart.busy!()).toBe(true);
      const go = vi.fn();
      void redirectAfterCart("/cart", { busy: cart.busy, go, timers });
      await vi.advanceTimersByTimeAsync(2000);
      expect(go).not.toHaveBeenCalled();
      expect(fetch).toHaveBeenCalled();
      answer!();
      await vi.advanceTimersByTimeAsync(CART_REDIRECT_POLL_MS + REDIRECT_DELAY_MS);
      expect(cart.busy!()).toBe(false);
      expect(go).toHaveBeenCalledWith("/cart");
    });
  });
});
