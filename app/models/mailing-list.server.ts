/**
 * Mailing lists: built-in lists kept in Beckon's own database (membership,
 * CSV export, unsubscribe), and the owner's view of syncs to outside tools
 * (each SyncJob with its status and, for failures, the reason).
 */
import type { Db } from "#app/db.server";
import type { Prisma } from "#app/generated/prisma-sqlite";
import { asRecord } from "#contract/json-record";
import { csvCell } from "#app/view/csv";

type Tx = Prisma.TransactionClient | Db;

/** A membership that counts as subscribed: not left, and confirmed (a double opt-in still pending does not count). */
export const ACTIVE_MEMBER = { unsubscribedAt: null, status: "confirmed" } as const;

/** The built-in list row for a list id, created on first use (owners name lists by id, like 7). */
export async function ensureList(tx: Tx, websiteId: number, integrationId: number, listId: string, name?: string) {
  return tx.mailingList.upsert({
    where: { integrationId_listId: { integrationId, listId } },
    create: { websiteId, integrationId, listId, name: name ?? `List ${listId}` },
    update: {},
  });
}

/** Puts a person on a list; a re-subscribe clears the earlier unsubscribe. */
export async function subscribePerson(tx: Tx, listRowId: number, personId: number, now = new Date()): Promise<void> {
  await tx.mailingListMembership.upsert({
    where: { listId_personId: { listId: listRowId, personId } },
    create: { listId: listRowId, personId, subscribedAt: now },
    update: { unsubscribedAt: null, subscribedAt: now, status: "confirmed" },
  });
}

/** Marks a person unsubscribed from one list (kept, so the export shows when). */
export async function unsubscribePerson(
  tx: Tx,
  listRowId: number,
  personId: number,
  now = new Date(),
): Promise<boolean> {
  const updated = await tx.mailingListMembership.updateMany({
    where: { listId: listRowId, personId, unsubscribedAt: null },
    data: { unsubscribedAt: now },
  });
  return updated.count > 0;
}

/** Adds or removes a tag in person.data.tags (the tags the widget's conditions read). */
export async function setPersonTag(tx: Tx, personId: number, tag: string, present: boolean): Promise<void> {
  const person = await tx.person.findUnique({ where: { id: personId }, select: { data: true } });
  if (!person) return;
  const data = asRecord(person.data);
  const tags = new Set(Array.isArray(data.tags) ? data.tags.map(String) : []);
  const had = tags.has(tag);
  if (present === had) return;
  if (present) tags.add(tag);
  else tags.delete(tag);
  await tx.person.update({ where: { id: personId }, data: { data: { ...data, tags: [...tags] } as object } });
}

/** The built-in list ids a person is subscribed to on a website. */
export async function activeListIds(db: Tx, personId: number, integrationId?: number): Promise<string[]> {
  const rows = await db.mailingListMembership.findMany({
    where: { personId, ...ACTIVE_MEMBER, ...(integrationId ? { list: { integrationId } } : {}) },
    include: { list: { select: { listId: true } } },
    orderBy: { subscribedAt: "asc" },
  });
  return rows.map((r) => r.list.listId);
}

export interface UnsubscribeResult {
  people: number;
  builtinLists: number;
  providerJobs: number;
}

/**
 * Unsubscribes everyone on a website with this e-mail: from built-in lists at
 * once, and from outside tools through the outbox (for every list a
 * subscribe was sent or queued to).
 */
export async function unsubscribeByEmail(
  db: Db,
  websiteId: number,
  email: string,
  options: { listId?: string; now?: Date } = {},
): Promise<UnsubscribeResult> {
  const now = options.now ?? new Date();
  const people = await db.person.findMany({
    where: { websiteId, email: email.trim().toLowerCase() },
    select: { id: true },
  });
  const result: UnsubscribeResult = { people: people.length, builtinLists: 0, providerJobs: 0 };
  for (const { id } of people) {
    const unsubscribed = await unsubscribePersonEverywhere(db, websiteId, id, { ...options, now });
    result.builtinLists += unsubscribed.builtinLists;
    result.providerJobs += unsubscribed.providerJobs;
  }
  return result;
}

