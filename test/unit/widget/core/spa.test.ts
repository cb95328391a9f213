// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { watchUrl } from "#widget/core/spa";

describe("single-page sites", () => {
  it("reports address changes through pushState, replaceState and back/forward, not hash-only ones", async () => {
    const seen = vi.fn();
    watchUrl(window, seen);
    history.pushState({}, "", "/kurser");
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenLastCalledWith(expect.stringMatching(/\/kurser$/));
    history.replaceState({}, "", "/kurser#mitt");
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(1);
    history.replaceState({}, "", "/blogg?sida=2");
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(2);
    history.pushState({}, "", "/blogg?sida=2");
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(2);
    history.pushState({}, "", "/kontakt");
    window.dispatchEvent(new PopStateEvent("popstate"));
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it("never breaks the page's own navigation", () => {
    expect(() => history.pushState({ a: 1 }, "", "/x")).not.toThrow();
    expect(history.state).toEqual({ a: 1 });
  });
});
