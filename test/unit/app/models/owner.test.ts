import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import {
  authenticateOwner,
  createOwnerAccount,
  createOwnerSessionRecord,
  deleteExpiredOwnerSessions,
  deleteOwnerSessionRecord,
  deleteShopSessions,
  findOwnerSessionRecord,
  linkShopOwner,
  ownerHasWebsite,
  ownerWebsite,
  ownerWebsites,
  websiteIdForShop,
} from "#app/models/owner.server";
import { InputError } from "#app/server/input-error";
import { safeRedirectTo } from "#app/server/safe-redirect";
import { isSameOrigin, tokensMatch } from "#app/server/csrf.server";
import { resolveSessionSecret, SESSION_SECRET_FILE } from "#app/server/session-secret.server";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

let t: TestDatabase;

async function website(name: string, shopDomain: string | null = null): Promise<number> {
  const w = await t.db.website.create({ data: { name, shopDomain, dataSettings: {} } });
  return w.id;
}

async function member(profileId: number, websiteId: number) {
  await t.db.websiteMembership.create({ data: { profileId, websiteId } });
}

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t.drop();
});

describe("owner accounts", () => {
  it("creates an owner with a profile and a hashed password, e-mail lower-cased", async () => {
    const owner = await createOwnerAccount(t.db, {
      email: "  Agare@Example.SE ",
      password: "a good password",
      name: "Ägare",
    });
    expect(owner.email).toBe("agare@example.se");
    const row = await t.db.ownerAccount.findUniqueOrThrow({
      where: { id: owner.accountId },
      include: { profile: true },
    });
    expect(row.profile.name).toBe("Ägare");
    expect(row.profileId).toBe(owner.profileId);
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("a good password");
  });

  it("refuses a taken e-mail (in any case), a bad e-mail, a short password and an empty name", async () => {
    await createOwnerAccount(t.db, { email: "taken@example.com", password: "a good password", name: "A" });
    await expect(
      createOwnerAccount(t.db, { email: "TAKEN@example.com", password: "another password", name: "B" }),
    ).rejects.toMatchObject({
      field: "email",
      status: 409,
    });
    await expect(
      createOwnerAccount(t.db, { email: "not-an-email", password: "a good password", name: "C" }),
    ).rejects.toBeInstanceOf(InputError);
    await expect(
      createOwnerAccount(t.db, { email: "c@example.com", password: "short", name: "C" }),
    ).rejects.toMatchObject({ field: "password" });
    await expect(
      createOwnerAccount(t.db, { email: "d@example.com", password: "a good password", name: "  " }),
    ).rejects.toMatchObject({ field: "name" });
  });

  it("authenticates the right password only, whatever the e-mail's case", async () => {
    const owner = await createOwnerAccount(t.db, { email: "login@example.com", password: "right password", name: "L" });
    await expect(authenticateOwner(t.db, "login@example.com", "right password")).resolves.toEqual(owner);
    await expect(authenticateOwner(t.db, " LOGIN@example.com ", "right password")).resolves.toEqual(owner);
    await expect(authenticateOwner(t.db, "login@example.com", "wrong password")).resolves.toBeNull();
    await expect(authenticateOwner(t.db, "login@example.com", "")).resolves.toBeNull();
    await expect(authenticateOwner(t.db, "nobody@example.com", "right password")).resolves.toBeNull();
    await expect(authenticateOwner(t.db, "", "right password")).resolves.toBeNull();
    await expect(authenticateOwner(t.db, "login@example.com", "x".repeat(100_000))).resolves.toBeNull();
    const row = await t.db.ownerAccount.findUniqueOrThrow({ where: { id: owner.accountId } });
    expect(row.lastLoginAt).toBeInstanceOf(Date);
  });

  it("treats an unusable stored hash as a failed sign-in", async () => {
    const owner = await createOwnerAccount(t.db, {
      email: "broken@example.com",
      password: "right password",
      name: "B",
    });
    await t.db.ownerAccount.update({
      where: { id: owner.accountId },
      data: { passwordHash: "scrypt$1000$8$1$c2FsdA==$a2V5" },
    });
    await expect(authenticateOwner(t.db, "broken@example.com", "right password")).resolves.toBeNull();
  });
});

