/**
 * Tracked events (SPEC section 7). Each event carries an id made by the
 * widget; a retried send of the same id is stored once.
 */
import type { Db } from "../db.server";
import type { EventInput } from "../lib/schema/public-api";
import { isUniqueViolation } from "../lib/db-errors.server";
import { foreignCtaRefs } from "./ownership.server";

export interface StoreEventsResult {
  stored: number;
  duplicates: number;
  rejected: { index: number; field: string; message: string }[];
}

/**
 * Stores a batch of events for one website. Events whose visitor is unknown
 * on this website, or that point at another website's CTA, are rejected
 * individually; the rest are stored.
 */
export async function storeEvents(db: Db, websiteId: number, events: EventInput[]): Promise<StoreEventsResult> {
  const rejected: StoreEventsResult["rejected"] = [];
  const tokens = [...new Set(events.map((e) => e.visitor_token))];
  const [people, foreign] = await Promise.all([
    db.person.findMany({ where: { websiteId, visitorToken: { in: tokens } }, select: { id: true, visitorToken: true } }),
    foreignCtaRefs(db, websiteId, events),
  ]);
  const personByToken = new Map(people.map((p) => [p.visitorToken, p.id]));

  const accepted: { index: number; event: EventInput; personId: number }[] = [];
  const seenInBatch = new Set<string>();
  let duplicates = 0;
  events.forEach((event, index) => {
    const personId = personByToken.get(event.visitor_token);
    if (personId === undefined) {
      rejected.push({ index, field: "visitor_token", message: "Unknown visitor for this website" });
    } else if (foreign.has(index)) {
      const field = foreign.get(index)!;
      rejected.push({ index, field, message: `${field} does not belong to this website` });
    } else if (seenInBatch.has(event.id)) {
      duplicates++;
    } else {
      seenInBatch.add(event.id);
      accepted.push({ index, event, personId });
    }
  });
  if (accepted.length === 0) return { stored: 0, duplicates, rejected };

  const existing = await db.trackedEvent.findMany({
    where: { websiteId, clientId: { in: accepted.map((a) => a.event.id) } },
    select: { clientId: true },
  });
  const known = new Set(existing.map((e) => e.clientId));
  const fresh = accepted.filter((a) => !known.has(a.event.id));
  duplicates += accepted.length - fresh.length;

  const rows = fresh.map(({ event, personId }) => ({
    websiteId,
    clientId: event.id,
    eventType: event.event_type,
    personId,
    visitorToken: event.visitor_token,
    ctaId: event.cta_id ?? (event.contactable_type === "Cta" ? (event.contactable_id ?? null) : null),
    variantId: event.variant_id ?? null,
    stepId: event.step_id ?? null,
    elementId: event.element_id ?? null,
    broadcastId: event.broadcast_id ?? null,
    url: event.url ?? null,
    revenue: event.revenue ?? null,
    integrationType: event.integration_type ?? null,
    data: event.data as object,
    createdAt: eventTime(event.at),
  }));
  try {
    await db.trackedEvent.createMany({ data: rows });
    return { stored: rows.length, duplicates, rejected };
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
  }
  // A concurrent retry of the same batch stored some of these first: insert
  // one by one, counting the collisions as duplicates.
  let stored = 0;
  for (const row of rows) {
    try {
      await db.trackedEvent.create({ data: row });
      stored++;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      duplicates++;
    }
  }
  return { stored, duplicates, rejected };
}

const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * When the event happened: the widget's time if plausible (queued events may
 * arrive late), the server's time otherwise (a wrong visitor clock must not
 * move events into the future or the distant past).
 */
export function eventTime(at: number | undefined, now = Date.now()): Date {
  if (at === undefined || at > now + 60_000 || at < now - 7 * MAX_CLOCK_SKEW_MS) return new Date(now);
  return new Date(at);
}
