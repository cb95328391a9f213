/**
 * Raw events that grow for years: the retention setting, the once-only rule
 * for widget ids across PostgreSQL's month partitions, retention on both
 * databases (expired raw events go, newer ones, contacts, submissions and
 * orders stay), ingestion going on while a long deletion runs, and the
 * partition upkeep (created ahead, rows moved out of the default partition,
 * expired ones detached and dropped).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "#test/support/test-database";
import { storeEvents } from "#app/models/event.server";
import { eventInsertSql } from "#app/models/event-insert.server";
import { storeEventsPostgres } from "#app/models/event-store-postgres.server";
import {
  ensureEventPartition,
  ensureEventPartitions,
  listEventPartitions,
  monthStartUtc,
  partitionName,
} from "#app/models/event-partitions.server";
import { applyEventRetention, eventRetentionMonths, retentionCutoff } from "#app/models/event-retention.server";
import { runEventMaintenance, startEventMaintenance } from "#app/models/event-maintenance.server";
import { deletePeople } from "#app/models/person-data.server";
import type { EventInput } from "#contract/schema/public-api";

const postgres = testDatabaseKind() === "postgresql";
const DAY = 24 * 3600_000;
let t: TestDatabase;
let n = 0;

async function site() {
  const websiteId = (await t.db.website.create({ data: { name: `retention ${++n}`, dataSettings: {} } })).id;
  const person = await t.db.person.create({
    data: {
      websiteId,
      visitorToken: `ret-${n}-${Date.now()}`,
      personType: "Contact",
      contactSince: new Date(),
      extra: {},
      data: {},
    },
  });
  return { websiteId, person };
}

/** Raw events at given times, written as the tests' history (the API would clamp old times to now). */
async function eventsAt(
  websiteId: number,
  person: { id: number; visitorToken: string },
  times: Date[],
  prefix = `h${++n}`,
) {
  await t.db.trackedEvent.createMany({
    data: times.map((createdAt, i) => ({
      websiteId,
      clientId: `${prefix}-${i}`,
      eventType: "View",
      personId: person.id,
      visitorToken: person.visitorToken,
      data: {},
      createdAt,
    })),
  });
}

const view = (id: string, visitor_token: string, at?: number): EventInput => ({
  id,
  event_type: "View",
  visitor_token,
  data: {},
  at,
});

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.drop();
});

describe("the retention setting", () => {
  it("is off when unset or empty, and a whole number of months otherwise", () => {
    expect(eventRetentionMonths({})).toBeNull();
    expect(eventRetentionMonths({ BECKON_EVENT_RETENTION_MONTHS: "  " })).toBeNull();
    expect(eventRetentionMonths({ BECKON_EVENT_RETENTION_MONTHS: "13" })).toBe(13);
    expect(eventRetentionMonths({ BECKON_EVENT_RETENTION_MONTHS: " 1 " })).toBe(1);
    expect(eventRetentionMonths({ BECKON_EVENT_RETENTION_MONTHS: "1200" })).toBe(1200);
  });

  it("refuses junk with a message naming the variable", () => {
    for (const junk of [
      "-1",
      "0",
      "abc",
      "1e9",
      "1.5",
      "0x10",
      "1201",
      "99999999999999999999",
      "12 months",
      "NaN",
      "Infinity",
      "３",
    ]) {
      expect(() => eventRetentionMonths({ BECKON_EVENT_RETENTION_MONTHS: junk }), junk).toThrow(
        /BECKON_EVENT_RETENTION_MONTHS must be a whole number of months from 1 to 1200/,
      );
    }
    // A hostile value is quoted short, not echoed whole into the log.
    expect(() => eventRetentionMonths({ BECKON_EVENT_RETENTION_MONTHS: "x".repeat(10_000) })).toThrow(/"x{40}"$/);
  });

  it("keeps the current month and the N before it (UTC), across a year boundary", () => {
    expect(retentionCutoff(new Date("2026-11-26T05:00:00Z"), 3).toISOString()).toBe("2026-08-01T00:00:00.000Z");
    expect(retentionCutoff(new Date("2026-01-01T00:00:00Z"), 1).toISOString()).toBe("2025-12-01T00:00:00.000Z");
    expect(retentionCutoff(new Date("2026-03-31T23:59:59Z"), 14).toISOString()).toBe("2025-01-01T00:00:00.000Z");
  });

  it("refuses a bad number of months or batch size when called directly", async () => {
    for (const months of [0, -1, 1.5, NaN, 1201])
      await expect(applyEventRetention(t.db, months)).rejects.toThrow(/whole number of months/);
    for (const batchSize of [0, -5, 2.5, 1e9])
      await expect(applyEventRetention(t.db, 3, { batchSize })).rejects.toThrow(/batch size/);
  });
});