describe("website membership", () => {
  it("answers ownerHasWebsite only for the owner's own websites", async () => {
    const a = await createOwnerAccount(t.db, { email: "a@owners.test", password: "password of a", name: "A" });
    const b = await createOwnerAccount(t.db, { email: "b@owners.test", password: "password of b", name: "B" });
    const siteA = await website("Site A");
    const siteB = await website("Site B");
    await member(a.profileId, siteA);
    await member(b.profileId, siteB);

    expect(await ownerHasWebsite(t.db, a.profileId, siteA)).toBe(true);
    expect(await ownerHasWebsite(t.db, a.profileId, siteB)).toBe(false);
    expect(await ownerHasWebsite(t.db, b.profileId, siteB)).toBe(true);
    expect(await ownerHasWebsite(t.db, b.profileId, siteA)).toBe(false);
    expect(await ownerHasWebsite(t.db, a.profileId, 999_999)).toBe(false);
    expect(await ownerHasWebsite(t.db, a.profileId, Number.NaN)).toBe(false);

    expect(await ownerWebsite(t.db, a.profileId, siteA)).toMatchObject({ id: siteA, name: "Site A", role: "owner" });
    expect(await ownerWebsite(t.db, a.profileId, siteB)).toBeNull();
    expect((await ownerWebsites(t.db, a.profileId)).map((w) => w.id)).toEqual([siteA]);
  });
});

describe("owner sessions", () => {
  it("stores, finds, expires and deletes sessions", async () => {
    const o = await createOwnerAccount(t.db, { email: "s@owners.test", password: "session password", name: "S" });
    const live = {
      id: "a".repeat(64),
      accountId: o.accountId,
      csrfToken: "csrf-live",
      expiresAt: new Date(Date.now() + 60_000),
    };
    const old = {
      id: "b".repeat(64),
      accountId: o.accountId,
      csrfToken: "csrf-old",
      expiresAt: new Date(Date.now() - 1),
    };
    await createOwnerSessionRecord(t.db, live);
    await createOwnerSessionRecord(t.db, old);

    await expect(findOwnerSessionRecord(t.db, live.id)).resolves.toMatchObject({
      sessionId: live.id,
      accountId: o.accountId,
      profileId: o.profileId,
      email: "s@owners.test",
      csrfToken: "csrf-live",
    });
    await expect(findOwnerSessionRecord(t.db, old.id)).resolves.toBeNull();
    expect(await t.db.ownerSession.count({ where: { id: old.id } })).toBe(0);
    await expect(findOwnerSessionRecord(t.db, "c".repeat(64))).resolves.toBeNull();

    await deleteOwnerSessionRecord(t.db, live.id);
    await deleteOwnerSessionRecord(t.db, live.id);
    await expect(findOwnerSessionRecord(t.db, live.id)).resolves.toBeNull();

    await createOwnerSessionRecord(t.db, { ...old, id: "d".repeat(64) });
    expect(await deleteExpiredOwnerSessions(t.db)).toBe(1);
  });
});

describe("Shopify shops", () => {
  it("creates the shop's website and owner once, and keeps them on reinstall", async () => {
    const first = await linkShopOwner(t.db, "New-Shop.myshopify.com", {
      name: "New Shop",
      currency: "SEK",
      country: "SE",
    });
    const again = await linkShopOwner(t.db, "new-shop.myshopify.com");
    expect(again).toEqual(first);
    const row = await t.db.website.findUniqueOrThrow({ where: { id: first.websiteId } });
    expect(row).toMatchObject({
      name: "New Shop",
      shopDomain: "new-shop.myshopify.com",
      currency: "SEK",
      defaultCountry: "SE",
    });
    expect(await ownerHasWebsite(t.db, first.profileId, first.websiteId)).toBe(true);
    expect(await websiteIdForShop(t.db, "new-shop.myshopify.com")).toBe(first.websiteId);
    expect(await websiteIdForShop(t.db, "other.myshopify.com")).toBeNull();
  });

  it("links a shop whose website already has an owner to that owner", async () => {
    const owner = await createOwnerAccount(t.db, {
      email: "store@owners.test",
      password: "store password",
      name: "Store",
    });
    const id = await website("Demo store", "demo-store.myshopify.com");
    await member(owner.profileId, id);
    await expect(linkShopOwner(t.db, "demo-store.myshopify.com")).resolves.toEqual({
      websiteId: id,
      profileId: owner.profileId,
    });
  });

  it("deletes only that shop's Shopify sessions, and is safe to run twice", async () => {
    for (const shop of ["gone.myshopify.com", "gone.myshopify.com", "stays.myshopify.com"]) {
      await t.db.session.create({ data: { id: `${shop}-${Math.random()}`, shop, state: "s", accessToken: "t" } });
    }
    expect(await deleteShopSessions(t.db, "gone.myshopify.com")).toBe(2);
    expect(await deleteShopSessions(t.db, "gone.myshopify.com")).toBe(0);
    expect(await t.db.session.count({ where: { shop: "stays.myshopify.com" } })).toBe(1);
  });
});

