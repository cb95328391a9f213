/**
 * The standalone owner admin over HTTP, against the built server and a fresh
 * database: sign-in, cookies, CSRF and Origin checks, sign-in throttling, and
 * that one owner can never see another owner's contacts.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { createOwnerAccount } from "#app/models/owner.server";
import { postForm } from "#test/support/http";

let t: TestDatabase;
let server: TestServer;
let origin: string;
let siteA: number;
let siteB: number;

const A = { email: "owner-a@beckon.test", password: "password of owner a" };
const B = { email: "owner-b@beckon.test", password: "password of owner b" };

/** The value of one cookie from a response's Set-Cookie headers (null when not set). */
function setCookie(res: Response, name: string): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ?? null;
}

function cookiePair(line: string): string {
  return line.split(";")[0];
}

function hiddenCsrf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error("no csrf field on the page");
  return m[1];
}

async function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(origin, path, fields, headers);

/** Opens the login page: the pre-session CSRF cookie and the form's token. */
async function loginForm(): Promise<{ cookie: string; csrf: string }> {
  const res = await get("/owner/login");
  expect(res.status).toBe(200);
  const line = setCookie(res, "beckon_csrf");
  expect(line).not.toBeNull();
  return { cookie: cookiePair(line!), csrf: hiddenCsrf(await res.text()) };
}

async function attemptLogin(
  email: string,
  password: string,
  extra: { origin?: string; redirectTo?: string } = {},
): Promise<Response> {
  const form = await loginForm();
  const fields: Record<string, string> = { email, password, csrf: form.csrf };
  if (extra.redirectTo !== undefined) fields.redirectTo = extra.redirectTo;
  return post("/owner/login", fields, { Cookie: form.cookie, ...(extra.origin ? { Origin: extra.origin } : {}) });
}

/** Signs in and returns the owner cookie ("beckon_owner=..."). */
async function signIn(who: { email: string; password: string }): Promise<string> {
  const res = await attemptLogin(who.email, who.password);
  expect(res.status).toBe(302);
  return cookiePair(setCookie(res, "beckon_owner")!);
}

beforeAll(async () => {
  t = await createTestDatabase();
  const a = await createOwnerAccount(t.db, { ...A, name: "Owner A" });
  const b = await createOwnerAccount(t.db, { ...B, name: "Owner B" });
  await createOwnerAccount(t.db, { email: "throttled@beckon.test", password: "the right password", name: "Throttled" });
  siteA = (await t.db.website.create({ data: { name: "Säljakademin A", dataSettings: {} } })).id;
  siteB = (await t.db.website.create({ data: { name: "Store B", dataSettings: {} } })).id;
  await t.db.websiteMembership.create({ data: { profileId: a.profileId, websiteId: siteA } });
  await t.db.websiteMembership.create({ data: { profileId: b.profileId, websiteId: siteB } });
  for (const [websiteId, email] of [
    [siteA, "lead-of-a@example.se"],
    [siteB, "secret-lead-of-b@example.com"],
  ] as const) {
    await t.db.person.create({
      data: {
        websiteId,
        visitorToken: `tok-${email}`,
        personType: "Contact",
        email,
        contactSince: new Date(),
        extra: {},
        data: {},
      },
    });
  }
  server = await startTestServer({ databaseUrl: t.url, env: { SESSION_SECRET: randomBytes(32).toString("hex") } });
  origin = server.origin;
});

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

describe("owner pages without a session", () => {
  it("redirect to the login page, remembering where to come back", async () => {
    const index = await get("/owner");
    expect(index.status).toBe(302);
    expect(index.headers.get("location")).toBe("/owner/login");

    const contacts = await get(`/owner/websites/${siteA}/contacts?page=2`);
    expect(contacts.status).toBe(302);
    expect(contacts.headers.get("location")).toBe(
      `/owner/login?redirectTo=${encodeURIComponent(`/owner/websites/${siteA}/contacts?page=2`)}`,
    );
  });

  it("never leak contacts through the data endpoint or a forged cookie", async () => {
    const data = await get(`/owner/websites/${siteA}/contacts.data`);
    expect(await data.text()).not.toContain("lead-of-a@example.se");
    const forged = await get(
      `/owner/websites/${siteA}/contacts`,
      `beckon_owner=${randomBytes(32).toString("base64url")}`,
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/^\/owner\/login/);
  });
});

