import { describe, expect, it } from "vitest";
import type { PublicBroadcast } from "#contract/schema/public-config";
import { zoneOffsetMs } from "#contract/time-zone";
import { activeBroadcasts, frame, instant, zoneOffset } from "#widget/core/broadcasts";

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

  it("agrees with the admin's and the renderer's offsets (contract/time-zone.ts) around DST changes", () => {
    const zones = ["Europe/Stockholm", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];
    const instants = [
      "2026-03-29T00:59:59Z",
      "2026-03-29T01:00:00Z",
      "2026-10-25T00:30:00Z",
      "2026-11-01T06:00:00Z",
      "2026-04-05T15:00:00Z",
      "1999-12-31T23:59:59.999Z",
    ];
    for (const zone of zones)
      for (const iso of instants)
        expect(zoneOffset(Date.parse(iso), zone), `${zone} ${iso}`).toBe(zoneOffsetMs(zone, Date.parse(iso)));
  });

  it("gives the same offsets whatever the visitor's own time zone (a machine's TZ)", () => {
    // A visitor's zone that changes its clocks near the broadcast zone's wall
    // time must not shift the answer: Los Angeles leaves summer time 3 hours
    // after New York, Lord Howe by half an hour, Kolkata never.
    const visitorZones = [
      "America/Los_Angeles",
      "Asia/Tokyo",
      "Europe/Stockholm",
      "Australia/Lord_Howe",
      "America/Sao_Paulo",
    ];
    const cases: [string, string][] = [
      ["America/New_York", "2026-11-01T06:00:00Z"],
      ["America/New_York", "2026-11-01T05:59:59Z"],
      ["America/New_York", "2026-03-08T07:00:00Z"],
      ["Europe/Stockholm", "2026-03-29T01:00:00Z"],
      ["Europe/Stockholm", "2026-10-25T00:30:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
      ["Asia/Kolkata", "2026-11-01T09:00:00Z"],
    ];
    const machineZone = process.env.TZ;
    try {
      for (const visitorZone of visitorZones) {
        // Node reads TZ again when it is assigned, so Date's local time follows.
        process.env.TZ = visitorZone;
        for (const [zone, iso] of cases)
          expect(zoneOffset(Date.parse(iso), zone), `${zone} ${iso} seen from ${visitorZone}`).toBe(
            zoneOffsetMs(zone, Date.parse(iso)),
          );
      }
    } finally {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    }
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
      b({
        id: 5,
        quick: true,
        conditions: [{ position: 0, condition_type: "url", operator: "and", url: "/x", data: {} }],
      }),
    ];
    expect(activeBroadcasts(list, Date.now(), (conditions) => conditions.length === 0)).toEqual([2, 1]);
    expect(activeBroadcasts(list, Date.now(), () => true)).toEqual([2, 5, 1, 4]);
  });
});
