/**
 * The deployment id that binds identity tokens to one database: made once
 * per database, whichever of several processes asks first, and different
 * on another database, so the same session secret signs differently there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "#app/db.server";
import { deploymentId, identityTokenSecret } from "#app/models/deployment.server";
import { signIdentityToken, verifyIdentityToken } from "#app/server/identity-token.server";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";

const SESSION_SECRET = "deployment-test-session-secret-0123456789";

let one: TestDatabase;
let another: TestDatabase;

beforeAll(async () => {
  one = await createTestDatabase();
  another = await createTestDatabase();
});

afterAll(async () => {
  await one?.drop();
  await another?.drop();
});

describe("deployment ids", () => {
  it("is made once per database, by whichever client asks first", async () => {
    // Two clients stand for two processes on one database, asking at once.
    const second = createPrismaClient(one.target);
    try {
      const [a, b] = await Promise.all([deploymentId(one.db), deploymentId(second)]);
      expect(a).toMatch(/^[0-9a-f]{32}$/);
      expect(b).toBe(a);
      expect(await one.db.deployment.count()).toBe(1);
    } finally {
      await second.$disconnect();
    }
  });

  it("differs between databases, and so do the token secrets made from one session secret", async () => {
    expect(await deploymentId(another.db)).not.toBe(await deploymentId(one.db));
    const secretOfOne = await identityTokenSecret(one.db, SESSION_SECRET);
    const secretOfAnother = await identityTokenSecret(another.db, SESSION_SECRET);
    expect(secretOfOne).not.toBe(SESSION_SECRET);
    const expiresAt = Date.now() / 1000 + 3600;
    const token = signIdentityToken({ websiteId: 1, email: "anna@acme-sales.se", expiresAt }, secretOfOne);
    expect(verifyIdentityToken(token, 1, { secret: secretOfOne }).ok).toBe(true);
    expect(verifyIdentityToken(token, 1, { secret: secretOfAnother })).toEqual({ ok: false, reason: "signature" });
  });
});
