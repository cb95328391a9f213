import { describe, expect, it } from "vitest";
import {
  cleanUrl,
  countInteraction,
  interactions,
  MAX_PAGES,
  recordVisit,
  visitCounts,
  type LocalData,
} from "#widget/core/person-data";
import { SESSION_MS, touchSession } from "#widget/core/session";
import { memoryStore } from "./helpers";

describe("visits", () => {
  it("cleans addresses: no protocol, www, query, hash or trailing slash; lower case", () => {
    expect(cleanUrl("https://www.Saljakademin.se/Blogg/?utm_source=x#top")).toBe("saljakademin.se/blogg");
    expect(cleanUrl("http://saljakademin.se")).toBe("saljakademin.se");
  });

  it("counts page views per cleaned URL and per session, keeping current and previous time and page", () => {
    let v = recordVisit(undefined, "https://x.se/a", "s1", 1000);
    expect(v).toEqual({
      total: 1,
      pages: { "x.se/a": 1 },
      session: "s1",
      sessionPages: 1,
      current: 1000,
      previous: null,
      current_page: "x.se/a",
      previous_page: null,
    });
    v = recordVisit(v, "https://x.se/b?q=1", "s1", 2000);
    v = recordVisit(v, "https://www.x.se/a/", "s1", 3000);
    expect(v).toMatchObject({
      total: 1,
      pages: { "x.se/a": 2, "x.se/b": 1 },
      sessionPages: 3,
      current: 3000,
      previous: 2000,
      current_page: "x.se/a",
      previous_page: "x.se/b",
    });
    v = recordVisit(v, "https://x.se/a", "s2", 9000);
    expect(v).toMatchObject({ total: 2, session: "s2", sessionPages: 1, pages: { "x.se/a": 3 } });
    expect(visitCounts(v, "https://x.se/a?z")).toEqual({ page: 3, session: 1, total: 2 });
    expect(visitCounts(undefined, "https://x.se/")).toEqual({ page: 0, session: 0, total: 0 });
  });

  it("keeps at most MAX_PAGES addresses, dropping the oldest", () => {
    let v = recordVisit(undefined, "https://x.se/0", "s", 0);
    for (let i = 1; i <= MAX_PAGES; i++) v = recordVisit(v, `https://x.se/${i}`, "s", i);
    expect(Object.keys(v.pages)).toHaveLength(MAX_PAGES);
    expect(v.pages["x.se/0"]).toBeUndefined();
    expect(v.pages[`x.se/${MAX_PAGES}`]).toBe(1);
  });
});

describe("CTA interactions", () => {
  it("counts tracked events per CTA; conversions are submissions, completions and adds to cart", () => {
    const d: LocalData = {};
    for (const t of ["View", "View", "Submission", "Selection", "Add To Cart"]) countInteraction(d, 7, t);
    countInteraction(d, null, "Order");
    expect(d.ctas).toEqual({ "7": { View: 2, Submission: 1, Selection: 1, "Add To Cart": 1 } });
    expect(interactions(d, 7)).toEqual({ views: 2, conversions: 2 });
    expect(interactions(d, 8)).toEqual({ views: 0, conversions: 0 });
  });
});

describe("sessions", () => {
  it("continue within 30 minutes of the last activity and start afresh after, keeping the previous time", () => {
    const store = memoryStore();
    const a = touchSession(store, 1, 1000);
    expect(a).toMatchObject({ start: 1000, last: 1000, previous: null, orders: [] });
    const b = touchSession(store, 1, 1000 + SESSION_MS);
    expect(b.id).toBe(a.id);
    expect(b.last).toBe(1000 + SESSION_MS);
    b.orders.push("A1");
    store.set("cf_1_session", b);
    const c = touchSession(store, 1, 1000 + 2 * SESSION_MS + 1);
    expect(c.id).not.toBe(a.id);
    expect(c).toMatchObject({ start: 1000 + 2 * SESSION_MS + 1, previous: 1000 + SESSION_MS, orders: [] });
    // Per website.
    expect(touchSession(store, 2, 5).previous).toBeNull();
  });
});