describe("signing in", () => {
  it("a wrong password or an unknown e-mail gets the same error and no cookie", async () => {
    for (const [email, password] of [
      [A.email, "not the password"],
      ["nobody@beckon.test", A.password],
    ]) {
      const res = await attemptLogin(email, password);
      expect(res.status).toBe(401);
      expect(setCookie(res, "beckon_owner")).toBeNull();
      expect(await res.text()).toContain("Wrong e-mail or password");
    }
  });

  it("the right password sets an http-only, SameSite=Lax session cookie and goes to /owner", async () => {
    const res = await attemptLogin(A.email.toUpperCase(), A.password);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/owner");
    const line = setCookie(res, "beckon_owner")!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/Max-Age=1209600/);
    // Plain http here; Secure is added when the request is https.
    expect(line).not.toMatch(/Secure/i);

    const index = await get("/owner", cookiePair(line));
    expect(index.status).toBe(200);
    const html = await index.text();
    expect(html).toContain("Säljakademin A");
    // A link to every page of the owner's website (its CTAs, campaigns, contacts, results, integrations, settings).
    for (const page of ["ctas", "broadcasts", "contacts", "results", "integrations", "settings"])
      expect(html).toContain(`href="/owner/websites/${siteA}/${page}"`);
    expect(html).toContain('aria-label="CTAs of Säljakademin A"');
    expect(html).not.toContain("Store B");
    expect(html).not.toContain(`/owner/websites/${siteB}/`);
  });

  it("goes back to a same-site redirectTo, and to /owner for anything else", async () => {
    const target = `/owner/websites/${siteA}/contacts?q=lead`;
    expect((await attemptLogin(A.email, A.password, { redirectTo: target })).headers.get("location")).toBe(target);
    for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      expect((await attemptLogin(A.email, A.password, { redirectTo: evil })).headers.get("location")).toBe("/owner");
    }
  });

  it("an already signed-in owner who opens the login page goes to /owner", async () => {
    const cookie = await signIn(A);
    const res = await get("/owner/login", cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/owner");
  });

  it("refuses a login posted from another site, even with a valid form token", async () => {
    // Remix itself aborts a document POST whose Origin host differs from Host
    // (a 500 unless the server answers such posts before Remix does).
    const foreign = await attemptLogin(A.email, A.password, { origin: "https://evil.example" });
    expect([403, 500]).toContain(foreign.status);
    expect(setCookie(foreign, "beckon_owner")).toBeNull();
    // Same host, other scheme: passes Remix's check, refused by Beckon's own.
    const otherScheme = await attemptLogin(A.email, A.password, { origin: origin.replace(/^http:/, "https:") });
    expect(otherScheme.status).toBe(403);
    expect(setCookie(otherScheme, "beckon_owner")).toBeNull();
    expect(await otherScheme.text()).toContain("another site");
  });

  it("refuses a login without the form's CSRF token or cookie", async () => {
    const form = await loginForm();
    const noToken = await post("/owner/login", { email: A.email, password: A.password }, { Cookie: form.cookie });
    expect(noToken.status).toBe(403);
    const noCookie = await post("/owner/login", { email: A.email, password: A.password, csrf: form.csrf });
    expect(noCookie.status).toBe(403);
    expect(setCookie(noToken, "beckon_owner")).toBeNull();
    expect(setCookie(noCookie, "beckon_owner")).toBeNull();
  });

  it("throttles repeated failures on one e-mail with a clear message", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attemptLogin("throttled@beckon.test", `wrong ${i}`)).status).toBe(401);
    }
    const blocked = await attemptLogin("throttled@beckon.test", "the right password");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many sign-in attempts");
    expect(setCookie(blocked, "beckon_owner")).toBeNull();
    // Other owners are not affected.
    expect((await attemptLogin(B.email, B.password)).status).toBe(302);
  });
});

describe("contacts pages", () => {
  it("show the owner's own contacts as table text", async () => {
    const cookie = await signIn(A);
    const res = await get(`/owner/websites/${siteA}/contacts`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toMatch(/<td[^>]*>lead-of-a@example\.se<\/td>/);
    expect(html).not.toContain("secret-lead-of-b@example.com");
  });

  it("answer 404 for another owner's website, an unknown one, or a bad id", async () => {
    const cookie = await signIn(A);
    for (const path of [
      `/owner/websites/${siteB}/contacts`,
      "/owner/websites/999999/contacts",
      "/owner/websites/abc/contacts",
    ]) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("secret-lead-of-b@example.com");
    }
    const data = await get(`/owner/websites/${siteB}/contacts.data`, cookie);
    expect(await data.text()).not.toContain("secret-lead-of-b@example.com");
  });
});

describe("signing out", () => {
  it("refuses a logout without the session's CSRF token or from another site", async () => {
    const cookie = await signIn(A);
    const noToken = await post("/owner/logout", {}, { Cookie: cookie });
    expect(noToken.status).toBe(403);
    const wrongToken = await post("/owner/logout", { csrf: "not-the-token" }, { Cookie: cookie });
    expect(wrongToken.status).toBe(403);

    const csrf = hiddenCsrf(await (await get("/owner", cookie)).text());
    const foreign = await post("/owner/logout", { csrf }, { Cookie: cookie, Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await get("/owner", cookie)).status).toBe(200);
  });

  it("ends the session with the token: the old cookie no longer works", async () => {
    const cookie = await signIn(A);
    const csrf = hiddenCsrf(await (await get("/owner", cookie)).text());
    const res = await post("/owner/logout", { csrf }, { Cookie: cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/owner/login");
    expect(setCookie(res, "beckon_owner")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const after = await get("/owner", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/owner/login");
  });

  it("a GET to /owner/logout signs nobody out", async () => {
    const cookie = await signIn(A);
    expect((await get("/owner/logout", cookie)).status).toBe(302);
    expect((await get("/owner", cookie)).status).toBe(200);
  });
});
