/**
 * The PostgreSQL shape of raw events, applied to the schema text derived from
 * prisma/schema.prisma. On PostgreSQL "TrackedEvent" is partitioned by month
 * on "createdAt" (migration 20261126054925_partition_tracked_events), and a
 * partitioned table's primary key and unique indexes must include the
 * partition key. So there:
 *   - the primary key is (id, createdAt);
 *   - the once-only rule for a widget-made (websiteId, clientId) moves to
 *     "TrackedEventReceipt", a plain table written by the same statement
 *     (app/models/event-insert.server.ts), since a retry may carry another
 *     createdAt and so land in another partition;
 *   - the createdAt index SQLite's retention deletes by is left out: whole
 *     month partitions are dropped instead.
 * Keeping the schema file equal to what the migrations create means the next
 * `npm run migrations:create` has nothing to undo.
 */

const RECEIPT_MODEL = `
/// PostgreSQL only: one row per stored event's widget-made id, so a retried
/// send is stored once across "TrackedEvent"'s month partitions. Expires with
/// the raw events (BECKON_EVENT_RETENTION_MONTHS).
model TrackedEventReceipt {
  websiteId Int
  clientId  String
  createdAt DateTime @default(now())

  website Website @relation(fields: [websiteId], references: [id], onDelete: Cascade)

  @@id([websiteId, clientId])
  @@index([createdAt], type: Brin)
}
`;

function replaceOnce(text: string, from: string | RegExp, to: string, what: string): string {
  const matches =
    typeof from === "string" ? text.split(from).length - 1 : (text.match(new RegExp(from, "g")) ?? []).length;
  if (matches !== 1)
    throw new Error(`prisma/schema.prisma changed shape (${what}): update scripts/lib/postgres-event-schema.ts`);
  return text.replace(from, to);
}

/** Rewrites the TrackedEvent model for month partitions and adds the receipts model. */
export function partitionedEventsSchema(schema: string): string {
  const block = /model TrackedEvent \{[\s\S]*?\n\}\n/.exec(schema);
  if (!block)
    throw new Error("prisma/schema.prisma has no TrackedEvent model: update scripts/lib/postgres-event-schema.ts");
  let model = block[0];
  model = replaceOnce(
    model,
    /(\n {2}id\s+Int\s+)@id @default\(autoincrement\(\)\)/,
    "$1@default(autoincrement())",
    "TrackedEvent.id",
  );
  model = replaceOnce(
    model,
    "  @@unique([websiteId, clientId])\n",
    "  @@id([id, createdAt])\n",
    "TrackedEvent unique clientId",
  );
  model = replaceOnce(
    model,
    / {2}\/\/\/ Retention deletes[^\n]*\n {2}@@index\(\[createdAt\]\)\n/,
    "",
    "TrackedEvent createdAt index",
  );
  let out = schema.replace(block[0], model + RECEIPT_MODEL);

  const website = /model Website \{[\s\S]*?\n\}\n/.exec(out);
  if (!website)
    throw new Error("prisma/schema.prisma has no Website model: update scripts/lib/postgres-event-schema.ts");
  const withReceipts = replaceOnce(
    website[0],
    /(\n {2}events\s+TrackedEvent\[\]\n)/,
    "$1  eventReceipts TrackedEventReceipt[]\n",
    "Website.events",
  );
  out = out.replace(website[0], withReceipts);
  return out;
}
