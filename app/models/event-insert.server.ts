/**
 * The statement that stores a batch of tracked events on SQLite, skipping
 * widget ids already stored: INSERT ... ON CONFLICT ("websiteId", "clientId")
 * DO NOTHING RETURNING, on the table's unique index. storeEvents adds the
 * rows it returns to the rollups in the same transaction.
 *
 * PostgreSQL stores a batch differently (event-store-postgres.server.ts): its
 * "TrackedEvent" is partitioned by month, so the once-only rule lives in
 * "TrackedEventReceipt", and events and rollups go in one statement.
 */

/** The columns of a stored event, in insert order; a batch may name only these (names are spliced into SQL). */
export const EVENT_COLUMNS = [
  "websiteId",
  "clientId",
  "eventType",
  "personId",
  "visitorToken",
  "ctaId",
  "variantId",
  "stepId",
  "elementId",
  "broadcastId",
  "url",
  "revenue",
  "integrationType",
  "data",
  "createdAt",
] as const;
const KNOWN_COLUMNS = new Set<string>(EVENT_COLUMNS);

const quoted = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(",");

/**
 * SQLite SQL inserting `rowCount` rows of `columns` (parameters in row order)
 * into "TrackedEvent", skipping (websiteId, clientId) pairs already stored,
 * and returning `returning` of the rows inserted. Columns must include
 * websiteId and clientId.
 */
export function eventInsertSql(columns: readonly string[], rowCount: number, returning: string): string {
  if (!columns.includes("websiteId") || !columns.includes("clientId"))
    throw new Error("eventInsertSql: columns must include websiteId and clientId");
  if (!Number.isInteger(rowCount) || rowCount < 1)
    throw new Error(`eventInsertSql: rowCount must be a positive integer, got ${rowCount}`);
  for (const column of columns)
    if (!KNOWN_COLUMNS.has(column)) throw new Error(`eventInsertSql: unknown column ${column}`);
  const row = `(${columns.map(() => "?").join(",")})`;
  return `INSERT INTO "TrackedEvent" (${quoted(columns)}) VALUES ${Array(rowCount).fill(row).join(",")} ON CONFLICT ("websiteId", "clientId") DO NOTHING RETURNING ${returning}`;
}
