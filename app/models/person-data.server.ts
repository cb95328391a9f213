/**
 * Everything stored about a person of a website: the full data export that
 * answers an access request, and deletion for erasure requests. Every
 * function takes the website id and never reaches a person of another website.
 */
import type { Db } from "#app/db.server";
import { inTransaction, type DbClient } from "./model-kit.server";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What deleting a person removed. */
export interface DeletedCounts {
  people: number;
  events: number;
  submissions: number;
  orders: number;
  memberships: number;
  syncJobs: number;
}

/** Zero counts. */
export function noDeletions(): DeletedCounts {
  return { people: 0, events: 0, submissions: 0, orders: 0, memberships: 0, syncJobs: 0 };
}

/**
 * Deletes people of a website and everything stored about them: events
 * (also those kept only by visitor token), submissions, orders, list
 * memberships and queued or finished syncs. The schema cascades most of
 * these; they are deleted explicitly so the counts are right and nothing
 * depends on a cascade. Deleting what is already gone deletes nothing.
 * One transaction, the caller's when given one.
 */
export async function deletePeople(db: DbClient, websiteId: number, personIds: number[]): Promise<DeletedCounts> {
  const ids = [...new Set(personIds.filter((id) => Number.isSafeInteger(id)))];
  if (ids.length === 0) return noDeletions();
  return inTransaction(db, async (tx) => {
    const people = await tx.person.findMany({
      where: { websiteId, id: { in: ids } },
      select: { id: true, visitorToken: true },
    });
    if (people.length === 0) return noDeletions();
    const own = people.map((p) => p.id);
    const tokens = people.map((p) => p.visitorToken);
    const events = await tx.trackedEvent.deleteMany({
      where: { websiteId, OR: [{ personId: { in: own } }, { visitorToken: { in: tokens } }] },
    });
    const submissions = await tx.contactSubmission.deleteMany({ where: { websiteId, personId: { in: own } } });
    const orders = await tx.order.deleteMany({ where: { websiteId, personId: { in: own } } });
    const memberships = await tx.mailingListMembership.deleteMany({ where: { personId: { in: own } } });
    const syncJobs = await tx.syncJob.deleteMany({ where: { personId: { in: own } } });
    const deleted = await tx.person.deleteMany({ where: { websiteId, id: { in: own } } });
    return {
      people: deleted.count,
      events: events.count,
      submissions: submissions.count,
      orders: orders.count,
      memberships: memberships.count,
      syncJobs: syncJobs.count,
    };
  });
}

/** Deletes one contact of the website with all their data (see deletePeople); null when not this website's. */
export async function deleteContact(db: Db, websiteId: number, personId: number): Promise<DeletedCounts | null> {
  const counts = await deletePeople(db, websiteId, [personId]);
  return counts.people ? counts : null;
}

/** Everything stored about a person, as plain JSON (answers an access request). */
export async function personDataExport(
  db: Db,
  websiteId: number,
  personId: number,
): Promise<Record<string, Json> | null> {
  if (!Number.isSafeInteger(personId)) return null;
  const person = await db.person.findFirst({ where: { id: personId, websiteId } });
  if (!person) return null;
  const [submissions, events, orders, memberships, syncJobs] = await Promise.all([
    db.contactSubmission.findMany({ where: { websiteId, personId }, orderBy: { id: "asc" } }),
    db.trackedEvent.findMany({
      where: { websiteId, OR: [{ personId }, { visitorToken: person.visitorToken }] },
      orderBy: { id: "asc" },
    }),
    db.order.findMany({ where: { websiteId, personId }, orderBy: { id: "asc" } }),
    db.mailingListMembership.findMany({
      where: { personId },
      include: { list: { select: { listId: true, name: true } } },
    }),
    db.syncJob.findMany({
      where: { personId },
      select: {
        id: true,
        operation: true,
        status: true,
        payload: true,
        createdAt: true,
        completedAt: true,
        integration: { select: { name: true, integrationType: true } },
      },
      orderBy: { id: "asc" },
    }),
  ]);
  // Said in words as well as in the person's columns: a data request must name where the data went.
  const shopifyCustomer = person.shopifyCustomerGid
    ? {
        synced_to: "Shopify customers",
        customer_gid: person.shopifyCustomerGid,
        synced_at: person.shopifyCustomerSyncedAt,
      }
    : null;
  return JSON.parse(
    JSON.stringify(
      { person, submissions, events, orders, memberships, syncJobs, shopify_customer: shopifyCustomer },
      (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v),
    ),
  ) as Record<string, Json>;
}
