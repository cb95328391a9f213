import { describe, expect, it, vi } from "vitest";
import { installPublicApi, METHODS, type PublicHandlers } from "#widget/core/public-api";

const handlers = () =>
  Object.fromEntries(METHODS.map((m) => [m, vi.fn()])) as unknown as Record<
    keyof PublicHandlers,
    ReturnType<typeof vi.fn>
  >;

describe("window.beckon", () => {
  it("replays the calls the snippet stub queued, in order, then handles new calls directly", () => {
    const h = handlers();
    const order: string[] = [];
    for (const m of METHODS)
      h[m].mockImplementation((...args: unknown[]) => void order.push(`${m}:${JSON.stringify(args)}`));
    const win = {
      beckon: {
        q: [
          ["identify", [{ email: "a@b.se" }]],
          ["load", [7]],
          ["bogus", []],
          ["trigger", [7, { force: true }]],
        ],
      },
    } as unknown as Window;
    expect(installPublicApi(win, h)).toBe(true);
    expect(order).toEqual(['identify:[{"email":"a@b.se"}]', "load:[7]", 'trigger:[7,{"force":true}]']);
    const beckon = (win as unknown as { beckon: Record<string, (...a: unknown[]) => unknown> }).beckon;
    beckon.close(7);
    expect(h.close).toHaveBeenCalledWith(7);
    expect(Object.keys(beckon)).toEqual(expect.arrayContaining([...METHODS]));
  });

  it("replays arguments objects too", () => {
    const h = handlers();
    const args = (function (..._a: unknown[]) {
      // eslint-disable-next-line prefer-rest-params -- the stub copies a real arguments object, so the test needs one
      return arguments; // what the stub's [].slice.call(arguments) would have copied
    })(1, 2);
    installPublicApi({ beckon: { q: [["trackPurchase", args]] } } as unknown as Window, h);
    expect(h.trackPurchase).toHaveBeenCalledWith(1, 2);
  });

  it("logs and does nothing on a second install", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const win = {} as Window;
    const first = handlers();
    const second = handlers();
    expect(installPublicApi(win, first)).toBe(true);
    expect(installPublicApi(win, second)).toBe(false);
    expect(warn).toHaveBeenCalledWith("[beckon] already installed");
    (win as unknown as { beckon: { start(): void } }).beckon.start();
    expect(first.start).toHaveBeenCalled();
    expect(second.start).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("never lets a handler's error reach the host page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const h = handlers();
    h.identify.mockImplementation(() => {
      throw new Error("boom");
    });
    h.load.mockImplementation(() => Promise.reject(new Error("async boom")));
    const win = {} as Window;
    installPublicApi(win, h);
    const beckon = (win as unknown as { beckon: Record<string, (...a: unknown[]) => unknown> }).beckon;
    expect(() => beckon.identify()).not.toThrow();
    await expect(beckon.load(1)).resolves.toBeUndefined();
    expect(warn.mock.calls.every((c) => String(c[0]).startsWith("[beckon] "))).toBe(true);
    warn.mockRestore();
  });
});
