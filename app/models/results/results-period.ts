/**
 * The period a results report covers: whole UTC days, read from the page's
 * URL (presets or a from/to range), clamped instead of refused.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Longest period one report covers. */
export const MAX_PERIOD_DAYS = 366;
export const PERIOD_PRESETS = [7, 30, 90] as const;
export const DEFAULT_PERIOD_DAYS = 30;

/** A report's period: whole UTC days from `from` to `to`, both inclusive. */
export interface ResultsPeriod {
  from: string;
  to: string;
  days: number;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(day: string): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || !date.toISOString().startsWith(day) ? null : date;
}

/**
 * The period a URL asks for: ?from=YYYY-MM-DD&to=YYYY-MM-DD, or ?days=7|30|90
 * ending today; the last 30 days otherwise. Reversed or too long ranges are
 * clamped, never an error.
 */
export function parsePeriod(params: URLSearchParams, now = new Date()): ResultsPeriod {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const fromParam = dayStart(params.get("from") ?? "");
  const toParam = dayStart(params.get("to") ?? "");
  let from: Date;
  let to: Date;
  if (fromParam || toParam) {
    to = toParam ?? today;
    from = fromParam ?? new Date(to.getTime() - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS);
    if (from > to) [from, to] = [to, from];
    if ((to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_PERIOD_DAYS)
      from = new Date(to.getTime() - (MAX_PERIOD_DAYS - 1) * DAY_MS);
  } else {
    const dayCount = Number(params.get("days"));
    const days = (PERIOD_PRESETS as readonly number[]).includes(dayCount) ? dayCount : DEFAULT_PERIOD_DAYS;
    to = today;
    from = new Date(today.getTime() - (days - 1) * DAY_MS);
  }
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10), days };
}