describe("the insert statement", () => {
  it("refuses columns or row counts it cannot build", () => {
    expect(() => eventInsertSql(["eventType"], 1, '"id"')).toThrow(/websiteId and clientId/);
    for (const rows of [0, -1, 1.5, NaN])
      expect(() => eventInsertSql(["websiteId", "clientId"], rows, '"id"')).toThrow(/positive integer/);
    expect(() => eventInsertSql(["websiteId", "clientId", 'nope"; DROP TABLE x'], 1, '"id"')).toThrow(/unknown column/);
  });
});

describe("maintenance in the server", () => {
  it("refuses to start with a junk retention setting", async () => {
    await expect(startEventMaintenance(t.db, { BECKON_EVENT_RETENTION_MONTHS: "-1" })).rejects.toThrow(
      /BECKON_EVENT_RETENTION_MONTHS/,
    );
  });

  it("runs at start (partitions ahead, retention) and stops cleanly", async () => {
    const { websiteId, person } = await site();
    await eventsAt(websiteId, person, [new Date(monthStartUtc(new Date(), -40).getTime() + DAY), new Date()]);
    const stop = await startEventMaintenance(t.db, { BECKON_EVENT_RETENTION_MONTHS: "24" });
    await stop();
    expect(await t.db.trackedEvent.count({ where: { websiteId } })).toBe(1);
    if (postgres) {
      const names = (await listEventPartitions(t.db)).map((p) => p.name);
      for (let k = 0; k <= 2; k++) expect(names).toContain(partitionName(monthStartUtc(new Date(), k)));
    }
  });
});

describe("a retried widget id", () => {
  it("is stored once even when the retry carries a time in another month", async () => {
    const { websiteId, person } = await site();
    const twoMonthsAgo = new Date(monthStartUtc(new Date(), -2).getTime() + 3 * DAY);
    if (postgres) await ensureEventPartition(t.db, twoMonthsAgo);
    // The first send, stored with the statement storeEvents uses, at a time two months back.
    const first = postgres
      ? await storeEventsPostgres(t.db, websiteId, [
          {
            clientId: "retried-1",
            eventType: "View",
            personId: person.id,
            visitorToken: person.visitorToken,
            ctaId: null,
            variantId: null,
            stepId: null,
            elementId: null,
            broadcastId: null,
            url: null,
            revenue: null,
            integrationType: null,
            data: {},
            createdAt: twoMonthsAgo,
          },
        ])
      : await t.db.$queryRawUnsafe<{ id: number }[]>(
          eventInsertSql(
            ["websiteId", "clientId", "eventType", "personId", "visitorToken", "data", "createdAt"],
            1,
            '"id"',
          ),
          ...[websiteId, "retried-1", "View", person.id, person.visitorToken, "{}", twoMonthsAgo],
        );
    expect(first).toHaveLength(1);
    // The retry arrives now, with a time in this month.
    const retry = await storeEvents(t.db, websiteId, [
      view("retried-1", person.visitorToken, Date.now()),
      view("fresh-1", person.visitorToken),
    ]);
    expect(retry).toMatchObject({ stored: 1, duplicates: 1, rejected: [] });
    const rows = await t.db.trackedEvent.findMany({ where: { websiteId, clientId: "retried-1" } });
    expect(rows.map((r) => r.createdAt.toISOString())).toEqual([twoMonthsAgo.toISOString()]);
    // And the other way round: stored now, retried with an old time.
    expect(
      await storeEvents(t.db, websiteId, [view("fresh-1", person.visitorToken, Date.now() - 6 * DAY)]),
    ).toMatchObject({ stored: 0, duplicates: 1 });
    expect(await t.db.trackedEvent.count({ where: { websiteId, clientId: "fresh-1" } })).toBe(1);
  });

  it("is stored once when two copies of a batch race", async () => {
    const { websiteId, person } = await site();
    const batch = Array.from({ length: 40 }, (_, i) => view(`race-${i}`, person.visitorToken));
    const [a, b] = await Promise.all([storeEvents(t.db, websiteId, batch), storeEvents(t.db, websiteId, batch)]);
    expect(a.stored + b.stored).toBe(40);
    expect(a.duplicates + b.duplicates).toBe(40);
    expect(await t.db.trackedEvent.count({ where: { websiteId } })).toBe(40);
  });
});

