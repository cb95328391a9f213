import type { TestDatabase } from "./test-database";

/** How many people, tracked events and contact submissions the database holds: a refused request must change none. */
export async function leadRowCounts(db: TestDatabase["db"]) {
  const [people, events, submissions] = await Promise.all([
    db.person.count(),
    db.trackedEvent.count(),
    db.contactSubmission.count(),
  ]);
  return { people, events, submissions };
}
