/**
 * A test database with one website, or two (A and B) for model tests that
 * check one website never sees or changes the other's data: created before
 * the file's (or describe block's) tests, dropped after them.
 */
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** What website A may have besides a name (B is bare). */
export type SiteData = { currency?: string; currencyCharacter?: string };

function withWebsites(count: 1 | 2, ready: (t: TestDatabase, sites: number[]) => unknown, siteAData: SiteData) {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    const sites = [(await t.db.website.create({ data: { name: "A", dataSettings: {}, ...siteAData } })).id];
    if (count === 2) sites.push((await t.db.website.create({ data: { name: "B", dataSettings: {} } })).id);
    await ready(t, sites);
  });
  afterAll(async () => {
    await t?.drop();
  });
}

/** Website A alone, handed to `ready` (which may seed more before the tests run). */
export function withOneWebsite(
  ready: (created: { t: TestDatabase; site: number }) => unknown,
  siteAData: SiteData = {},
): void {
  withWebsites(1, (t, [site]) => ready({ t, site }), siteAData);
}

/** Websites A and B, handed to `ready`. */
export function withTwoWebsites(
  ready: (created: { t: TestDatabase; siteA: number; siteB: number }) => unknown,
  siteAData: SiteData = {},
): void {
  withWebsites(2, (t, [siteA, siteB]) => ready({ t, siteA, siteB }), siteAData);
}
