/**
 * The public API's plain-SQL lookups (personIdsByToken, requirePublicWebsite)
 * against hostile and oversized input, and plainSqlOf's choice of transport.
 * Runs on SQLite, and on PostgreSQL when BECKON_TEST_POSTGRES_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainSqlOf, registerPlainSql } from "#app/db/plain-sql.server";
import { personIdsByToken } from "#app/models/person.server";
import { requirePublicWebsite } from "#app/models/website-access.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

let t: TestDatabase;
let websiteId: number;
let otherId: number;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestDatabase();
  websiteId = (await t.db.website.create({ data: { name: "Lookups", dataSettings: { "contact-processing": false } } }))
    .id;
  otherId = (await t.db.website.create({ data: { name: "Other", dataSettings: {} } })).id;
  for (const token of ["plain-visitor-one-1", "plain-visitor-two-2"]) {
    ids.set(
      token,
      (
        await t.db.person.create({
          data: { websiteId, visitorToken: token, personType: "Visitor", extra: {}, data: {} },
        })
      ).id,
    );
  }
  await t.db.person.create({
    data: { websiteId: otherId, visitorToken: "plain-visitor-elsewhere", personType: "Visitor", extra: {}, data: {} },
  });
});

afterAll(async () => {
  await t?.drop();
});

describe("personIdsByToken", () => {
  it("finds only this website's visitors, whatever the other tokens hold", async () => {
    const hostile = [
      `x' OR '1'='1`,
      `"); DROP TABLE "Person"; --`,
      "NULL",
      `{"a",b}`,
      "",
      "plain-visitor-elsewhere",
      "ü🎉",
    ];
    const found = await personIdsByToken(t.db, websiteId, ["plain-visitor-one-1", ...hostile, "plain-visitor-two-2"]);
    expect(found).toEqual(ids);
    expect(await t.db.person.count()).toBe(3);
  });

  it("answers nothing for no tokens, and takes a batch's hundred tokens at once", async () => {
    expect((await personIdsByToken(t.db, websiteId, [])).size).toBe(0);
    const many = [...Array.from({ length: 99 }, (_, i) => `missing-token-${i}-padding`), "plain-visitor-two-2"];
    expect([...(await personIdsByToken(t.db, websiteId, many))]).toEqual([
      ["plain-visitor-two-2", ids.get("plain-visitor-two-2")],
    ]);
  });
});

describe("requirePublicWebsite", () => {
  it("reads the website's data settings and refuses an unknown id with a 404", async () => {
    expect(await requirePublicWebsite(t.db, websiteId)).toEqual({ id: websiteId, contactProcessing: false });
    expect(await requirePublicWebsite(t.db, otherId)).toEqual({ id: otherId, contactProcessing: true });
    for (const id of [0, -1, 2 ** 31 - 1])
      await expect(requirePublicWebsite(t.db, id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("plainSqlOf", () => {
  it("uses a client's registered pool, else the client's own raw queries", async () => {
    const calls: unknown[][] = [];
    const client = { $queryRawUnsafe: async (...args: unknown[]) => (calls.push(args), [{ via: "prisma" }]) };
    expect(await plainSqlOf(client as never)("SELECT $1", [1], "named")).toEqual([{ via: "prisma" }]);
    expect(calls).toEqual([["SELECT $1", 1]]);
    registerPlainSql(client, async () => [{ via: "pool" }] as never[]);
    expect(await plainSqlOf(client as never)("SELECT $1", [1])).toEqual([{ via: "pool" }]);
    expect(calls).toHaveLength(1);
  });
});
