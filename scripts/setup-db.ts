/**
 * `npm run setup`: brings the database (DATABASE_URL, or the embedded SQLite
 * file) up to date. Only for the demo (`--demo`, or BECKON_DEMO=1 as `npm
 * start` sets it without a SESSION_SECRET) does it also seed the demo
 * websites into an empty database: their owners' password is published, so
 * a production database never gets them by default (a production server
 * refuses to run on them, app/models/demo-guard.server.ts).
 */
import { databaseTarget } from "#app/db/database-url";
import { migrate } from "#app/db/migrate.server";
import { serverEnv } from "#app/server/env.server";

async function main() {
  const target = databaseTarget(serverEnv().databaseUrl);
  const applied = await migrate(target);
  const where = target.kind === "sqlite" ? target.location : "PostgreSQL";
  console.log(
    applied.length ? `Applied ${applied.length} migration(s) to ${where}` : `Database ${where} is up to date`,
  );
  const { prisma } = await import("#app/db.server");
  // Events stored before the results rollups existed; a no-op once done (resumes after a crash).
  const { backfillRollups } = await import("#app/models/event-rollups.server");
  const rolled = await backfillRollups(prisma);
  if (rolled) console.log(`Rolled up ${rolled} earlier event(s) for Results`);
  // Orders stored before their touches were kept; a no-op once done.
  const { backfillOrderTouches } = await import("#app/models/order-touches.server");
  const touched = await backfillOrderTouches(prisma);
  if (touched) console.log(`Kept the CTA touch of ${touched} earlier order(s) for Results`);
  if (!process.argv.includes("--demo") && !serverEnv().demo) {
    await prisma.$disconnect();
    return;
  }
  const { seedIfEmpty } = await import("#prisma/seed");
  const seeded = await seedIfEmpty(prisma);
  console.log(seeded ? "Seeded the demo websites" : "Demo data already present");
  await prisma.$disconnect();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
