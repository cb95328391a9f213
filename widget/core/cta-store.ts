/**
 * CTA definitions: fetched from /api/cta/{id}.json and cached in localStorage
 * for 7 days, or until the summary in the website config says it was
 * published after the cached copy (SPEC 9).
 */
import type { CtaDocument } from "#contract/schema/cta";
import type { PublicCtaSummary } from "#contract/schema/public-config";
import type { Api } from "./api";
import type { Store } from "./storage";

export const CTA_CACHE_MS = 604800000;

export interface CachedCta {
  at: number;
  cta: CtaDocument;
}

/** Whether a cached definition may still be used. */
export function isCacheFresh(entry: CachedCta, publishedAt: string | null, now: number): boolean {
  if (!entry?.cta || !(now - entry.at < CTA_CACHE_MS)) return false;
  if (!publishedAt) return true;
  const published = Date.parse(publishedAt);
  const copy = Date.parse(entry.cta.published_at ?? "");
  return isNaN(copy) ? entry.at >= published : copy >= published;
}

/** The CTA document for a summary, from the cache when fresh. */
export async function loadCtaDocument(
  summary: PublicCtaSummary,
  deps: { api: Pick<Api, "getCta">; store: Store; websiteId: number; now?: () => number },
): Promise<CtaDocument> {
  const now = deps.now ?? Date.now;
  const key = `cf_${deps.websiteId}_cta_${summary.id}`;
  const cached = deps.store.get<CachedCta>(key);
  if (cached && isCacheFresh(cached, summary.published_at, now())) return cached.cta;
  const cta = await deps.api.getCta(summary.id);
  deps.store.set(key, { at: now(), cta } satisfies CachedCta);
  return cta;
}
