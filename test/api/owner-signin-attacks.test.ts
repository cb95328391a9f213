/**
 * Attacks on the standalone owner sign-in, against the built server: parallel
 * password guessing, locking the rightful owner out by guessing, and the
 * redirect after sign-in. The server trusts one proxy (TRUST_PROXY=1), so
 * each request names its client address in X-Forwarded-For.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import type { TestServer } from "#test/support/server";
import { newSessionSecret, serveNewDatabase, stopServerAndDrop } from "#test/support/served-database";
import { postForm } from "#test/support/http";
import { createOwnerAccount } from "#app/models/owner.server";

let t: TestDatabase;
let server: TestServer;

const RACED = { email: "raced@beckon.test", password: "the racing owner's password" };
const TARGET = { email: "target@beckon.test", password: "the target owner's password" };
const REDIRECTED = { email: "redirected@beckon.test", password: "the redirected owner's password" };

const ATTACKER = "198.51.100.66";
const OWNER_HOME = "203.0.113.10";
const OWNER_TRAVELLING = "192.0.2.77";

/** "name=value" of one cookie set by a response, or null. */
function cookieFrom(res: Response, name: string): string | null {
  return (
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0] ?? null
  );
}

/** Opens the sign-in page from an address: its CSRF cookie and token. */
async function loginForm(ip: string, cookies: string[] = []): Promise<{ cookies: string[]; csrf: string }> {
  const res = await fetch(`${server.origin}/owner/login`, {
    redirect: "manual",
    headers: { "X-Forwarded-For": ip, ...(cookies.length ? { Cookie: cookies.join("; ") } : {}) },
  });
  expect(res.status).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await res.text())?.[1];
  const csrfCookie = cookieFrom(res, "beckon_csrf");
  if (!csrf || !csrfCookie) throw new Error("no CSRF token on the sign-in page");
  return { cookies: [...cookies, csrfCookie], csrf };
}

/** One sign-in POST with a valid CSRF pair, from an address, carrying extra cookies (a known device). */
async function attempt(
  who: { email: string; password: string },
  ip: string,
  cookies: string[] = [],
  redirectTo?: string,
): Promise<Response> {
  const form = await loginForm(ip, cookies);
  const fields: Record<string, string> = { email: who.email, password: who.password, csrf: form.csrf };
  if (redirectTo !== undefined) fields.redirectTo = redirectTo;
  return postForm(server.origin, "/owner/login", fields, { Cookie: form.cookies.join("; "), "X-Forwarded-For": ip });
}

beforeAll(async () => {
  ({ tdb: t, server } = await serveNewDatabase({ env: { ...newSessionSecret(), TRUST_PROXY: "1" } }));
  for (const who of [RACED, TARGET, REDIRECTED]) await createOwnerAccount(t.db, { ...who, name: who.email });
});

afterAll(() => stopServerAndDrop(server, t));

describe("parallel password guessing", () => {
  it("20 wrong passwords at once: at most 10 reach the password check, the rest are refused as throttled", async () => {
    // Forms first, so that the 20 POSTs leave together.
    const forms = await Promise.all(Array.from({ length: 20 }, () => loginForm(ATTACKER)));
    const answers = await Promise.all(
      forms.map((form, i) =>
        postForm(
          server.origin,
          "/owner/login",
          { email: RACED.email, password: `guess ${i}`, csrf: form.csrf },
          {
            Cookie: form.cookies.join("; "),
            "X-Forwarded-For": ATTACKER,
          },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // 401 = the password was checked and was wrong; 429 = refused before the check.
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((s) => s === 401).length, statuses.join(",")).toBeLessThanOrEqual(10);
    for (const refused of answers.filter((r) => r.status === 429)) {
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("Too many sign-in attempts");
    }
  });
});

describe("guessing cannot lock the rightful owner out", () => {
  it("after an attacker's wrong passwords, the owner still signs in from a browser used before; the attacker stays refused", async () => {
    // The owner has signed in from this browser before: it keeps a known-device cookie.
    const first = await attempt(TARGET, OWNER_HOME);
    expect(first.status).toBe(302);
    const device = cookieFrom(first, "beckon_device");
    expect(device).not.toBeNull();
    expect(first.headers.getSetCookie().find((c) => c.startsWith("beckon_device="))).toMatch(/HttpOnly/i);

    // The attacker guesses until refused.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt({ ...TARGET, password: `guess ${i}` }, ATTACKER)).status);
    expect(
      statuses.slice(0, 10).every((s) => s === 401),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.slice(10), statuses.join(",")).toEqual([429, 429]);

    // The owner's browser signs in, at home and even from the attacker's own address (a shared office).
    for (const ip of [OWNER_HOME, ATTACKER]) {
      const res = await attempt(TARGET, ip, [device!]);
      expect(res.status, ip).toBe(302);
      expect(cookieFrom(res, "beckon_owner"), ip).not.toBeNull();
    }

    // The attacker, even with the right password, is still refused.
    const attacker = await attempt(TARGET, ATTACKER);
    expect(attacker.status).toBe(429);
    expect(cookieFrom(attacker, "beckon_owner")).toBeNull();

    // A new browser elsewhere is slowed down, not locked out for a quarter hour.
    const travelling = await attempt(TARGET, OWNER_TRAVELLING);
    expect(travelling.status).toBe(429);
    const wait = Number(travelling.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await travelling.text()).toMatch(/Wait \d+ seconds/);
  });

  it("a device cookie made for another account, or forged, counts for nothing", async () => {
    const other = await attempt(REDIRECTED, OWNER_HOME);
    expect(other.status).toBe(302);
    const device = cookieFrom(other, "beckon_device")!;
    // TARGET's account is slowed down by the previous test; REDIRECTED's device does not open it.
    expect((await attempt(TARGET, OWNER_TRAVELLING, [device])).status).toBe(429);
    expect(
      (await attempt(TARGET, OWNER_TRAVELLING, [`beckon_device=${randomBytes(40).toString("base64url")}`])).status,
    ).toBe(429);
  });
});

describe("the redirect after signing in", () => {
  const hostile = [
    "/.//evil.example",
    "/owner/../..//evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/owner",
  ];

  it("a signed-in owner opening the sign-in page with a hostile redirectTo stays on this site", async () => {
    const signedIn = await attempt(REDIRECTED, OWNER_HOME);
    expect(signedIn.status).toBe(302);
    const session = cookieFrom(signedIn, "beckon_owner")!;
    for (const value of hostile) {
      const res = await fetch(`${server.origin}/owner/login?redirectTo=${encodeURIComponent(value)}`, {
        redirect: "manual",
        headers: { Cookie: session, "X-Forwarded-For": OWNER_HOME },
      });
      expect(res.status, value).toBe(302);
      expect(res.headers.get("location"), value).toBe("/owner");
    }
    const fine = await fetch(
      `${server.origin}/owner/login?redirectTo=${encodeURIComponent("/owner/websites/1/contacts?page=2")}`,
      {
        redirect: "manual",
        headers: { Cookie: session, "X-Forwarded-For": OWNER_HOME },
      },
    );
    expect(fine.headers.get("location")).toBe("/owner/websites/1/contacts?page=2");
  });

  it("signing in with a hostile redirectTo goes to /owner", async () => {
    for (const value of hostile.slice(0, 2)) {
      const res = await attempt(REDIRECTED, OWNER_HOME, [], value);
      expect(res.status, value).toBe(302);
      expect(res.headers.get("location"), value).toBe("/owner");
    }
  });
});
