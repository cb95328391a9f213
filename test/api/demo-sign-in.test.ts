/**
 * The demo's sign-in page (`npm start` runs the demo, BECKON_DEMO=1) lists
 * the seeded owner accounts that the database holds, with their sites and
 * passwords; a server that is not the demo lists nothing (it does not even
 * start on the demo's accounts: test/api/demo-data-production.test.ts).
 * Over HTTP against the built server and a fresh database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { signInByForm } from "#test/support/http";
import { createOwnerAccount } from "#app/models/owner.server";
import { DEMO_OWNERS, DEMO_STORE_OWNER, SALJAKADEMIN_OWNER } from "#prisma/seed-data/demo-owners";
import { en } from "#app/i18n/en";
import { sv } from "#app/i18n/sv";

let t: TestDatabase;
let ordinary: TestDatabase;
let demo: TestServer;
let production: TestServer;

beforeAll(async () => {
  [t, ordinary] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  for (const { owner } of DEMO_OWNERS) await createOwnerAccount(t.db, owner);
  await createOwnerAccount(ordinary.db, { name: "Owner", email: "owner@example.com", password: "an own password 42" });
  [demo, production] = await Promise.all([
    startTestServer({ databaseUrl: t.url }),
    startTestServer({ databaseUrl: ordinary.url, env: { BECKON_DEMO: "0", SESSION_SECRET: "s".repeat(40) } }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([demo?.stop(), production?.stop()]);
  await Promise.all([t?.drop(), ordinary?.drop()]);
});

/** The sign-in page's HTML with React's empty comments and apostrophe entities undone. */
async function signInPage(server: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.origin}/owner/login`, { headers });
  expect(res.status).toBe(200);
  return { html: (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'"), res };
}

describe("the demo's sign-in page", () => {
  it("lists each demo owner with the site it manages, its e-mail and its password", async () => {
    const { html } = await signInPage(demo);
    expect(html).toContain(en["login.demoTitle"]);
    expect(html).toContain(en["login.demoText"]);
    for (const { owner, site, path } of DEMO_OWNERS) {
      expect(html).toContain(site);
      expect(html).toContain(`<code>${owner.email}</code>`);
      expect(html).toMatch(new RegExp(`href="${path}"[^>]*>${en["login.demoOpenSite"]}<`));
    }
    expect(html).toContain(`<code>${SALJAKADEMIN_OWNER.password}</code>`);
    // The sites in the order DEMO_OWNERS gives.
    expect(html.indexOf("Säljakademin")).toBeLessThan(html.indexOf("Beckon Demo Store"));
  });

  it("speaks Swedish to a Swedish browser", async () => {
    const { html } = await signInPage(demo, { "Accept-Language": "sv-SE,sv;q=0.9" });
    expect(html).toContain(sv["login.demoTitle"]);
    expect(html).toContain(sv["login.demoUse"]);
    expect(html).not.toContain(en["login.demoTitle"]);
  });

  it("lists only the demo owners the database still holds", async () => {
    await t.db.ownerAccount.delete({ where: { email: DEMO_STORE_OWNER.email } });
    try {
      const { html } = await signInPage(demo);
      expect(html).toContain(`<code>${SALJAKADEMIN_OWNER.email}</code>`);
      expect(html).not.toContain(DEMO_STORE_OWNER.email);
      expect(html).not.toContain("Beckon Demo Store");
    } finally {
      await createOwnerAccount(t.db, DEMO_STORE_OWNER);
    }
  });

  it("signs in with a listed account", async () => {
    const signedIn = await signInByForm(demo.origin, DEMO_STORE_OWNER.email, DEMO_STORE_OWNER.password);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("beckon_owner"))).toBe(true);
  });
});

describe("a server that is not the demo", () => {
  it("lists no account, though its database has one", async () => {
    const { html } = await signInPage(production);
    expect(html).toContain(en["login.title"]);
    expect(html).not.toContain(en["login.demoTitle"]);
    expect(html).not.toContain("owner@example.com");
    for (const { owner } of DEMO_OWNERS) expect(html).not.toContain(owner.email);
    expect(html).not.toContain(SALJAKADEMIN_OWNER.password);
  });
});
