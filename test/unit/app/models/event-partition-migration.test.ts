/**
 * The PostgreSQL migration that partitions "TrackedEvent": rows stored
 * before it move into their month partitions with their ids, receipts are
 * made for them (a late retry is still skipped), and new ids go on from the
 * old sequence. PostgreSQL only (SQLite's part is an index).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "#app/db.server";
import { databaseTarget } from "#app/db/database-url";
import { migrate } from "#app/db/migrate.server";
import { storeEvents } from "#app/models/event.server";

const clusterUrl = process.env.BECKON_TEST_POSTGRES_URL;
const MIGRATION = "20261126054925_partition_tracked_events";
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.runIf(clusterUrl)("partitioning TrackedEvent on a database with events", () => {
  it("moves every row into its month, keeps ids, and keeps retries out", async () => {
    const name = `beckon_mig_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(clusterUrl!);
    url.pathname = `/${name}`;
    const target = databaseTarget(url.toString());

    // The migrations before this one, from a folder that holds only them.
    const root = mkdtempSync(path.join(os.tmpdir(), "beckon-mig-"));
    const source = path.resolve("prisma/postgresql/migrations");
    const dir = path.join(root, "prisma/postgresql/migrations");
    mkdirSync(dir, { recursive: true });
    for (const m of readdirSync(source).filter((m) => m < MIGRATION))
      symlinkSync(path.join(source, m), path.join(dir, m));
    await migrate(target, root);

    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const db = createPrismaClient(target);
    cleanups.push(async () => {
      await db.$disconnect();
      await c.end();
      rmSync(root, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: clusterUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    });

    const websiteId = (
      await c.query(
        `INSERT INTO "Website" (name, "dataSettings", "updatedAt") VALUES ('old', '{}', now()) RETURNING id`,
      )
    ).rows[0].id;
    const personId = (
      await c.query(
        `INSERT INTO "Person" ("websiteId", "visitorToken", "personType", extra, data, "updatedAt") VALUES ($1, 'old-visitor', 'Contact', '{}', '{}', now()) RETURNING id`,
        [websiteId],
      )
    ).rows[0].id;
    const times = ["2024-02-29 23:59:59.999", "2025-12-01 00:00:00", "2026-01-15 12:00:00"];
    for (const [i, at] of times.entries()) {
      await c.query(
        `INSERT INTO "TrackedEvent" ("websiteId", "clientId", "eventType", "personId", "visitorToken", data, "createdAt") VALUES ($1, $2, 'View', $3, 'old-visitor', '{}', $4)`,
        [websiteId, `old-${i}`, personId, at],
      );
    }
    const before = (await c.query(`SELECT id, "clientId", "createdAt" FROM "TrackedEvent" ORDER BY id`)).rows;

    expect(await migrate(target)).toContain(MIGRATION);

    const after = (
      await c.query(
        `SELECT tableoid::regclass::text AS part, id, "clientId", "createdAt" FROM "TrackedEvent" ORDER BY id`,
      )
    ).rows;
    expect(after.map(({ id, clientId, createdAt }) => ({ id, clientId, createdAt }))).toEqual(before);
    expect(after.map((r) => r.part)).toEqual([
      '"TrackedEvent_p202402"',
      '"TrackedEvent_p202512"',
      '"TrackedEvent_p202601"',
    ]);
    expect((await c.query(`SELECT to_regclass('"TrackedEvent_unpartitioned"') AS t`)).rows[0].t).toBeNull();

    // A late retry of an old id is skipped; a new id gets the next number.
    const r = await storeEvents(db, websiteId, [
      { id: "old-1", event_type: "View", visitor_token: "old-visitor", data: {} },
      { id: "new-1", event_type: "View", visitor_token: "old-visitor", data: {} },
    ]);
    expect(r).toMatchObject({ stored: 1, duplicates: 1, rejected: [] });
    const fresh = (await c.query(`SELECT id FROM "TrackedEvent" WHERE "clientId" = 'new-1'`)).rows[0];
    expect(fresh.id).toBeGreaterThan(Math.max(...before.map((b) => b.id)));
  });
});
