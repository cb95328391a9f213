/**
 * The demo's published credentials never run in production: `npm run setup`
 * seeds the demo only when the demo asks for it; a production server (no
 * BECKON_DEMO) refuses to start on a database that holds a demo owner
 * account, naming it and the demo store it owns (a real shop with the demo
 * store's domain is no reason to refuse); and outside the demo no account
 * opens with the demo's published password, whichever account has it.
 * Over HTTP against the built server, and scripts/setup-db.ts as a process.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { signInByForm } from "#test/support/http";
import { seedIfEmpty } from "#prisma/seed";
import { DEMO_OWNERS, DEMO_PASSWORDS, DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-owners";
import { hashPassword } from "#app/server/password.server";
import { createWebsite } from "#app/models/website.server";
import { websiteSettingsMock } from "#test/support/factories";

const root = path.resolve(__dirname, "../..");
const production = { BECKON_DEMO: "0", SESSION_SECRET: randomBytes(32).toString("hex") };

/** The message a server that refused to start logged, from the error startTestServer rejects with. */
async function refusal(databaseUrl: string): Promise<string> {
  const started = startTestServer({ databaseUrl, env: production });
  const error = await started.then(
    async (server) => {
      await server.stop();
      return null;
    },
    (e: Error) => e,
  );
  expect(error, "the production server started on demo data").not.toBeNull();
  expect(error!.message).toMatch(/Server exited with 1/);
  return error!.message;
}

/** An account made the way an operator could: straight in the database, with a password of their choice. */
async function account(t: TestDatabase, email: string, password: string): Promise<void> {
  await t.db.ownerAccount.create({
    data: { email, passwordHash: await hashPassword(password), profile: { create: { name: email } } },
  });
}

describe("a production server on demo data", () => {
  it("refuses to start on the seeded demo, naming its accounts and shop", async () => {
    const t = await createTestDatabase();
    try {
      await seedIfEmpty(t.db);
      const message = await refusal(t.url);
      expect(message).toContain("demo data");
      for (const { owner } of DEMO_OWNERS) expect(message).toContain(owner.email);
      expect(message).toContain(DEMO_SHOP_DOMAIN);
      expect(message).not.toMatch(/listening on/);
    } finally {
      await t.drop();
    }
  });

  it("refuses one demo owner account alone", async () => {
    const withOwner = await createTestDatabase();
    try {
      await account(withOwner, DEMO_OWNERS[1].owner.email, "an operator's own password 9");
      expect(await refusal(withOwner.url)).toContain(DEMO_OWNERS[1].owner.email);
    } finally {
      await withOwner.drop();
    }
  });
});

describe("a production server without demo data", () => {
  let t: TestDatabase;
  let server: TestServer;
  const ownPassword = "correct horse battery staple";

  beforeAll(async () => {
    t = await createTestDatabase();
    await account(t, "published@example.com", DEMO_PASSWORDS[0]);
    await account(t, "own@example.com", ownPassword);
    // A real shop may have the demo store's domain: without the demo's accounts it is no reason to refuse.
    await createWebsite(t.db, websiteSettingsMock({ name: "A real shop" }), { shopDomain: DEMO_SHOP_DOMAIN });
    server = await startTestServer({ databaseUrl: t.url, env: production });
  });

  afterAll(async () => {
    await server?.stop();
    await t?.drop();
  });

  it("opens no account with the demo's published password", async () => {
    const refused = await signInByForm(server.origin, "published@example.com", DEMO_PASSWORDS[0]);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("beckon_owner="))).toBe(false);
    expect(server.output()).toContain("demo's published password was refused");
  });

  it("signs in an owner with a password of their own", async () => {
    const signedIn = await signInByForm(server.origin, "own@example.com", ownPassword);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("beckon_owner="))).toBe(true);
  });
});

describe("npm run setup", () => {
  const setup = (databaseUrl: string, args: string[], env: Record<string, string>) =>
    promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/setup-db.ts", ...args], {
      cwd: root,
      env: { ...process.env, BECKON_DEMO: "", ...env, DATABASE_URL: databaseUrl },
    });

  it("seeds nothing into an empty database unless the demo asks, in production or not", async () => {
    const [plain, demo] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      const quiet = await setup(plain.url, [], { NODE_ENV: "production" });
      expect(quiet.stdout).not.toMatch(/Seeded/);
      expect(await plain.db.website.count()).toBe(0);
      expect(await plain.db.ownerAccount.count()).toBe(0);
      const seeded = await setup(demo.url, ["--demo"], { NODE_ENV: "development" });
      expect(seeded.stdout).toMatch(/Seeded the demo websites/);
      expect(await demo.db.website.count({ where: { shopDomain: DEMO_SHOP_DOMAIN } })).toBe(1);
    } finally {
      await Promise.all([plain.drop(), demo.drop()]);
    }
  });
});
