/**
 * The demo's owner accounts as its sign-in page offers them (`npm start`
 * runs the demo, BECKON_DEMO=1): only those the database still holds, so a
 * demo whose seed was removed or never ran offers nothing.
 */
import type { Db } from "#app/db.server";
import { DEMO_OWNERS } from "#prisma/seed-data/demo-owners";

export interface DemoAccount {
  email: string;
  password: string;
  /** The demo site the account manages, and its address on this server. */
  site: string;
  path: string;
}

export async function demoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db.ownerAccount.findMany({
    where: { email: { in: DEMO_OWNERS.map(({ owner }) => owner.email) } },
    select: { email: true },
  });
  const present = new Set(rows.map((row) => row.email));
  return DEMO_OWNERS.filter(({ owner }) => present.has(owner.email)).map(({ owner, site, path }) => ({
    email: owner.email,
    password: owner.password,
    site,
    path,
  }));
}
