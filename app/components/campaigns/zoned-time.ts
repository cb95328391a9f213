/**
 * Wall time in a named time zone ⇄ ISO instants, for the broadcast date
 * range: owners pick "1 Dec 2026, 09:00" in the broadcast's zone, the server
 * stores the instant. Pure (Intl only), so the server and the browser agree.
 */
import { zoneOffsetMs } from "#contract/time-zone";

/** Offset of `zone` from UTC at an instant, in minutes (local minus UTC); null for an unknown zone. */
export function zoneOffsetMinutes(at: number, zone: string): number | null {
  const ms = zoneOffsetMs(zone, at);
  return ms === null ? null : Math.round(ms / 60_000);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/**
 * "2026-12-01" + "09:00" in `zone` → "2026-12-01T08:00:00.000Z". Null when
 * the date, time or zone is not valid. In a DST gap the later offset wins.
 */
export function zonedToIso(date: string, time: string, zone: string): string | null {
  const dateMatch = DATE.exec(date);
  const timeMatch = TIME.exec(time || "00:00");
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day, hour, min] = [
    Number(dateMatch[1]),
    Number(dateMatch[2]),
    Number(dateMatch[3]),
    Number(timeMatch[1]),
    Number(timeMatch[2]),
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, min);
  if (new Date(wall).getUTCDate() !== day) return null;
  const first = zoneOffsetMinutes(wall, zone);
  if (first === null) return null;
  // Twice: the offset at the first guess may differ across a DST change.
  const second = zoneOffsetMinutes(wall - first * 60_000, zone) ?? first;
  return new Date(wall - second * 60_000).toISOString();
}

/** An ISO instant as date and time in `zone` ({ date: "2026-12-01", time: "09:00" }); empty strings when absent or bad. */
export function isoToZoned(iso: string | null | undefined, zone: string): { date: string; time: string } {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return { date: "", time: "" };
  const offset = zoneOffsetMinutes(at, zone) ?? 0;
  const local = new Date(at + offset * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** Every time zone the runtime knows, UTC first. */
export function timeZoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return ["UTC", ...zones.filter((z) => z !== "UTC")];
}
