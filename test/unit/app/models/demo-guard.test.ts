/**
 * The demo guard (app/models/demo-guard.server.ts): where published demo
 * credentials may be used, what of the demo a database holds, and that no
 * new account gets a published password outside the demo.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import {
  DemoDataInProductionError,
  demoCredentialsAllowed,
  demoDataPresent,
  isPublishedDemoPassword,
  refuseDemoDataInProduction,
} from "#app/models/demo-guard.server";
import { createOwnerAccount } from "#app/models/owner.server";
import { InputError } from "#app/server/input-error";
import { DEMO_OWNERS, DEMO_PASSWORDS, DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";

const PRODUCTION = { NODE_ENV: "production" };
const DEMO = { NODE_ENV: "production", BECKON_DEMO: "1" };

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.drop();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("where the demo's credentials may be used", () => {
  it("in the demo and outside production, never in production without the demo", () => {
    expect(demoCredentialsAllowed(DEMO)).toBe(true);
    expect(demoCredentialsAllowed({ NODE_ENV: "development" })).toBe(true);
    expect(demoCredentialsAllowed({ NODE_ENV: "test" })).toBe(true);
    expect(demoCredentialsAllowed(PRODUCTION)).toBe(false);
    expect(demoCredentialsAllowed({ NODE_ENV: "production", BECKON_DEMO: "0" })).toBe(false);
    expect(demoCredentialsAllowed({ NODE_ENV: "production", BECKON_DEMO: "true" })).toBe(false);
  });

  it("knows each published password exactly, not a look-alike", () => {
    for (const { owner } of DEMO_OWNERS) expect(isPublishedDemoPassword(owner.password)).toBe(true);
    expect(isPublishedDemoPassword(`${DEMO_PASSWORDS[0]} `)).toBe(false);
    expect(isPublishedDemoPassword(DEMO_PASSWORDS[0].toUpperCase())).toBe(false);
    expect(isPublishedDemoPassword("")).toBe(false);
  });
});

describe("demo data in a database", () => {
  it("is nothing in an empty database, and production starts", async () => {
    expect(await demoDataPresent(t.db)).toEqual([]);
    await expect(refuseDemoDataInProduction(t.db, PRODUCTION)).resolves.toBeUndefined();
  });

  it("names a demo owner and the demo store it owns; production refuses them, the demo does not", async () => {
    const profile = await t.db.ownerProfile.create({ data: { name: "Operator" } });
    await t.db.ownerAccount.create({
      data: { email: DEMO_OWNERS[0].owner.email, passwordHash: "not a real hash", profileId: profile.id },
    });
    const shop = await t.db.website.create({ data: { name: "Shop", shopDomain: DEMO_SHOP_DOMAIN, dataSettings: {} } });
    try {
      // The shop's domain alone: a real shop may have it.
      expect(await demoDataPresent(t.db)).toEqual([`owner account ${DEMO_OWNERS[0].owner.email}`]);
      await t.db.websiteMembership.create({ data: { profileId: profile.id, websiteId: shop.id } });
      expect(await demoDataPresent(t.db)).toEqual([
        `owner account ${DEMO_OWNERS[0].owner.email}`,
        `website ${shop.id} for the shop ${DEMO_SHOP_DOMAIN}`,
      ]);
      const refusal = refuseDemoDataInProduction(t.db, PRODUCTION);
      await expect(refusal).rejects.toBeInstanceOf(DemoDataInProductionError);
      await expect(refusal).rejects.toThrow(/BECKON_DEMO=1/);
      await expect(refuseDemoDataInProduction(t.db, DEMO)).resolves.toBeUndefined();
    } finally {
      await t.db.ownerAccount.deleteMany({ where: { email: DEMO_OWNERS[0].owner.email } });
      await t.db.website.delete({ where: { id: shop.id } });
    }
  });

  it("is not a real shop that has the demo store's domain: production starts", async () => {
    const shop = await t.db.website.create({ data: { name: "Real", shopDomain: DEMO_SHOP_DOMAIN, dataSettings: {} } });
    try {
      expect(await demoDataPresent(t.db)).toEqual([]);
      await expect(refuseDemoDataInProduction(t.db, PRODUCTION)).resolves.toBeUndefined();
    } finally {
      await t.db.website.delete({ where: { id: shop.id } });
    }
  });
});

describe("a new owner account", () => {
  it("may not take a published password in production, and may in the demo", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("BECKON_DEMO", "");
    const refused = createOwnerAccount(t.db, { email: "new@example.com", password: DEMO_PASSWORDS[0], name: "N" });
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(refused).rejects.toMatchObject({ field: "password" });
    expect(await t.db.ownerAccount.count({ where: { email: "new@example.com" } })).toBe(0);
    vi.stubEnv("BECKON_DEMO", "1");
    const made = await createOwnerAccount(t.db, { email: "new@example.com", password: DEMO_PASSWORDS[0], name: "N" });
    expect(made.email).toBe("new@example.com");
  });
});
