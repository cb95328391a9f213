/**
 * Number and date formatting for the results page, in the owner's admin
 * language: the language comes from the loader (useT().lang), never from
 * the browser, and days are formatted in UTC, so the server's render and
 * the browser's hydration agree.
 */
import type { Language } from "#contract/i18n";
import { LOCALES } from "#app/i18n/locales";

/** The results page's formatters for one admin language. */
export function formats(lang: Language) {
  const locale = LOCALES[lang] ?? LOCALES.en;
  /** 12,345 (sv: 12 345) */
  const count = (n: number): string => new Intl.NumberFormat(locale).format(n);
  /** 12.3% (sv: 12,3 %); null: — */
  const percent = (rate: number | null, digits = 1): string => {
    if (rate === null || !Number.isFinite(rate)) return "—";
    return new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(rate);
  };
  /** +12.3% or −4.0% for a relative change (null: —). */
  const lift = (value: number | null): string => {
    if (value === null || !Number.isFinite(value)) return "—";
    const text = percent(Math.abs(value));
    return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
  };
  /** An amount in the website's currency (SEK 1,234.50; sv: 1 234,50 kr), "1,234.50 XYZ" for unknown codes. */
  const money = (amount: number, currency: string): string => {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
    } catch {
      return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
    }
  };
  /** "Jan 5" (sv: "5 jan.") for a YYYY-MM-DD day (UTC). */
  const day = (isoDay: string): string => {
    const date = new Date(`${isoDay}T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? isoDay
      : new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(date);
  };
  /** "Jan 5 – Feb 3, 2026" (sv: "5 jan. – 3 feb. 2026") for a period. */
  const period = (from: string, to: string): string => {
    const year = to.slice(0, 4);
    const sep = lang === "sv" ? " " : ", ";
    return `${day(from)}${from.slice(0, 4) !== year ? `${sep}${from.slice(0, 4)}` : ""} – ${day(to)}${sep}${year}`;
  };
  return { count, percent, lift, money, day, period };
}

export type Formats = ReturnType<typeof formats>;

const english = formats("en");
export const formatCount = english.count;
export const formatPercent = english.percent;
export const formatLift = english.lift;
export const formatMoney = english.money;
export const formatDay = english.day;
export const formatPeriod = english.period;
