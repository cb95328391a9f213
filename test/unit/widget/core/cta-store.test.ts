import { describe, expect, it } from "vitest";
import { CTA_CACHE_MS, isCacheFresh, loadCtaDocument } from "#widget/core/cta-store";
import { memoryStore } from "./helpers";
import { ctaMock, summaryOf } from "#test/support/factories";

const NOW = Date.parse("2024-06-01T00:00:00Z");

describe("CTA definition cache", () => {
  it("is fresh for 7 days unless a newer publication exists", () => {
    const cta = ctaMock({ published_at: "2024-05-01T10:00:00.000Z" });
    expect(isCacheFresh({ at: NOW - CTA_CACHE_MS + 1, cta }, cta.published_at!, NOW)).toBe(true);
    expect(isCacheFresh({ at: NOW - CTA_CACHE_MS, cta }, cta.published_at!, NOW)).toBe(false);
    expect(isCacheFresh({ at: NOW, cta }, "2024-05-02T00:00:00.000Z", NOW)).toBe(false);
    expect(isCacheFresh({ at: NOW, cta }, null, NOW)).toBe(true);
    // A copy without published_at counts from when it was fetched.
    expect(isCacheFresh({ at: NOW, cta: ctaMock({ published_at: null }) }, "2024-05-02T00:00:00.000Z", NOW)).toBe(true);
  });

  it("fetches once, then serves from storage, and refetches after a republication", async () => {
    const store = memoryStore();
    let served = ctaMock();
    let fetches = 0;
    const api = { getCta: async () => (fetches++, served) };
    const deps = { api, store, websiteId: 1, now: () => NOW };
    await loadCtaDocument(summaryOf(served), deps);
    await loadCtaDocument(summaryOf(served), deps);
    expect(fetches).toBe(1);
    served = ctaMock({ published_at: "2024-05-20T00:00:00.000Z", name: "Newsletter v2" });
    const doc = await loadCtaDocument(summaryOf(served), deps);
    expect(fetches).toBe(2);
    expect(doc.name).toBe("Newsletter v2");
  });
});
