/**
 * Keeps the demo's published credentials out of production. The demo's
 * owners sign in with a password printed in the README and on the demo's
 * sign-in page, and its store claims a myshopify domain a real shop could
 * install under; both are fine on `npm start` (BECKON_DEMO=1) and nowhere
 * else. So a production server (NODE_ENV=production without the demo)
 * refuses to start on a database that holds the demo's accounts (and names
 * the demo store they own), and outside the demo no owner signs in with, or
 * is given, a published password.
 */
import type { Db } from "#app/db.server";
import { serverEnv, type EnvSource } from "#app/server/env.server";
import { DEMO_OWNERS, DEMO_PASSWORDS, DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";

/** Thrown at start when a production database holds demo data; the message says what to do. */
export class DemoDataInProductionError extends Error {
  constructor(found: readonly string[]) {
    super(
      `This database holds Beckon's demo data (${found.join(", ")}), whose password is published: ` +
        "a production server does not run on it. Use a database without the demo " +
        "(`npm run setup` seeds nothing unless the demo asks for it), delete the demo websites and accounts, " +
        "or run the demo itself with BECKON_DEMO=1.",
    );
    this.name = "DemoDataInProductionError";
  }
}

/** Whether published demo credentials may be used here: only by the demo, or outside production. */
export function demoCredentialsAllowed(source?: EnvSource): boolean {
  const env = serverEnv(source);
  return env.demo || env.nodeEnv !== "production";
}

/** Whether the password is one the demo publishes. */
export const isPublishedDemoPassword = (password: string): boolean => DEMO_PASSWORDS.includes(password);

/**
 * What of the demo's seed the database holds: its owner accounts, each
 * named, and the demo store's website when one of them owns it. The shop
 * domain alone proves nothing: a real shop may have it and install Beckon
 * (and must not stop a production server from starting); the published
 * password is what makes demo data dangerous, and it lives in the accounts.
 */
export async function demoDataPresent(db: Db): Promise<string[]> {
  const demoEmails = DEMO_OWNERS.map(({ owner }) => owner.email);
  const [accounts, shop] = await Promise.all([
    db.ownerAccount.findMany({
      where: { email: { in: demoEmails } },
      select: { email: true },
      orderBy: { email: "asc" },
    }),
    db.website.findFirst({
      where: {
        shopDomain: DEMO_SHOP_DOMAIN,
        memberships: { some: { profile: { account: { email: { in: demoEmails } } } } },
      },
      select: { id: true },
    }),
  ]);
  return [
    ...accounts.map((account) => `owner account ${account.email}`),
    ...(shop ? [`website ${shop.id} for the shop ${DEMO_SHOP_DOMAIN}`] : []),
  ];
}

/** Throws DemoDataInProductionError when this is production without the demo and the database holds demo data. */
export async function refuseDemoDataInProduction(db: Db, source?: EnvSource): Promise<void> {
  if (demoCredentialsAllowed(source)) return;
  const found = await demoDataPresent(db);
  if (found.length > 0) throw new DemoDataInProductionError(found);
}
