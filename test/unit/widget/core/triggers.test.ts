// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { triggerOf } from "#contract/cta-options";
import { armCart } from "#widget/core/extras/extras";
import type { LocalData } from "#widget/core/person-data";
import { arm, isCartPage, isExitIntent, scrollPercent, type TriggerEnv } from "#widget/core/triggers";

const env = (over: Partial<TriggerEnv> = {}): TriggerEnv => ({
  win: window,
  doc: document,
  set: (f, ms) => setTimeout(f, ms),
  clear: (t) => clearTimeout(t),
  ...over,
});

function setScroll(y: number, viewport = 1000, height = 5000) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  Object.defineProperty(window, "innerHeight", { value: viewport, configurable: true });
  Object.defineProperty(document.documentElement, "scrollHeight", { value: height, configurable: true });
}

describe("trigger decisions", () => {
  it("scroll share of the scrollable height; a page that cannot scroll is fully seen", () => {
    expect(scrollPercent(0, 1000, 5000)).toBe(0);
    expect(scrollPercent(1600, 1000, 5000)).toBe(40);
    expect(scrollPercent(9000, 1000, 5000)).toBe(100);
    expect(scrollPercent(0, 1000, 800)).toBe(100);
  });
  it("exit intent: the pointer leaves the window within 20 px of the top", () => {
    expect(isExitIntent({ clientY: 5, relatedTarget: null })).toBe(true);
    expect(isExitIntent({ clientY: 19 })).toBe(true);
    expect(isExitIntent({ clientY: 20 })).toBe(false);
    expect(isExitIntent({ clientY: 5, relatedTarget: document.body })).toBe(false);
    expect(isExitIntent({ clientY: -3 })).toBe(true);
  });
  it("cart pages", () => {
    expect(isCartPage("https://shop.test/cart")).toBe(true);
    expect(isCartPage("https://shop.test/sv/cart?x=1")).toBe(true);
    expect(isCartPage("https://shop.test/products/cartography")).toBe(false);
    expect(isCartPage("https://cart.shop.test/")).toBe(false);
  });
});

describe("arming triggers (fake timers)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("delayed: after its delay, default 3 s, once", async () => {
    const fire = vi.fn();
    arm(triggerOf({}), env(), fire);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fire).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fire).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fire).toHaveBeenCalledTimes(1);
    const two = vi.fn();
    arm(triggerOf({ trigger: "delayed", delay: 2 }), env(), two);
    await vi.advanceTimersByTimeAsync(2000);
    expect(two).toHaveBeenCalledTimes(1);
  });

  it("uses injected timers", () => {
    const set = vi.fn(() => 7);
    const clear = vi.fn();
    const off = arm(triggerOf({ delay: 5 }), env({ set, clear }), vi.fn());
    expect(set).toHaveBeenCalledWith(expect.any(Function), 5000);
    off();
    expect(clear).toHaveBeenCalledWith(7);
  });

  it("immediate: as soon as the arming code has run, without waiting for a timer; disarmed first, never", async () => {
    const fire = vi.fn();
    const set = vi.fn();
    arm(triggerOf({ trigger: "immediate" }), env({ set }), fire);
    expect(fire).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(fire).toHaveBeenCalledTimes(1);
    expect(set).not.toHaveBeenCalled();
    const never = vi.fn();
    arm(triggerOf({ trigger: "immediate" }), env(), never)();
    await vi.advanceTimersByTimeAsync(10);
    expect(never).not.toHaveBeenCalled();
  });

  it("disarming stops a pending trigger", async () => {
    const fire = vi.fn();
    const off = arm(triggerOf({ delay: 1 }), env(), fire);
    off();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fire).not.toHaveBeenCalled();
  });

  it("scroll: once the page is scrolled past the percentage", async () => {
    setScroll(0);
    const fire = vi.fn();
    arm(triggerOf({ trigger: "scroll", "scroll-percentage": 40 }), env(), fire);
    await vi.advanceTimersByTimeAsync(0);
    setScroll(1500);
    window.dispatchEvent(new Event("scroll"));
    expect(fire).not.toHaveBeenCalled();
    setScroll(1600);
    window.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("scroll"));
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it("scroll: fires at once when the page is already scrolled far enough", async () => {
    setScroll(4000);
    const fire = vi.fn();
    arm(triggerOf({ trigger: "scroll", "scroll-percentage": 40 }), env(), fire);
    await vi.advanceTimersByTimeAsync(0);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it("exit: the mouse leaving through the top", () => {
    const fire = vi.fn();
    arm(triggerOf({ trigger: "exit" }), env(), fire);
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 300 }));
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 10, relatedTarget: document.body }));
    expect(fire).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: 10 }));
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it("exit on mobile: the back button lands on a guard entry and shows the CTA", () => {
    const fire = vi.fn();
    const length = history.length;
    arm(triggerOf({ trigger: "exit" }), env({ mobile: true }), fire);
    expect(history.state).toMatchObject({ beckonExit: 1 });
    expect(history.length).toBe(length + 1);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it("click: binds nothing here (the runtime's delegated click shows it)", async () => {
    const fire = vi.fn();
    arm(triggerOf({ trigger: "click" }), env(), fire);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fire).not.toHaveBeenCalled();
  });

  it("add-to-cart: hands over to the cart binding", () => {
    const fire = vi.fn();
    const off = vi.fn();
    const cart = vi.fn((_spec, f: () => void) => (f(), off));
    const stop = arm(triggerOf({ trigger: "add-to-cart" }), env({ cart }), fire);
    expect(cart).toHaveBeenCalledWith(expect.objectContaining({ kind: "add-to-cart" }), expect.any(Function));
    expect(fire).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe("add-to-cart trigger (extras)", () => {
  it("fires after an Ajax add to cart when the cart value check passes, never on a cart page", async () => {
    const fetched: string[] = [];
    const win = {
      document,
      location: { href: "https://shop.test/products/kaffe" },
      fetch: async (url: string) => (fetched.push(String(url)), new Response("{}", { status: 200 })),
    } as unknown as Window;
    const local: LocalData = {};
    let value = 40;
    const fire = vi.fn();
    const spec = triggerOf({ trigger: "add-to-cart", "cart-value-comparison": "greater", "cart-value": 50 });
    const off = armCart(win, spec, 500, fire, {
      local,
      fetchFn: win.fetch as never,
      shop: null,
      value: async () => value,
    });
    await (win as unknown as { fetch: typeof fetch }).fetch("/cart/add.js", { method: "POST" });
    await new Promise((r) => setTimeout(r, 0));
    expect(fire).not.toHaveBeenCalled();
    expect(local.cart?.value).toBe(40);
    value = 60;
    await (win as unknown as { fetch: typeof fetch }).fetch("/cart/add.js", { method: "POST" });
    await new Promise((r) => setTimeout(r, 0));
    expect(fire).toHaveBeenCalledTimes(1);
    // Other requests of the page are not adds to cart.
    await (win as unknown as { fetch: typeof fetch }).fetch("/cart/change.js");
    off();
    const onCart = { ...win, location: { href: "https://shop.test/cart" } } as unknown as Window;
    const none = vi.fn();
    armCart(onCart, spec, 0, none, { local, fetchFn: win.fetch as never, shop: null, value: async () => 999 });
    expect(none).not.toHaveBeenCalled();
    expect(fetched).toContain("/cart/change.js");
  });
});
