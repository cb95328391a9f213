import { describe, expect, it } from "vitest";
import { isoToZoned, timeZoneNames, zonedToIso, zoneOffsetMinutes } from "#app/components/campaigns/zoned-time";

describe("zoned time", () => {
  it("turns Stockholm wall time into UTC instants, summer and winter", () => {
    expect(zonedToIso("2026-12-01", "09:00", "Europe/Stockholm")).toBe("2026-12-01T08:00:00.000Z");
    expect(zonedToIso("2026-07-01", "09:00", "Europe/Stockholm")).toBe("2026-07-01T07:00:00.000Z");
    expect(zonedToIso("2026-03-10", "12:30", "America/New_York")).toBe("2026-03-10T16:30:00.000Z");
    expect(zonedToIso("2026-12-01", "", "UTC")).toBe("2026-12-01T00:00:00.000Z");
  });

  it("handles the DST change days", () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 in Stockholm; 01:30 is still winter time.
    expect(zonedToIso("2026-03-29", "01:30", "Europe/Stockholm")).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedToIso("2026-03-29", "04:00", "Europe/Stockholm")).toBe("2026-03-29T02:00:00.000Z");
    expect(zonedToIso("2026-10-25", "12:00", "Europe/Stockholm")).toBe("2026-10-25T11:00:00.000Z");
  });

  it("refuses bad dates, times and zones", () => {
    expect(zonedToIso("2026-02-30", "09:00", "UTC")).toBeNull();
    expect(zonedToIso("1 Dec", "09:00", "UTC")).toBeNull();
    expect(zonedToIso("2026-12-01", "25:00", "UTC")).toBeNull();
    expect(zonedToIso("2026-12-01", "09:00", "Mars/Olympus")).toBeNull();
    expect(zoneOffsetMinutes(0, "Mars/Olympus")).toBeNull();
  });

  it("reads instants back as wall time in the zone", () => {
    expect(isoToZoned("2026-12-01T08:00:00.000Z", "Europe/Stockholm")).toEqual({ date: "2026-12-01", time: "09:00" });
    expect(isoToZoned("2026-06-30T22:30:00Z", "Europe/Stockholm")).toEqual({ date: "2026-07-01", time: "00:30" });
    expect(isoToZoned(null, "UTC")).toEqual({ date: "", time: "" });
    for (const zone of ["Europe/Stockholm", "Asia/Kolkata", "America/Los_Angeles", "UTC"]) {
      const iso = zonedToIso("2026-05-17", "18:45", zone)!;
      expect(isoToZoned(iso, zone), zone).toEqual({ date: "2026-05-17", time: "18:45" });
    }
  });

  it("lists time zones with UTC first", () => {
    const zones = timeZoneNames();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Stockholm");
    expect(new Set(zones).size).toBe(zones.length);
  });
});
