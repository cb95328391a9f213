import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseTarget, DEFAULT_SQLITE_FILE } from "#app/db/database-url";
import { migrate, readMigrations } from "#app/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

describe("databaseTarget", () => {
  it("defaults to the embedded SQLite file", () => {
    expect(databaseTarget(undefined)).toEqual({ kind: "sqlite", location: DEFAULT_SQLITE_FILE });
    expect(databaseTarget("")).toEqual({ kind: "sqlite", location: DEFAULT_SQLITE_FILE });
  });
  it("reads file: and postgres URLs", () => {
    expect(databaseTarget("file:/tmp/x.db")).toEqual({ kind: "sqlite", location: "/tmp/x.db" });
    expect(databaseTarget("postgresql://u@h/db").kind).toBe("postgresql");
    expect(databaseTarget("postgres://u@h/db").kind).toBe("postgresql");
  });
  it("refuses other URLs with a clear message", () => {
    expect(() => databaseTarget("mysql://u@h/db")).toThrow(/DATABASE_URL must start with/);
  });
});

describe("migrations", () => {
  it("exist for both databases with the same names", () => {
    const sqlite = readMigrations("sqlite").map((m) => m.name);
    const pg = readMigrations("postgresql").map((m) => m.name);
    expect(sqlite.length).toBeGreaterThan(0);
    expect(pg).toEqual(sqlite);
  });

  describe("on a fresh database", () => {
    let tdb: TestDatabase;
    beforeAll(async () => {
      tdb = await createTestDatabase();
    });
    afterAll(() => tdb.drop());

    it("applies once and then has nothing to do", async () => {
      expect(await migrate(tdb.target)).toEqual([]);
    });

    it("supports the model's queries: nested create, unique violation, transaction", async () => {
      const w = await tdb.db.website.create({
        data: {
          name: "T",
          dataSettings: {},
          people: { create: [{ visitorToken: "t".repeat(20), extra: {}, data: {} }] },
        },
        include: { people: true },
      });
      expect(w.people).toHaveLength(1);
      await expect(
        tdb.db.person.create({ data: { websiteId: w.id, visitorToken: "t".repeat(20), extra: {}, data: {} } }),
      ).rejects.toMatchObject({ code: "P2002" });
      await expect(
        tdb.db.$transaction(async (tx) => {
          await tx.person.create({ data: { websiteId: w.id, visitorToken: "u".repeat(20), extra: {}, data: {} } });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await tdb.db.person.count({ where: { websiteId: w.id } })).toBe(1);
    });
  });

  it("refuses a migration changed after it was applied (SQLite)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "beckon-mig-"));
    try {
      const root = path.join(dir, "proj");
      const { cpSync, appendFileSync, readdirSync } = await import("node:fs");
      cpSync(path.join(process.cwd(), "prisma/migrations"), path.join(root, "prisma/migrations"), { recursive: true });
      const target = { kind: "sqlite" as const, location: path.join(dir, "x.db") };
      expect((await migrate(target, root)).length).toBeGreaterThan(0);
      const first = readdirSync(path.join(root, "prisma/migrations")).sort()[0];
      appendFileSync(path.join(root, "prisma/migrations", first, "migration.sql"), "\n-- edited\n");
      await expect(migrate(target, root)).rejects.toThrow(/changed after it was applied/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