describe("sign-in helpers", () => {
  it("keeps only same-site redirect paths", () => {
    expect(safeRedirectTo("/owner/websites/1/contacts?page=2")).toBe("/owner/websites/1/contacts?page=2");
    expect(safeRedirectTo("/owner#top")).toBe("/owner#top");
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "evil",
      "",
      null,
      undefined,
      42,
      "/\tevil",
      "/ok\r\nSet-Cookie: x",
    ]) {
      expect(safeRedirectTo(bad), String(bad)).toBe("/owner");
    }
  });

  it("compares tokens exactly", () => {
    expect(tokensMatch("abc", "abc")).toBe(true);
    expect(tokensMatch("abc", "abd")).toBe(false);
    expect(tokensMatch("abc", "abcd")).toBe(false);
    expect(tokensMatch("", "")).toBe(false);
    expect(tokensMatch(null, "abc")).toBe(false);
  });

  it("accepts a POST only from this server's own origin", () => {
    const post = (headers: Record<string, string>, url = "http://beckon.test:3000/owner/login") =>
      isSameOrigin(new Request(url, { method: "POST", headers }));
    expect(post({ Origin: "http://beckon.test:3000" })).toBe(true);
    expect(post({ Origin: "https://beckon.test:3000" })).toBe(false);
    expect(post({ Origin: "https://beckon.test:3000", "X-Forwarded-Proto": "https" })).toBe(true);
    expect(post({ Origin: "http://evil.example" })).toBe(false);
    expect(post({ Origin: "null" })).toBe(false);
    expect(post({ Referer: "http://beckon.test:3000/owner/login" })).toBe(true);
    expect(post({ Referer: "http://evil.example/owner/login" })).toBe(false);
    expect(post({})).toBe(false);
  });
});

describe("session secret", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "beckon-secret-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("uses SESSION_SECRET when set, and refuses a short one", () => {
    expect(resolveSessionSecret({ env: { SESSION_SECRET: "s".repeat(40), NODE_ENV: "production" }, root })).toBe(
      "s".repeat(40),
    );
    expect(() => resolveSessionSecret({ env: { SESSION_SECRET: "short" }, root })).toThrow(/at least 32/);
  });

  it("is required in production, unless it is the demo", () => {
    expect(() => resolveSessionSecret({ env: { NODE_ENV: "production" }, root })).toThrow(/SESSION_SECRET is required/);
    expect(resolveSessionSecret({ env: { NODE_ENV: "production", BECKON_DEMO: "1" }, root })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("generates one secret in development, keeps it in .beckon/session-secret and reuses it", () => {
    const dir = mkdtempSync(path.join(root, "dev-"));
    const first = resolveSessionSecret({ env: { NODE_ENV: "development" }, root: dir });
    expect(readFileSync(path.join(dir, SESSION_SECRET_FILE), "utf8").trim()).toBe(first);
    expect(resolveSessionSecret({ env: {}, root: dir })).toBe(first);
    writeFileSync(path.join(dir, SESSION_SECRET_FILE), "");
    const replaced = resolveSessionSecret({ env: {}, root: dir });
    expect(replaced).toMatch(/^[0-9a-f]{64}$/);
    expect(replaced).not.toBe(first);
  });
});
