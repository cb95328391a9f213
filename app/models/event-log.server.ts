/**
 * The event log: what happened to a website that its owner is told about
 * (today an automatic A/B test's winner), with the CTA it concerns. Written
 * by the server, read newest first by the admin.
 */
import { isRecord } from "#contract/json-record";
import { toJson, type DbClient } from "./model-kit.server";

export const EVENT_KINDS = ["ab_winner"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface LoggedEvent {
  id: number;
  kind: EventKind;
  ctaId: number | null;
  data: Record<string, unknown>;
  /** ISO 8601 */
  createdAt: string;
}

/** Adds an entry to a website's event log. */
export async function recordEvent(
  db: DbClient,
  entry: { websiteId: number; ctaId?: number | null; kind: EventKind; data: Record<string, unknown>; at?: Date },
): Promise<void> {
  await db.eventLog.create({
    data: {
      websiteId: entry.websiteId,
      ctaId: entry.ctaId ?? null,
      kind: entry.kind,
      data: toJson(entry.data),
      ...(entry.at ? { createdAt: entry.at } : {}),
    },
  });
}

/** A website's latest events (optionally of one CTA and kind), newest first. */
export async function listEvents(
  db: DbClient,
  websiteId: number,
  filter: { ctaId?: number; kind?: EventKind; limit?: number } = {},
): Promise<LoggedEvent[]> {
  const rows = await db.eventLog.findMany({
    where: {
      websiteId,
      ...(filter.ctaId !== undefined ? { ctaId: filter.ctaId } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(1, Math.floor(filter.limit ?? 50)), 200),
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as EventKind,
    ctaId: row.ctaId,
    data: isRecord(row.data) ? row.data : {},
    createdAt: row.createdAt.toISOString(),
  }));
}
