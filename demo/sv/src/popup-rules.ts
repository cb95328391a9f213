/**
 * Whether a popup may show (SPEC 4, 9): a rule can hide it for logged-in
 * visitors or chosen roles, and limit it to a number of impressions per
 * period: day, week, month (2,628,288 s) or session. Pure: popups.ts keeps
 * the impression state in localStorage (sessionStorage for "session").
 */
import { IMPRESSION_PERIODS, type ImpressionPeriod } from "./constants";

export interface PopupRule {
  id: number;
  /** Hide for every logged-in visitor. */
  hide_logged_in?: boolean;
  /** Hide for visitors with any of these roles. */
  hide_roles?: string[];
  /** Impressions allowed per period (absent: no limit). */
  times?: number;
  period?: ImpressionPeriod;
}

export interface Visitor {
  loggedIn: boolean;
  roles: string[];
}

/** Impressions counted since `since` (ms since the epoch). */
export interface ImpressionState {
  count: number;
  since: number;
}

/** The period's length in ms, or null for "session" (the storage itself ends with the session). */
export function periodMs(period: ImpressionPeriod): number | null {
  return period === "session" ? null : IMPRESSION_PERIODS[period] * 1000;
}

/** The state still counting at `now`: a state older than its period starts over. */
export function currentImpressions(
  state: ImpressionState | null,
  period: ImpressionPeriod,
  now: number,
): ImpressionState {
  if (!state || !Number.isFinite(state.count) || !Number.isFinite(state.since)) return { count: 0, since: now };
  const length = periodMs(period);
  if (length !== null && now - state.since >= length) return { count: 0, since: now };
  return state;
}

/** Whether the rule lets the popup show to this visitor now. */
export function popupAllowed(rule: PopupRule, visitor: Visitor, state: ImpressionState | null, now: number): boolean {
  if (rule.hide_logged_in && visitor.loggedIn) return false;
  if (rule.hide_roles?.some((r) => visitor.roles.includes(r))) return false;
  if (rule.times === undefined || rule.times <= 0) return true;
  return currentImpressions(state, rule.period ?? "session", now).count < rule.times;
}

/** The state after one more impression. */
export function recordImpression(
  state: ImpressionState | null,
  period: ImpressionPeriod,
  now: number,
): ImpressionState {
  const current = currentImpressions(state, period, now);
  return { count: current.count + 1, since: current.since };
}
