/**
 * A test database with two websites, A and B, for model tests that check
 * one website never sees or changes the other's data.
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface TwoWebsites {
  t: TestDatabase;
  siteA: number;
  siteB: number;
}

/**
 * Creates the database and the websites before the file's tests (A with
 * `siteAData` on top of a bare website) and hands them to `ready`; drops the
 * database after them.
 */
export function withTwoWebsites(
  ready: (created: TwoWebsites) => void,
  siteAData: { currency?: string; currencyCharacter?: string } = {},
): void {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    const siteA = (await t.db.website.create({ data: { name: "A", dataSettings: {}, ...siteAData } })).id;
    const siteB = (await t.db.website.create({ data: { name: "B", dataSettings: {} } })).id;
    ready({ t, siteA, siteB });
  });
  afterAll(async () => {
    await t?.drop();
  });
}
