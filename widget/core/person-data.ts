/**
 * What the widget keeps about the person in this browser (SPEC 3 person
 * data), beside the server's copy: visits, CTA interactions, captured URL
 * parameters and enrichment. Stored with the person (visitor.ts) and laid
 * over person.data in memory, so the renderer's merge tags see it too.
 * Actions on the local person (tags, fields, scores, list entries) are the
 * renderer's (widget/render/actions.ts): they change person.data and hand
 * the person back through CtaRuntime.savePerson. Pure functions, no DOM.
 */

export interface Visits {
  /** Sessions so far, this one included. */
  total: number;
  /** Page views per cleaned URL (at most MAX_PAGES addresses). */
  pages: Record<string, number>;
  /** The session the counts below belong to, and its page views. */
  session: string;
  sessionPages: number;
  current: number;
  previous: number | null;
  current_page: string;
  previous_page: string | null;
}

export interface LocalData {
  visits?: Visits;
  /** Per CTA id, counts of tracked events by type (SPEC 3 campaigns.ctas). */
  ctas?: Record<string, Record<string, number>>;
  /** Captured URL parameters (UTM, e-mail). */
  params?: Record<string, string>;
  /** Geolocation (SPEC 7 answer) and the session it was fetched in. */
  location?: Record<string, unknown> & { session?: string };
  /** Store cart value in units. */
  cart?: { value: number; at: number };
  company?: Record<string, unknown>;
}

export const MAX_PAGES = 200;

/** The address a page counts under: host and path, lower case, no www, query, hash or trailing slash. */
export function cleanUrl(href: string): string {
  return href
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[?#].*/, "")
    .replace(/\/+$/, "");
}

/** Counts a page view (SPEC 3 visits: per cleaned URL and per session, with current and previous times and pages). */
export function recordVisit(visits: Visits | undefined, href: string, sessionId: string, now: number): Visits {
  const page = cleanUrl(href);
  const pages = { ...(visits?.pages || {}) };
  if (!(page in pages)) {
    const keys = Object.keys(pages);
    // Bounded: the oldest addresses go first (insertion order).
    if (keys.length >= MAX_PAGES) delete pages[keys[0]];
  }
  pages[page] = (pages[page] || 0) + 1;
  const same = visits?.session === sessionId;
  return {
    total: (visits?.total || 0) + (same ? 0 : 1),
    pages,
    session: sessionId,
    sessionPages: same ? visits!.sessionPages + 1 : 1,
    current: now,
    previous: visits ? visits.current : null,
    current_page: page,
    previous_page: visits ? visits.current_page : null,
  };
}

/** The visit counts the conditions read, for the current address. */
export const visitCounts = (visits: Visits | undefined, href: string) => ({
  page: visits?.pages[cleanUrl(href)] || 0,
  session: visits?.sessionPages || 0,
  total: visits?.total || 0,
});

const CONVERSIONS = ["Submission", "Complete", "Completion", "Add To Cart"];

/** Counts a tracked event against its CTA (for cta conditions and the test panel). */
export function countInteraction(local: LocalData, ctaId: number | null | undefined, eventType: string): void {
  if (!ctaId) return;
  const all = (local.ctas ||= {});
  const counts = (all[ctaId] ||= {});
  counts[eventType] = (counts[eventType] || 0) + 1;
}

/** Views and conversions of a CTA in this browser (the server keeps no per-person CTA counts). */
export function interactions(d: LocalData, ctaId: number): { views: number; conversions: number } {
  const counts = d.ctas?.[ctaId] || {};
  return { views: counts.View || 0, conversions: CONVERSIONS.reduce((n, k) => n + (counts[k] || 0), 0) };
}
