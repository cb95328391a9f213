/**
 * Shopify's Prisma session storage writes straight to our Session table
 * (app/shopify.server.ts): every column the library fills must exist there,
 * or storing a session would fail at install. A full session (online, with
 * its user, and an expiring offline token's refresh token) exercises every
 * column, so a library update that adds one fails here first.
 */
import { describe, expect, it } from "vitest";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { fileTestDatabase } from "#test/support/test-database";

const t = fileTestDatabase();

describe("the Session table under PrismaSessionStorage", () => {
  it("stores and loads a session with every column the library writes", async () => {
    const storage = new PrismaSessionStorage(t.db);
    const expires = new Date(Date.now() + 3_600_000);
    const refreshTokenExpires = new Date(Date.now() + 30 * 86_400_000);
    const session = new Session({
      id: "online_beckon-test.myshopify.com_42",
      shop: "beckon-test.myshopify.com",
      state: "state-1",
      isOnline: true,
      scope: "read_products,read_themes",
      expires,
      accessToken: "shpua_online",
      refreshToken: "shprt_refresh",
      refreshTokenExpires,
      onlineAccessInfo: {
        expires_in: 3600,
        associated_user_scope: "read_products",
        associated_user: {
          id: 42,
          first_name: "Ada",
          last_name: "Lind",
          email: "ada@beckon.test",
          email_verified: true,
          account_owner: true,
          locale: "sv",
          collaborator: false,
        },
      },
    });
    expect(await storage.storeSession(session)).toBe(true);
    const row = await t.db.session.findUnique({ where: { id: session.id } });
    expect(row).toMatchObject({
      shop: "beckon-test.myshopify.com",
      userId: 42n,
      email: "ada@beckon.test",
      accountOwner: true,
      refreshToken: "shprt_refresh",
    });
    const loaded = await storage.loadSession(session.id);
    expect(loaded?.refreshToken).toBe("shprt_refresh");
    expect(loaded?.accessToken).toBe("shpua_online");
    // Stored again (an update), as a token refresh does.
    expect(await storage.storeSession(session)).toBe(true);
  });
});
