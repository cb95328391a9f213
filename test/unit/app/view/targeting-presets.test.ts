/**
 * The editor's targeting presets write the Campaigns page's own conditions:
 * "New visitors" + "utm_source = newsletter" + "page contains /blogg" become
 * exactly what the conditions builder writes for the same choices (its
 * newCondition with the visits and data-field inputs set), pass the
 * campaign validator, read back as the same preset, and the widget's
 * evaluator honours them: a first visit from the newsletter on a blog page
 * passes; a second visit, another source or another page does not.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Condition } from "#contract/schema/condition";
import { NO_PRESET, presetConditions, presetOf, targetingPresetSchema } from "#app/view/targeting-presets";
import { broadcastInputSchema, conditionShapeIssues } from "#app/models/broadcast.server";
import { installTests, passes, type ConditionContext } from "#widget/core/conditions";
import { moreTests } from "#widget/core/conditions-more";
import { recordVisit } from "#widget/core/person-data";
import { campaignsPageConditions } from "#test/support/factories";

const campaignsPage: Condition[] = campaignsPageConditions();

const preset = targetingPresetSchema.parse({ visitor: "new", utm_source: " newsletter ", page_url: "/blogg" });

function visitor(opts: { sessions: number; utm?: string; url?: string; referrer?: string }): ConditionContext {
  const url = opts.url ?? "https://saljakademin.se/blogg/forhandling";
  let visits = undefined;
  for (let s = 0; s < opts.sessions; s++)
    visits = recordVisit(visits, url, `session-${s}`, 1_700_000_000_000 + s * 86_400_000);
  const doc = {
    referrer: opts.referrer ?? "",
    title: "",
    body: { classList: { contains: () => false }, textContent: "" },
    querySelectorAll: (() => []) as never,
  };
  return { url, doc, person: null, local: { visits, params: opts.utm ? { utm_source: opts.utm } : {} } };
}

describe("targeting presets", () => {
  beforeAll(() => installTests(moreTests));

  it("write the Campaigns page's conditions for the same choices, valid for its validator", () => {
    const conditions = presetConditions(preset);
    expect(conditions).toEqual(campaignsPage);
    const parsed = broadcastInputSchema.parse({ name: "x", conditions });
    expect(conditionShapeIssues(parsed.conditions, ["conditions"])).toEqual([]);
    expect(presetOf(conditions)).toEqual(preset);
    expect(presetConditions({ ...NO_PRESET, visitor: "returning" })).toEqual([
      { ...campaignsPage[0], count: 1, data: { scope: "total", comparison: "greater" } },
    ]);
    expect(presetConditions(NO_PRESET)).toEqual([]);
  });

  it("read back only what they can say", () => {
    expect(presetOf([])).toEqual(NO_PRESET);
    expect(presetOf([{ ...campaignsPage[2], operator: "or" }])).toBeNull();
    expect(presetOf([{ ...campaignsPage[0], count: 5 }])).toBeNull();
    expect(presetOf([{ ...campaignsPage[2], data: { match: "not_contains" } }])).toBeNull();
    expect(presetOf([campaignsPage[2], campaignsPage[2]])).toBeNull();
  });

  it("the widget honours the stored conditions", () => {
    const stored = presetConditions(preset);
    expect(passes(stored, visitor({ sessions: 1, utm: "newsletter" }))).toBe(true);
    expect(passes(stored, visitor({ sessions: 2, utm: "newsletter" }))).toBe(false);
    expect(passes(stored, visitor({ sessions: 1, utm: "google" }))).toBe(false);
    expect(passes(stored, visitor({ sessions: 1 }))).toBe(false);
    expect(passes(stored, visitor({ sessions: 1, utm: "newsletter", url: "https://saljakademin.se/kontakt" }))).toBe(
      false,
    );
    const returning = presetConditions({ ...NO_PRESET, visitor: "returning" });
    expect(passes(returning, visitor({ sessions: 3 }))).toBe(true);
    expect(passes(returning, visitor({ sessions: 1 }))).toBe(false);
  });

  it("write device and referrer as the data-field conditions the Campaigns page would, which the widget reads as page facts", () => {
    const chosen = targetingPresetSchema.parse({ device: "mobile", referrer: " google. " });
    const conditions = presetConditions(chosen);
    expect(conditions).toEqual([
      { ...campaignsPage[1], position: 0, data_name: "device", data: { comparison: "equal", value: "mobile" } },
      { ...campaignsPage[1], position: 1, data_name: "referrer", data: { comparison: "contains", value: "google." } },
    ]);
    const parsed = broadcastInputSchema.parse({ name: "x", conditions });
    expect(conditionShapeIssues(parsed.conditions, ["conditions"])).toEqual([]);
    expect(presetOf(conditions)).toEqual(chosen);
    expect(presetOf([{ ...conditions[0], data: { comparison: "equal", value: "watch" } }])).toBeNull();
    expect(presetOf([{ ...conditions[1], data: { comparison: "equal", value: "google." } }])).toBeNull();
    try {
      vi.stubGlobal("innerWidth", 390);
      expect(passes(conditions, visitor({ sessions: 1, referrer: "https://www.google.se/" }))).toBe(true);
      expect(passes(conditions, visitor({ sessions: 1, referrer: "https://www.bing.com/" }))).toBe(false);
      expect(passes(conditions, visitor({ sessions: 1 }))).toBe(false);
      vi.stubGlobal("innerWidth", 1280);
      expect(passes(conditions, visitor({ sessions: 1, referrer: "https://www.google.se/" }))).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("refuses hostile input with the field named", () => {
    const bad = [
      [{ visitor: "everyone" }, "visitor"],
      [{ utm_source: "x".repeat(201) }, "utm_source"],
      [{ page_url: "/a\u0000b" }, "page_url"],
      [{ utm_source: ["newsletter"] }, "utm_source"],
      [{ device: "watch" }, "device"],
      [{ referrer: "x".repeat(501) }, "referrer"],
      [{ referrer: "a\u0007b" }, "referrer"],
    ] as const;
    for (const [input, field] of bad) {
      const r = targetingPresetSchema.safeParse(input);
      expect(r.success, field).toBe(false);
      expect(r.error!.issues[0].path, field).toEqual([field]);
    }
  });
});
