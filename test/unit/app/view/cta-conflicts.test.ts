/**
 * The conflict check of the CTA editor: which other published CTAs would
 * show in the same place, on the same pages, at the same time. It warns
 * unless overlap is ruled out for certain (placement, time frames, page URL
 * conditions), and catches the seeded Swedish site's clash: an exit popup
 * built from the template (no broadcast: every page) against the seeded exit
 * popup CTA 17 (every page but the checkout and the opt-out page).
 */
import { describe, expect, it } from "vitest";
import {
  broadcastsMeet,
  findConflicts,
  orGroups,
  placementKind,
  runsUnder,
  type PlacedCta,
  type TargetingBroadcast,
} from "#app/view/cta-conflicts";
import { saljakademinBroadcasts } from "#prisma/seed-data/saljakademin";

const exit = { trigger: "exit", "hide-days": 7 };
const popup = (
  id: number,
  over: Partial<PlacedCta & { status: string }> = {},
): PlacedCta & { id: number; status: string } => ({
  id,
  name: `Popup ${id}`,
  cta_type: "overlay",
  overlay_type: "boxed",
  broadcast_id: null,
  options: exit,
  status: "published",
  ...over,
});
const broadcast = (id: number, over: Partial<TargetingBroadcast> = {}): TargetingBroadcast => ({
  id,
  name: `Broadcast ${id}`,
  status: true,
  timeframe: false,
  range_start: null,
  range_end: null,
  conditions: [],
  cta_ids: [],
  ...over,
});
const url = (u: string, match = "contains", operator: "and" | "or" = "and") => ({
  condition_type: "url" as const,
  url: u,
  operator,
  data: { match },
});

describe("placementKind", () => {
  it("groups modals by trigger, bars by edge, hooks by side; inline, pages and click-only CTAs never clash", () => {
    expect(placementKind({ cta_type: "overlay", options: { trigger: "exit" } })).toBe("modal:exit");
    expect(placementKind({ cta_type: "two-tap", options: { trigger: "exit" } })).toBe("modal:exit");
    expect(placementKind({ cta_type: "overlay", options: {} })).toBe("modal:delayed");
    expect(placementKind({ cta_type: "overlay", options: { trigger: "<script>" } })).toBe("modal:delayed");
    expect(placementKind({ cta_type: "overlay", options: { trigger: "click" } })).toBeNull();
    expect(placementKind({ cta_type: "bar", bar_position: "bottom", options: {} })).toBe("bar:bottom");
    expect(placementKind({ cta_type: "hook", options: { "hook-position": "left" } })).toBe("hook:left");
    expect(placementKind({ cta_type: "inline", options: { trigger: "exit" } })).toBeNull();
    expect(placementKind({ cta_type: "page", options: {} })).toBeNull();
  });
});

describe("runsUnder", () => {
  it("follows the widget: named broadcasts that are on, every page without one, never when its broadcast is off or gone", () => {
    const on = broadcast(1);
    const off = broadcast(2, { status: false });
    expect(runsUnder({ id: 5, broadcast_id: 1 }, [on, off])).toEqual([on]);
    expect(runsUnder({ id: 5, broadcast_id: null }, [broadcast(3, { cta_ids: [5] })]).map((b) => b.id)).toEqual([3]);
    expect(runsUnder({ id: 5, broadcast_id: null }, [on])[0].conditions).toEqual([]);
    expect(runsUnder({ id: 5, broadcast_id: 2 }, [on, off])).toEqual([]);
    expect(runsUnder({ id: 5, broadcast_id: 99 }, [on])).toEqual([]);
  });
});

