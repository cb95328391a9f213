/**
 * Time zones by name, with Intl only (no data files), so the server, the
 * admin and the widget's renderer compute the same offsets: broadcast date
 * ranges in the admin (app/components/campaigns/zoned-time.ts) and daily
 * timers (widget/render/timer-logic.ts). The loader keeps a smaller copy
 * (widget/core/broadcasts.ts), tested against the same instants.
 */

/** Offset of `zone` from UTC at an instant, in ms (local minus UTC, whole seconds); null for an unknown zone. */
export function zoneOffsetMs(zone: string, at: number): number | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    }).formatToParts(at);
  } catch {
    return null;
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // Some engines write midnight as hour 24 even with h23.
  return (
    Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second")) -
    Math.floor(at / 1000) * 1000
  );
}
