/** Popup rules: logged-in users, roles and impression periods (SPEC 4, 9). */
import { describe, expect, it } from "vitest";
import { IMPRESSION_PERIODS } from "#demo/sv/src/constants";
import { currentImpressions, periodMs, popupAllowed, recordImpression, type PopupRule } from "#demo/sv/src/popup-rules";

const guest = { loggedIn: false, roles: [] };
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
const S = 1000;

describe("periods", () => {
  it("are a day, a week, a month of 2,628,288 s, or the session", () => {
    expect(IMPRESSION_PERIODS).toEqual({ day: 86_400, week: 604_800, month: 2_628_288 });
    expect(periodMs("day")).toBe(86_400_000);
    expect(periodMs("week")).toBe(604_800_000);
    expect(periodMs("month")).toBe(2_628_288_000);
    expect(periodMs("session")).toBeNull();
  });

  it.each([
    ["day", 86_400],
    ["week", 604_800],
    ["month", 2_628_288],
  ] as const)("a %s's count starts over once the period has passed", (period, seconds) => {
    const state = { count: 1, since: T0 };
    expect(currentImpressions(state, period, T0 + (seconds - 1) * S)).toBe(state);
    expect(currentImpressions(state, period, T0 + seconds * S)).toEqual({ count: 0, since: T0 + seconds * S });
  });

  it("a session's count never expires by time (the session storage ends with the session)", () => {
    const state = { count: 3, since: T0 };
    expect(currentImpressions(state, "session", T0 + 400 * 86_400 * S)).toBe(state);
  });

  it("starts from nothing on missing or broken state", () => {
    expect(currentImpressions(null, "day", T0)).toEqual({ count: 0, since: T0 });
    expect(currentImpressions({ count: Number.NaN, since: T0 }, "day", T0 + 5)).toEqual({ count: 0, since: T0 + 5 });
  });
});

describe("popupAllowed", () => {
  const once: PopupRule = { id: 301, times: 1, period: "day" };

  it("shows until the impressions of the period are used up", () => {
    expect(popupAllowed(once, guest, null, T0)).toBe(true);
    const after = recordImpression(null, "day", T0);
    expect(after).toEqual({ count: 1, since: T0 });
    expect(popupAllowed(once, guest, after, T0 + 60 * S)).toBe(false);
    expect(popupAllowed(once, guest, after, T0 + 86_400 * S)).toBe(true);
  });

  it("counts several impressions within the period", () => {
    const rule: PopupRule = { id: 1, times: 3, period: "week" };
    let state = null;
    for (let i = 0; i < 3; i++) {
      expect(popupAllowed(rule, guest, state, T0 + i * S)).toBe(true);
      state = recordImpression(state, "week", T0 + i * S);
    }
    expect(state).toEqual({ count: 3, since: T0 });
    expect(popupAllowed(rule, guest, state, T0 + 6 * 86_400 * S)).toBe(false);
    expect(popupAllowed(rule, guest, state, T0 + 7 * 86_400 * S)).toBe(true);
    expect(recordImpression(state, "week", T0 + 7 * 86_400 * S)).toEqual({ count: 1, since: T0 + 7 * 86_400 * S });
  });

  it("has no limit without times", () => {
    expect(popupAllowed({ id: 1 }, guest, { count: 99, since: T0 }, T0)).toBe(true);
  });

  it("hides for logged-in visitors when the rule says so", () => {
    const rule: PopupRule = { id: 1, hide_logged_in: true };
    expect(popupAllowed(rule, { loggedIn: true, roles: ["subscriber"] }, null, T0)).toBe(false);
    expect(popupAllowed(rule, guest, null, T0)).toBe(true);
    expect(popupAllowed({ id: 1 }, { loggedIn: true, roles: [] }, null, T0)).toBe(true);
  });

  it("hides for chosen roles", () => {
    const rule: PopupRule = { id: 1, hide_roles: ["administrator", "editor"] };
    expect(popupAllowed(rule, { loggedIn: true, roles: ["editor"] }, null, T0)).toBe(false);
    expect(popupAllowed(rule, { loggedIn: true, roles: ["subscriber"] }, null, T0)).toBe(true);
    expect(popupAllowed(rule, guest, null, T0)).toBe(true);
  });
});
