/**
 * The figure the results page must show for the generated data, counted by
 * SQL apart from the app's code: the period's views, i.e. View events of the
 * website's CTAs (or of one CTA) in the period (app/models/results/conversions.ts). A
 * page that answers 200 with another figure did not do the work being timed.
 */
import type { Db } from "#app/db.server";
import { VIEW_EVENT } from "#app/models/results/conversions";
import type { ResultsPeriod } from "#app/models/results/results-period";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Total views of a website (or one CTA) over a period. */
export async function expectedViews(
  db: Db,
  kind: "sqlite" | "postgresql",
  websiteId: number,
  period: ResultsPeriod,
  ctaId: number | null,
): Promise<number> {
  const from = new Date(`${period.from}T00:00:00Z`);
  const to = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS);
  // SQLite compares Prisma's DateTime text; PostgreSQL holds UTC timestamps without a zone.
  const time = (n: number) => (kind === "postgresql" ? `($${n}::timestamptz AT TIME ZONE 'UTC')` : "?");
  const at = (d: Date) => (kind === "postgresql" ? d.toISOString() : d.toISOString().replace("Z", "+00:00"));
  const param = (n: number) => (kind === "postgresql" ? `$${n}` : "?");
  const sql = `SELECT count(*) AS n FROM "TrackedEvent"
      WHERE "websiteId" = ${param(1)} AND "createdAt" >= ${time(2)} AND "createdAt" < ${time(3)}
        AND "eventType" = '${VIEW_EVENT}' AND "ctaId" ${ctaId === null ? "IS NOT NULL" : `= ${param(4)}`}`;
  const params: unknown[] = [websiteId, at(from), at(to)];
  if (ctaId !== null) params.push(ctaId);
  const rows = await db.$queryRawUnsafe<{ n: number | bigint }[]>(sql, ...params);
  return Number(rows[0].n);
}