describe("retention", () => {
  it("removes raw events before the cutoff and keeps newer ones, contacts, submissions and orders", async () => {
    const now = new Date();
    const cutoff = retentionCutoff(now, 3);
    const { websiteId, person } = await site();
    const expired = [
      new Date(cutoff.getTime() - 1),
      new Date(monthStartUtc(now, -9).getTime() + 5 * DAY),
      new Date(monthStartUtc(now, -30).getTime()),
    ];
    const kept = [cutoff, new Date(cutoff.getTime() + 20 * DAY), now];
    if (postgres) for (const at of [...expired, ...kept]) await ensureEventPartition(t.db, at);
    await eventsAt(websiteId, person, [...expired, ...kept]);
    const old = new Date(monthStartUtc(now, -12));
    await t.db.contactSubmission.create({
      data: { websiteId, clientId: "old-sub", personId: person.id, payload: {}, createdAt: old },
    });
    await t.db.order.create({
      data: { websiteId, personId: person.id, orderId: "old-order", revenue: 10, createdAt: old },
    });

    const result = await applyEventRetention(t.db, 3, { now });
    expect(result.cutoff.toISOString()).toBe(cutoff.toISOString());
    const left = await t.db.trackedEvent.findMany({ where: { websiteId }, orderBy: { createdAt: "asc" } });
    expect(left.map((e) => e.createdAt.toISOString())).toEqual(kept.map((d) => d.toISOString()));
    expect(await t.db.person.count({ where: { id: person.id } })).toBe(1);
    expect(await t.db.contactSubmission.count({ where: { websiteId } })).toBe(1);
    expect(await t.db.order.count({ where: { websiteId } })).toBe(1);
    // Run again: nothing more to do.
    const again = await applyEventRetention(t.db, 3, { now });
    expect(again).toMatchObject({ droppedPartitions: [], deletedEvents: 0 });
    expect(await t.db.trackedEvent.count({ where: { websiteId } })).toBe(kept.length);
  });

  it("lets ingestion go on between the batches of a long deletion", async () => {
    const now = new Date();
    const { websiteId, person } = await site();
    const long = new Date(monthStartUtc(now, -20).getTime() + 2 * DAY);
    // Many old rows, on PostgreSQL left in the default partition (their month has none) so they go by batches too.
    const old = Array.from({ length: 4000 }, (_, i) => new Date(long.getTime() + i * 1000));
    for (let i = 0; i < old.length; i += 1000) await eventsAt(websiteId, person, old.slice(i, i + 1000), `bulk${i}`);

    let done = false;
    const waits: number[] = [];
    const failures: unknown[] = [];
    const ingest = (async () => {
      let k = 0;
      while (!done) {
        const started = performance.now();
        try {
          const r = await storeEvents(t.db, websiteId, [view(`during-${k++}`, person.visitorToken)]);
          if (r.stored !== 1) failures.push(r);
        } catch (e) {
          failures.push(e);
        }
        waits.push(performance.now() - started);
        // Requests arrive from the network, a macrotask each: so do these.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const retention = applyEventRetention(t.db, 3, { now, batchSize: 200 }).finally(() => (done = true));
    const [result] = await Promise.all([retention, ingest]);

    expect(result.deletedEvents).toBeGreaterThanOrEqual(old.length);
    expect(failures).toEqual([]);
    // Inserts ran while the deletion was under way (it yields between its 20 batches), none waiting past the busy timeout.
    expect(waits.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...waits)).toBeLessThan(10_000);
    expect(await t.db.trackedEvent.count({ where: { websiteId, createdAt: { lt: result.cutoff } } })).toBe(0);
    expect(await t.db.trackedEvent.count({ where: { websiteId } })).toBe(waits.length);
  });
});

describe.runIf(postgres)("PostgreSQL month partitions", () => {
  const partitions = async () =>
    (
      await t.db.$queryRawUnsafe<{ name: string }[]>(
        `SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '"TrackedEvent"'::regclass ORDER BY 1`,
      )
    ).map((r) => r.name);
  const tableExists = async (name: string) =>
    (await t.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM pg_class WHERE relname = $1`, name))[0]
      .n === 1;

  it("partitions TrackedEvent by range of createdAt, with a default partition and months ahead", async () => {
    const rows = await t.db.$queryRawUnsafe<{ strategy: string; key: string }[]>(
      `SELECT p.partstrat::text AS strategy, a.attname::text AS key FROM pg_partitioned_table p
         JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
        WHERE p.partrelid = '"TrackedEvent"'::regclass`,
    );
    expect(rows).toEqual([{ strategy: "r", key: "createdAt" }]);
    await ensureEventPartitions(t.db);
    const names = await partitions();
    expect(names).toContain("TrackedEvent_default");
    for (let k = 0; k <= 2; k++) expect(names).toContain(partitionName(monthStartUtc(new Date(), k)));
    // Idempotent, and safe from several processes at once.
    const far = new Date(monthStartUtc(new Date(), 7));
    const created = await Promise.all([
      ensureEventPartition(t.db, far),
      ensureEventPartition(t.db, far),
      ensureEventPartition(t.db, far),
    ]);
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await ensureEventPartitions(t.db)).toEqual([]);
  });

  it("moves rows out of the default partition when their month's partition is created", async () => {
    const { websiteId, person } = await site();
    const month = new Date(monthStartUtc(new Date(), 5).getTime() + 10 * DAY);
    await eventsAt(websiteId, person, [month, new Date(month.getTime() + DAY)]);
    const where = (table: string) =>
      t.db.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "${table}" WHERE "websiteId" = $1`,
        websiteId,
      );
    expect((await where("TrackedEvent_default"))[0].n).toBe(2);
    expect(await ensureEventPartition(t.db, month)).toBe(true);
    expect((await where("TrackedEvent_default"))[0].n).toBe(0);
    expect((await where(partitionName(month)))[0].n).toBe(2);
  });

  it("drops expired month partitions (detached, then gone) while an insert into this month goes on", async () => {
    const now = new Date();
    const { websiteId, person } = await site();
    const expiredMonths = [monthStartUtc(now, -8), monthStartUtc(now, -7)];
    const keptMonth = monthStartUtc(now, -6);
    for (const m of [...expiredMonths, keptMonth]) await ensureEventPartition(t.db, m);
    await eventsAt(
      websiteId,
      person,
      [...expiredMonths, keptMonth].map((m) => new Date(m.getTime() + DAY)),
    );
    // A receipt from before the cutoff expires too; one from now stays.
    await t.db.$executeRawUnsafe(
      `INSERT INTO "TrackedEventReceipt" ("websiteId", "clientId", "createdAt") VALUES ($1, 'old-receipt', $2::timestamptz AT TIME ZONE 'UTC')`,
      websiteId,
      expiredMonths[0].toISOString(),
    );

    const [result, ingest] = await Promise.all([
      runEventMaintenance(t.db, 6, now).then(() => applyEventRetention(t.db, 6, { now })),
      storeEvents(t.db, websiteId, [view("during-drop", person.visitorToken)]),
    ]);
    expect(ingest).toMatchObject({ stored: 1, rejected: [] });
    expect(result.cutoff.toISOString()).toBe(keptMonth.toISOString());
    const names = await partitions();
    for (const m of expiredMonths) {
      expect(names).not.toContain(partitionName(m));
      expect(await tableExists(partitionName(m))).toBe(false);
    }
    expect(names).toContain(partitionName(keptMonth));
    expect((await listEventPartitions(t.db)).every((p) => p.attached && p.month >= keptMonth)).toBe(true);
    const receipts = await t.db.$queryRawUnsafe<{ clientId: string }[]>(
      `SELECT "clientId" FROM "TrackedEventReceipt" WHERE "websiteId" = $1 ORDER BY 1`,
      websiteId,
    );
    expect(receipts.map((r) => r.clientId)).toEqual(["during-drop"]);
    const left = await t.db.trackedEvent.findMany({ where: { websiteId }, orderBy: { createdAt: "asc" } });
    expect(left.map((e) => e.clientId)).toHaveLength(2);
    expect(left[0].createdAt.getTime()).toBe(keptMonth.getTime() + DAY);
  });

  it("finishes a partition an earlier run detached but did not drop", async () => {
    const month = monthStartUtc(new Date(), -15);
    await ensureEventPartition(t.db, month);
    await t.db.$executeRawUnsafe(`ALTER TABLE "TrackedEvent" DETACH PARTITION "${partitionName(month)}"`);
    expect(await tableExists(partitionName(month))).toBe(true);
    const r = await applyEventRetention(t.db, 6);
    expect(r.droppedPartitions).toContain(partitionName(month));
    expect(await tableExists(partitionName(month))).toBe(false);
  });

  it("deletes a person's events in every partition", async () => {
    const { websiteId, person } = await site();
    const old = new Date(monthStartUtc(new Date(), -1).getTime() + DAY);
    await ensureEventPartition(t.db, old);
    await eventsAt(websiteId, person, [old, new Date()]);
    const counts = await deletePeople(t.db, websiteId, [person.id]);
    expect(counts.events).toBe(2);
    expect(await t.db.trackedEvent.count({ where: { websiteId } })).toBe(0);
  });
});
