/**
 * Number formatting for the results page, in one fixed locale so the
 * server's render and the browser's hydration agree.
 */

const LOCALE = "en";

/** 12,345 */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(LOCALE).format(n);
}

/** 12.3% (null: —). */
export function formatPercent(rate: number | null, digits = 1): string {
  if (rate === null || !Number.isFinite(rate)) return "—";
  return new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(rate);
}

/** +12.3% or −4.0% for a relative change (null: —). */
export function formatLift(lift: number | null): string {
  if (lift === null || !Number.isFinite(lift)) return "—";
  const text = formatPercent(Math.abs(lift));
  return lift > 0 ? `+${text}` : lift < 0 ? `−${text}` : text;
}

/** An amount in the website's currency (SEK 1,234.50), falling back to "1,234.50 XYZ" for unknown codes. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(LOCALE, { style: "currency", currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** "Jan 5" for a YYYY-MM-DD day (UTC). */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" }).format(d);
}

/** "Jan 5 – Feb 3, 2026" for a period. */
export function formatPeriod(from: string, to: string): string {
  const year = to.slice(0, 4);
  return `${formatDay(from)}${from.slice(0, 4) !== year ? `, ${from.slice(0, 4)}` : ""} – ${formatDay(to)}, ${year}`;
}