describe("findConflicts", () => {
  it("catches the seeded clash: a template exit popup on every page against CTA 17 under 'all pages but the checkout'", () => {
    const seeded = saljakademinBroadcasts(new Date("2026-03-01T10:00:00Z")).exitPopup;
    const exitBroadcast = broadcast(4, {
      name: seeded.name,
      conditions: seeded.conditions!.map((c, i) => ({
        operator: "and",
        ...c,
        position: i,
      })) as TargetingBroadcast["conditions"],
      cta_ids: [17],
    });
    const templateBuilt = { ...popup(30), status: "draft", name: "Exitpopup: gratis guide" };
    const conflicts = findConflicts(
      templateBuilt,
      [popup(17, { name: "Exitpopup – E-bok Säljteknik", broadcast_id: 4 })],
      [exitBroadcast],
    );
    expect(conflicts).toEqual([
      { id: 17, name: "Exitpopup – E-bok Säljteknik", kind: "modal:exit", broadcasts: [seeded.name] },
    ]);
    // And the other way round: CTA 17's editor names the template-built popup once that is published.
    expect(findConflicts(popup(17, { broadcast_id: 4 }), [popup(30)], [exitBroadcast]).map((c) => c.id)).toEqual([30]);
  });

  it("ignores itself, unpublished CTAs and CTAs of another placement", () => {
    const others = [
      popup(1),
      popup(2, { status: "draft" }),
      popup(3, { status: "archived" }),
      popup(4, { options: { trigger: "delayed" } }),
      popup(5, { cta_type: "bar", bar_position: "top" }),
    ];
    expect(findConflicts(popup(1), others, []).map((c) => c.id)).toEqual([]);
    expect(findConflicts({ ...popup(6), options: { trigger: "delayed" } }, others, []).map((c) => c.id)).toEqual([4]);
    expect(findConflicts({ ...popup(7), cta_type: "bar", bar_position: "top" }, others, []).map((c) => c.id)).toEqual([
      5,
    ]);
    expect(findConflicts({ ...popup(8), cta_type: "bar", bar_position: "bottom" }, others, [])).toEqual([]);
  });

  it("rules out overlap only for certain: contradicting page URLs or time frames that do not meet", () => {
    const blog = broadcast(1, { conditions: [url("/blogg")] });
    const notBlog = broadcast(2, { conditions: [url("/blogg", "not_contains")] });
    const notB = broadcast(3, { conditions: [url("/b", "not_contains")] });
    const courses = broadcast(4, { conditions: [url("/utbildningar", "starts_with")] });
    const blogPrefix = broadcast(5, { conditions: [url("/blogg", "starts_with")] });
    const tagged = broadcast(6, { conditions: [{ condition_type: "tag", operator: "and", url: null, data: {} }] });
    expect(broadcastsMeet(blog, notBlog)).toBe(false);
    expect(broadcastsMeet(blog, notB)).toBe(false); // every /blogg page contains "/b"
    expect(broadcastsMeet(courses, blogPrefix)).toBe(false);
    expect(broadcastsMeet(blog, courses)).toBe(true); // "/utbildningar/blogg" may exist
    expect(broadcastsMeet(blog, tagged)).toBe(true); // a tag cannot be decided: warn
    expect(
      broadcastsMeet(
        broadcast(7, { conditions: [url("/a", "exact")] }),
        broadcast(8, { conditions: [url("/b/", "exact")] }),
      ),
    ).toBe(false);
    expect(
      broadcastsMeet(
        broadcast(7, { conditions: [url("/a", "exact")] }),
        broadcast(8, { conditions: [url("/a/", "exact")] }),
      ),
    ).toBe(true);
    // A query string or wildcard makes the widget's matching too rich: assume they meet.
    expect(
      broadcastsMeet(
        broadcast(7, { conditions: [url("/a", "exact")] }),
        broadcast(8, { conditions: [url("/a?x=1", "exact")] }),
      ),
    ).toBe(true);
    expect(
      broadcastsMeet(
        broadcast(7, { conditions: [url("/a*", "exact")] }),
        broadcast(8, { conditions: [url("/b", "exact")] }),
      ),
    ).toBe(true);
    // Path and address patterns match different subjects: never compared.
    expect(broadcastsMeet(blog, broadcast(9, { conditions: [url("blogg", "not_contains")] }))).toBe(true);
    const march = broadcast(10, {
      timeframe: true,
      range_start: "2026-03-01T00:00:00Z",
      range_end: "2026-03-31T00:00:00Z",
    });
    const april = broadcast(11, {
      timeframe: true,
      range_start: "2026-04-01T00:00:00Z",
      range_end: "2026-04-30T00:00:00Z",
    });
    const spring = broadcast(12, {
      timeframe: true,
      range_start: "2026-03-20T00:00:00Z",
      range_end: "2026-04-10T00:00:00Z",
    });
    expect(broadcastsMeet(march, april)).toBe(false);
    expect(broadcastsMeet(march, spring)).toBe(true);
    expect(broadcastsMeet(march, broadcast(13))).toBe(true);
    expect(broadcastsMeet({ ...march, quick: true }, april)).toBe(true);
  });

  it("follows and-before-or: one or-branch that meets is enough", () => {
    const either = broadcast(1, { conditions: [url("/blogg"), url("/kurser", "contains", "or")] });
    expect(orGroups(either.conditions)).toHaveLength(2);
    expect(broadcastsMeet(either, broadcast(2, { conditions: [url("/blogg", "not_contains")] }))).toBe(true);
    expect(
      broadcastsMeet(
        either,
        broadcast(3, { conditions: [url("/blogg", "not_contains"), url("/kurser", "not_contains")] }),
      ),
    ).toBe(false);
  });

  it("names every broadcast under which the other CTA meets this one, and none for one that never runs", () => {
    const blog = broadcast(1, { name: "Blog", conditions: [url("/blogg")] });
    const courses = broadcast(2, { name: "Courses", conditions: [url("/kurser", "starts_with")], cta_ids: [9] });
    const off = broadcast(3, { status: false, cta_ids: [10] });
    const mine = popup(1, { broadcast_id: null });
    expect(findConflicts(mine, [popup(9, { broadcast_id: 1 })], [blog, courses])).toEqual([
      { id: 9, name: "Popup 9", kind: "modal:exit", broadcasts: ["Blog", "Courses"] },
    ]);
    expect(findConflicts(mine, [popup(10, { broadcast_id: 3 })], [off])).toEqual([]);
    expect(findConflicts(popup(11, { broadcast_id: 3 }), [popup(12)], [off])).toEqual([]);
  });
});
