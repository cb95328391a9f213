/**
 * Broadcasts (SPEC 4): a broadcast is on (status true) when its conditions
 * pass and, for a timed one with timeframe set, now lies within
 * range_start..range_end. Quick broadcasts have no time frame and are
 * evaluated in their own pass, before the timed ones. Pure: the condition
 * test is passed in.
 */
import type { Condition } from "#contract/schema/condition";
import type { PublicBroadcast } from "#contract/schema/public-config";
import { broadcastsOn } from "./broadcasts-on";

/** Where now lies against a broadcast's time frame (the test panel's status). */
export type Frame = "not started" | "started" | "ended";

/**
 * Offset of a time zone from UTC at an instant, in ms (Intl; an unknown zone
 * counts as UTC). The same as contract/time-zone.ts computes, written smaller:
 * that one's formatToParts version costs the loader about 130 B gzip, more
 * than its budget has left. The zone's wall time is read as numbers and
 * placed with Date.UTC: parsing the formatted string instead would read it
 * in the visitor's own zone, an hour off whenever the visitor's clocks
 * change near that wall time (a visitor in Los Angeles on the night New
 * York leaves summer time).
 */
export function zoneOffset(at: number, zone: string): number {
  try {
    const [month, day, year, hour, minute, second] = new Date(at)
      .toLocaleString("en-US", { timeZone: zone, hourCycle: "h23" })
      .match(/\d+/g)!
      .map(Number);
    // Some engines write midnight as hour 24 even with h23.
    return Date.UTC(year, month - 1, day, hour % 24, minute, second) - Math.floor(at / 1000) * 1000;
  } catch {
    return 0;
  }
}

/**
 * An ISO date as an instant: with an offset (or Z) as written; without one
 * as wall time in `zone` (the broadcast's timezone). NaN when absent or bad.
 */
export function instant(iso: string | null | undefined, zone: string): number {
  if (!iso) return NaN;
  if (/(z|[+-]\d\d:?\d\d)$/i.test(iso)) return Date.parse(iso);
  const wall = Date.parse(iso + "Z");
  // Twice: the offset at the guessed instant may differ across a DST change.
  const first = wall - zoneOffset(wall, zone);
  return wall - zoneOffset(first, zone);
}

/** The time-frame status of a broadcast now; quick or untimed broadcasts are always started. */
export function frame(
  broadcast: Pick<PublicBroadcast, "quick" | "timeframe" | "timezone" | "range_start" | "range_end">,
  now: number,
): Frame {
  if (broadcast.quick || !broadcast.timeframe) return "started";
  const zone = broadcast.timezone || "UTC";
  if (now < instant(broadcast.range_start, zone)) return "not started";
  if (now > instant(broadcast.range_end, zone)) return "ended";
  return "started";
}

/**
 * Ids of the broadcasts that are on: quick ones first, then timed ones,
 * each in config order.
 */
export const activeBroadcasts = (
  list: PublicBroadcast[],
  now: number,
  pass: (conditions: Condition[]) => boolean,
): number[] => broadcastsOn(list, (b) => frame(b, now) === "started", pass);
