/**
 * The contacts list's state in the URL (search, page, filters): parsed and
 * written by the same pure functions on the server and in the browser.
 */
import { parseId } from "#app/server/id";

const MAX_QUERY_LENGTH = 200;

/** Consent filters: given marketing consent, refused or never asked it, given privacy or SMS consent. */
export const CONSENT_FILTERS = ["marketing", "no-marketing", "privacy", "sms"] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

/** Narrows the list; every filter is optional and they combine with AND. */
export interface ContactFilters {
  /** Contacts with a submission on this CTA. */
  ctaId?: number | null;
  /** Contacts on this mailing list (the MailingList row id): subscribed on a built-in list, or a subscribe sent or queued to a tool. */
  listId?: number | null;
  /** Contact since this UTC day or later (YYYY-MM-DD). */
  from?: string | null;
  /** Contact since this UTC day or earlier (YYYY-MM-DD). */
  to?: string | null;
  consent?: ConsentFilter | null;
}

/** The list's state as the page's URL carries it. */
export interface ContactQuery {
  query: string;
  page: number;
  filters: ContactFilters;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Reads q, page, cta, list, from, to and consent from a URL; anything malformed is dropped, never an error. */
export function parseContactQuery(params: URLSearchParams): ContactQuery {
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = Math.min(1_000_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const consent = params.get("consent") ?? "";
  return {
    query,
    page,
    filters: {
      ctaId: parseId(params.get("cta")),
      listId: parseId(params.get("list")),
      from: isDay(from) ? from : null,
      to: isDay(to) ? to : null,
      consent: (CONSENT_FILTERS as readonly string[]).includes(consent) ? (consent as ConsentFilter) : null,
    },
  };
}

/** The URL parameters for a list state (empty values left out), the inverse of parseContactQuery. */
export function contactQueryParams(state: {
  query?: string;
  page?: number;
  filters?: ContactFilters;
}): URLSearchParams {
  const params = new URLSearchParams();
  const filters = state.filters ?? {};
  if (state.query) params.set("q", state.query);
  if (filters.ctaId) params.set("cta", String(filters.ctaId));
  if (filters.listId) params.set("list", String(filters.listId));
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.consent) params.set("consent", filters.consent);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  return params;
}

/** Whether any filter is set. */
export function hasFilters(filters: ContactFilters | undefined): boolean {
  return !!filters && Object.values(filters).some((v) => v !== null && v !== undefined && v !== "");
}