/** Unsubscribes one person from built-in lists and queues unsubscribes for outside tools. */
export async function unsubscribePersonEverywhere(
  db: Db,
  websiteId: number,
  personId: number,
  options: { listId?: string; now?: Date } = {},
): Promise<Omit<UnsubscribeResult, "people">> {
  const now = options.now ?? new Date();
  return db.$transaction(async (tx) => {
    const builtin = await tx.mailingListMembership.updateMany({
      where: {
        personId,
        unsubscribedAt: null,
        list: { websiteId, ...(options.listId ? { listId: options.listId } : {}) },
      },
      data: { unsubscribedAt: now },
    });
    const subscribes = await tx.syncJob.findMany({
      where: { websiteId, personId, operation: "subscribe", status: { in: ["pending", "running", "done"] } },
      orderBy: { id: "asc" },
    });
    const seen = new Set<string>();
    let providerJobs = 0;
    for (const job of subscribes) {
      const payload = asRecord(job.payload);
      const listId = typeof payload.list_id === "string" ? payload.list_id : null;
      if (!listId || (options.listId && listId !== options.listId)) continue;
      const key = `${job.integrationId}:${listId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const idempotencyKey = `unsubscribe:${personId}:${listId}:${now.getTime()}`;
      const exists = await tx.syncJob.findUnique({
        where: { integrationId_idempotencyKey: { integrationId: job.integrationId, idempotencyKey } },
      });
      if (exists) continue;
      await tx.syncJob.create({
        data: {
          websiteId,
          integrationId: job.integrationId,
          personId,
          operation: "unsubscribe",
          payload: { ...payload, list_id: listId } as object,
          idempotencyKey,
          nextAttemptAt: now,
        },
      });
      providerJobs++;
    }
    return { builtinLists: builtin.count, providerJobs };
  });
}

const EXPORT_COLUMNS = [
  "email",
  "phone",
  "name",
  "last_name",
  "company_name",
  "marketing_consent",
  "subscribed_at",
  "unsubscribed_at",
] as const;

/**
 * A list's members as CSV (RFC 4180, CRLF line ends), oldest first. Only the
 * list's own website can export it.
 */
export async function exportListCsv(
  db: Db,
  websiteId: number,
  listRowId: number,
  options: { includeUnsubscribed?: boolean } = {},
): Promise<string> {
  const list = await db.mailingList.findFirst({ where: { id: listRowId, websiteId } });
  if (!list) throw new Error("Unknown list");
  const rows = await db.mailingListMembership.findMany({
    where: { listId: listRowId, ...(options.includeUnsubscribed ? {} : ACTIVE_MEMBER) },
    include: { person: true },
    orderBy: [{ subscribedAt: "asc" }, { personId: "asc" }],
  });
  const lines = [EXPORT_COLUMNS.join(",")];
  for (const membership of rows) {
    const person = membership.person;
    lines.push(
      [
        person.email,
        person.phone,
        person.name,
        person.lastName,
        person.companyName,
        person.marketingConsent,
        membership.subscribedAt,
        membership.unsubscribedAt,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/** A website's lists with member counts, for the admin. */
export async function listsForWebsite(db: Db, websiteId: number) {
  const lists = await db.mailingList.findMany({
    where: { websiteId },
    include: {
      integration: { select: { integrationType: true, name: true } },
      _count: { select: { members: { where: ACTIVE_MEMBER } } },
    },
    orderBy: [{ integrationId: "asc" }, { listId: "asc" }],
  });
  return lists.map((list) => ({
    id: list.id,
    listId: list.listId,
    name: list.name,
    integrationType: list.integration.integrationType,
    integrationName: list.integration.name,
    members: list._count.members,
  }));
}

export interface SyncStatusRow {
  id: number;
  integrationId: number;
  integrationType: string;
  integrationName: string;
  operation: string;
  listId: string | null;
  tag: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  completedAt: Date | null;
  createdAt: Date;
}

function toStatusRow(job: {
  id: number;
  integrationId: number;
  operation: string;
  payload: unknown;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  completedAt: Date | null;
  createdAt: Date;
  integration: { integrationType: string; name: string };
}): SyncStatusRow {
  const payload = asRecord(job.payload);
  return {
    id: job.id,
    integrationId: job.integrationId,
    integrationType: job.integration.integrationType,
    integrationName: job.integration.name,
    operation: job.operation,
    listId: typeof payload.list_id === "string" ? payload.list_id : null,
    tag: typeof payload.tag === "string" ? payload.tag : null,
    status: job.status,
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: job.nextAttemptAt,
    completedAt: job.completedAt,
    createdAt: job.createdAt,
  };
}

/** Every sync of one person, newest first, with its status and failure reason (owner's view). */
export async function syncStatusForPerson(db: Db, personId: number): Promise<SyncStatusRow[]> {
  const jobs = await db.syncJob.findMany({
    where: { personId },
    include: { integration: { select: { integrationType: true, name: true } } },
    orderBy: { id: "desc" },
    take: 200,
  });
  return jobs.map(toStatusRow);
}

/** A website's failed syncs, newest first, so the owner sees what did not reach a tool and why. */
export async function failedSyncJobs(db: Db, websiteId: number, take = 50): Promise<SyncStatusRow[]> {
  const jobs = await db.syncJob.findMany({
    where: { websiteId, status: "failed" },
    include: { integration: { select: { integrationType: true, name: true } } },
    orderBy: { id: "desc" },
    take,
  });
  return jobs.map(toStatusRow);
}

/** Puts a failed sync back in the queue (after the owner fixed the key or the list). */
export async function retryFailedSyncJob(db: Db, websiteId: number, jobId: number, now = new Date()): Promise<boolean> {
  const updated = await db.syncJob.updateMany({
    where: { id: jobId, websiteId, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null, lastError: null },
  });
  return updated.count > 0;
}
