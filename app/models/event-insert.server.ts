/**
 * The one statement that stores a batch of tracked events, skipping widget
 * ids already stored, for each database.
 *
 * SQLite: INSERT ... ON CONFLICT ("websiteId", "clientId") DO NOTHING, on the
 * table's unique index.
 *
 * PostgreSQL: "TrackedEvent" is partitioned by month of "createdAt", and a
 * unique index there must include "createdAt"; a retried send may carry
 * another time (the widget's clock was implausible once, not the next time),
 * so it could land in another partition. The once-only rule lives in
 * "TrackedEventReceipt" (websiteId, clientId) instead, written by the same
 * statement: the receipts' INSERT ... ON CONFLICT DO NOTHING RETURNING names
 * the ids that are new, and only their events are inserted. Still one atomic
 * statement; a concurrent copy of the batch waits on the receipts' index and
 * then skips them.
 */

/** PostgreSQL types of the event columns, for the typed VALUES list the CTE needs. */
const POSTGRES_TYPES: Record<string, string> = {
  websiteId: "integer",
  clientId: "text",
  eventType: "text",
  personId: "integer",
  visitorToken: "text",
  ctaId: "integer",
  variantId: "integer",
  stepId: "integer",
  elementId: "integer",
  broadcastId: "integer",
  url: "text",
  revenue: "double precision",
  integrationType: "text",
  data: "jsonb",
  createdAt: "timestamptz",
};

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(",");

/**
 * SQL inserting `rowCount` rows of `columns` (parameters in row order) into
 * "TrackedEvent", skipping (websiteId, clientId) pairs already stored, and
 * returning `returning` of the rows inserted. Columns must include websiteId
 * and clientId; on PostgreSQL, "createdAt" parameters are ISO strings (UTC).
 */
export function eventInsertSql(postgres: boolean, columns: readonly string[], rowCount: number, returning: string): string {
  if (!columns.includes("websiteId") || !columns.includes("clientId")) throw new Error("eventInsertSql: columns must include websiteId and clientId");
  if (!Number.isInteger(rowCount) || rowCount < 1) throw new Error(`eventInsertSql: rowCount must be a positive integer, got ${rowCount}`);
  if (!postgres) {
    const row = `(${columns.map(() => "?").join(",")})`;
    return `INSERT INTO "TrackedEvent" (${quoted(columns)}) VALUES ${Array(rowCount).fill(row).join(",")} ON CONFLICT ("websiteId", "clientId") DO NOTHING RETURNING ${returning}`;
  }
  for (const c of columns) if (!POSTGRES_TYPES[c]) throw new Error(`eventInsertSql: no PostgreSQL type for column ${c}`);
  let n = 0;
  // Parameters arrive untyped and a VALUES list in a CTE has no target column to infer from: each is cast.
  const rows = Array.from({ length: rowCount }, () => `(${columns.map((c) => `$${++n}::${POSTGRES_TYPES[c]}`).join(",")})`);
  // timestamptz parses the ISO string's zone; the column keeps UTC wall-clock time.
  const values = columns.map((c) => (c === "createdAt" ? `"input"."createdAt" AT TIME ZONE 'UTC'` : `"input"."${c}"`)).join(",");
  return (
    `WITH "input" (${quoted(columns)}) AS (VALUES ${rows.join(",")}), ` +
    `"fresh" AS (INSERT INTO "TrackedEventReceipt" ("websiteId", "clientId") SELECT "websiteId", "clientId" FROM "input" ON CONFLICT DO NOTHING RETURNING "websiteId", "clientId") ` +
    `INSERT INTO "TrackedEvent" (${quoted(columns)}) SELECT ${values} FROM "input" JOIN "fresh" USING ("websiteId", "clientId") RETURNING ${returning}`
  );
}
