/** The website's failed syncs to e-mail marketing tools, and putting one back in the queue. */
import type { Db } from "#app/db.server";
import { failedSyncJobs, retryFailedSyncJob } from "./mailing-list.server";
import { NotFoundError } from "./model-kit.server";

export interface FailedSync {
  id: number;
  integrationName: string;
  operation: string;
  listId: string | null;
  tag: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  personId: number;
  personLabel: string;
}

/** The website's failed syncs, newest first, with the person each was for. */
export async function failedSyncs(db: Db, websiteId: number, take = 50): Promise<FailedSync[]> {
  const rows = await failedSyncJobs(db, websiteId, take);
  const ids = rows.map((r) => r.id);
  const jobs = ids.length
    ? await db.syncJob.findMany({ where: { id: { in: ids }, websiteId }, select: { id: true, personId: true } })
    : [];
  const personOf = new Map(jobs.map((j) => [j.id, j.personId]));
  const people = await db.person.findMany({
    where: { websiteId, id: { in: [...new Set(jobs.flatMap((j) => (j.personId === null ? [] : [j.personId])))] } },
    select: { id: true, email: true, phone: true },
  });
  const label = new Map(people.map((p) => [p.id, p.email ?? p.phone ?? `Contact ${p.id}`]));
  return rows.map((job) => {
    const personId = personOf.get(job.id) ?? 0;
    return {
      id: job.id,
      integrationName: job.integrationName,
      operation: job.operation,
      listId: job.listId,
      tag: job.tag,
      attempts: job.attempts,
      lastError: job.lastError,
      createdAt: job.createdAt.toISOString(),
      personId,
      // A forget job has no person: it was queued as they were deleted (customers/redact).
      personLabel: label.get(personId) ?? (personId ? `Contact ${personId}` : "Deleted customer"),
    };
  });
}

/** Puts a failed sync of this website (and, when given, of this person) back in the queue. */
export async function retrySync(db: Db, websiteId: number, jobId: number, personId?: number): Promise<void> {
  if (personId !== undefined) {
    const job = await db.syncJob.findFirst({ where: { id: jobId, websiteId, personId }, select: { id: true } });
    if (!job) throw new NotFoundError("failed sync", jobId);
  }
  if (!(await retryFailedSyncJob(db, websiteId, jobId))) throw new NotFoundError("failed sync", jobId);
}
