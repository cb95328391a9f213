// @vitest-environment happy-dom
/**
 * The browser store: cookies through a short-lived copy of document.cookie
 * (our writes show at once, others' within COOKIE_JAR_MS), localStorage with
 * a memory fallback.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { COOKIE_JAR_MS, createBrowserStore } from "#widget/core/storage";

const clearCookies = () => {
  for (const part of document.cookie.split("; "))
    if (part) document.cookie = `${part.split("=")[0]}=; max-age=0; path=/`;
};

afterEach(() => {
  clearCookies();
  localStorage.clear();
});

describe("browser store", () => {
  it("reads cookies, sees its own writes and deletes at once, and others' writes after the copy's lifetime", () => {
    let t = 1_000;
    document.cookie = "cf_1_id=abc; path=/";
    const store = createBrowserStore(document, window, () => t);
    expect(store.cookie("cf_1_id")).toBe("abc");
    store.setCookie("cf_1_cta_9_variant", "11", 60);
    expect(store.cookie("cf_1_cta_9_variant")).toBe("11");
    expect(document.cookie).toContain("cf_1_cta_9_variant=11");
    store.setCookie("cf_1_cta_9_variant", "", 0);
    expect(store.cookie("cf_1_cta_9_variant")).toBeNull();
    // Another tab (or the page) writes: seen once the copy is older than its lifetime.
    document.cookie = "cf_1_cta_9_viewed=1; path=/";
    expect(store.cookie("cf_1_cta_9_viewed")).toBeNull();
    t += COOKIE_JAR_MS + 1;
    expect(store.cookie("cf_1_cta_9_viewed")).toBe("1");
  });

  it("round-trips values that need encoding, and survives a host cookie that is not URI-encoded", () => {
    document.cookie = "host=%E0%A4%A; path=/";
    const store = createBrowserStore();
    store.setCookie("cf_1_name", "Åsa; Öberg=1", 60);
    const fresh = createBrowserStore();
    expect(fresh.cookie("cf_1_name")).toBe("Åsa; Öberg=1");
    expect(fresh.cookie("host")).toBe("%E0%A4%A");
    expect(fresh.cookie("missing")).toBeNull();
  });

  it("keeps JSON in localStorage, and in memory when localStorage throws", () => {
    const store = createBrowserStore();
    store.set("cf_1_person", { a: [1, 2] });
    expect(createBrowserStore().get("cf_1_person")).toEqual({ a: [1, 2] });
    localStorage.setItem("cf_1_bad", "{not json");
    expect(store.get("cf_1_bad")).toBeNull();
    const blocked = new Proxy(window, {
      get: (w, k) =>
        k === "localStorage"
          ? (() => {
              throw new DOMException("denied", "SecurityError");
            })()
          : Reflect.get(w, k),
    });
    const memoryOnly = createBrowserStore(document, blocked as Window);
    memoryOnly.set("cf_1_events", [{ id: "e1" }]);
    expect(memoryOnly.get("cf_1_events")).toEqual([{ id: "e1" }]);
  });

  it("starts from the snippet's fresh cookie read instead of reading document.cookie, and ignores a stale or future one", () => {
    let t = 5_000;
    document.cookie = "cf_1_id=from_document; path=/";
    const reads = vi.spyOn(document, "cookie", "get");
    const seeded = createBrowserStore(document, window, () => t, { s: "host=1; cf_1_id=from_snippet", t: t - 200 });
    expect(seeded.cookie("cf_1_id")).toBe("from_snippet");
    expect(seeded.cookie("host")).toBe("1");
    expect(reads).not.toHaveBeenCalled();
    // The copy ages from the snippet's read, not from the store's creation.
    t += COOKIE_JAR_MS - 199;
    expect(seeded.cookie("cf_1_id")).toBe("from_document");
    expect(reads).toHaveBeenCalledTimes(1);
    for (const seed of [
      { s: "cf_1_id=old", t: t - COOKIE_JAR_MS - 1 },
      { s: "cf_1_id=future", t: t + 10 },
      { s: 5, t } as never,
      null,
    ]) {
      expect(createBrowserStore(document, window, () => t, seed).cookie("cf_1_id")).toBe("from_document");
    }
    reads.mockRestore();
  });
});
