import { describe, expect, it } from "vitest";
import type { PublicBroadcast } from "../../../app/lib/schema/public-config";
import { zoneOffsetMs } from "../../../app/lib/time-zone";
import { activeBroadcasts, frame, instant, zoneOffset } from "../../../widget/core/broadcasts";

const b = (over: Partial<PublicBroadcast> = {}): PublicBroadcast => ({
  id: 1,
  name: "Webbinarium",
  quick: false,
  timezone: "Europe/Stockholm",
  timeframe: false,
  range_start: null,
  range_end: null,
  conditions: [],
  cta_ids: [],
  ...over,
});

describe("broadcast time frames", () => {
  it("knows a zone's offset, summer and winter (Intl)", () => {
    expect(zoneOffset(Date.parse("2026-07-01T12:00:00Z"), "Europe/Stockholm")).toBe(2 * 3600_000);
    expect(zoneOffset(Date.parse("2026-01-15T12:00:00Z"), "Europe/Stockholm")).toBe(3600_000);
    expect(zoneOffset(Date.parse("2026-01-15T12:00:00Z"), "America/New_York")).toBe(-5 * 3600_000);
    expect(zoneOffset(0, "Not/A_Zone")).toBe(0);
  });

  it("agrees with the admin's and the renderer's offsets (app/lib/time-zone.ts) around DST changes", () => {
    const zones = ["Europe/Stockholm", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];
    const instants = ["2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:30:00Z", "2026-11-01T06:00:00Z", "2026-04-05T15:00:00Z", "1999-12-31T23:59:59.999Z"];
    for (const zone of zones) for (const iso of instants) expect(zoneOffset(Date.parse(iso), zone), `${zone} ${iso}`).toBe(zoneOffsetMs(zone, Date.parse(iso)));
  });

  it("reads dates with an offset as written and wall times in the broadcast's zone", () => {
    expect(instant("2026-03-01T09:00:00+01:00", "UTC")).toBe(Date.parse("2026-03-01T08:00:00Z"));
    expect(instant("2026-03-01T09:00:00Z", "Europe/Stockholm")).toBe(Date.parse("2026-03-01T09:00:00Z"));
    expect(instant("2026-03-01T09:00:00", "Europe/Stockholm")).toBe(Date.parse("2026-03-01T08:00:00Z"));
    expect(instant("2026-07-01T09:00", "Europe/Stockholm")).toBe(Date.parse("2026-07-01T07:00:00Z"));
    // The DST switch night: 03:30 local on 29 March 2026 is summer time.
    expect(instant("2026-03-29T03:30:00", "Europe/Stockholm")).toBe(Date.parse("2026-03-29T01:30:00Z"));
    expect(instant(null, "UTC")).toBeNaN();
  });

  it("a timed broadcast is not started, started or ended by range_start..range_end in its zone", () => {
    const timed = b({ timeframe: true, range_start: "2026-03-01T09:00:00", range_end: "2026-03-15T09:00:00" });
    expect(frame(timed, Date.parse("2026-03-01T07:59:59Z"))).toBe("not started");
    expect(frame(timed, Date.parse("2026-03-01T08:00:00Z"))).toBe("started");
    expect(frame(timed, Date.parse("2026-03-15T08:00:00Z"))).toBe("started");
    expect(frame(timed, Date.parse("2026-03-15T08:00:01Z"))).toBe("ended");
  });

  it("ignores the range when timeframe is off, and for quick broadcasts", () => {
    const past = { range_start: "2020-01-01T00:00:00Z", range_end: "2020-02-01T00:00:00Z" };
    expect(frame(b(past), Date.now())).toBe("started");
    expect(frame(b({ ...past, timeframe: true, quick: true }), Date.now())).toBe("started");
    expect(frame(b({ ...past, timeframe: true }), Date.now())).toBe("ended");
  });

  it("an open end never ends", () => {
    expect(frame(b({ timeframe: true, range_start: "2020-01-01T00:00:00Z" }), Date.now())).toBe("started");
  });
});

describe("active broadcasts", () => {
  it("are those whose conditions pass and frame has started, quick ones first", () => {
    const list = [
      b({ id: 1 }),
      b({ id: 2, quick: true }),
      b({ id: 3, timeframe: true, range_start: "2099-01-01T00:00:00Z", range_end: "2099-02-01T00:00:00Z" }),
      b({ id: 4, conditions: [{ position: 0, condition_type: "url", operator: "and", url: "/x", data: {} }] }),
      b({ id: 5, quick: true, conditions: [{ position: 0, condition_type: "url", operator: "and", url: "/x", data: {} }] }),
    ];
    expect(activeBroadcasts(list, Date.now(), (conditions) => conditions.length === 0)).toEqual([2, 1]);
    expect(activeBroadcasts(list, Date.now(), () => true)).toEqual([2, 5, 1, 4]);
  });
});
