/**
 * The server's settings and client address, on the built server: a malformed
 * setting stops scripts/serve.ts at start naming the variable (not the first
 * request that reads it), and behind a trusted proxy a client that writes a
 * different first X-Forwarded-For hop on every sign-in attempt still spends
 * one address's budget: the hop the proxy appended. Production without
 * SESSION_SECRET (and not the demo) refuses to start rather than answer
 * every sign-in with a 500.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { newSessionSecret, serveNewDatabase, stopServerAndDrop } from "#test/support/served-database";
import { postForm } from "#test/support/http";
import { LOGIN_BUDGETS } from "#app/server/login-throttle.server";

describe("settings checked at start", () => {
  it("a malformed port and public address stop the server, each named", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "beckon-env-"));
    try {
      const start = startTestServer({
        databaseUrl: `file:${path.join(dir, "never-opened.db")}`,
        env: { PORT: "eighty", BECKON_PUBLIC_URL: "beckon.example.com" },
      });
      await expect(start).rejects.toThrow(/Server exited with 1/);
      const output = await start.then(
        () => "",
        (e: Error) => e.message,
      );
      // The server's log is JSON lines (app/server/logger.server.ts): the fatal one carries the refusal under err.
      const fatal = output
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } })
        .find((l) => l.level === 60);
      expect(fatal?.msg).toBe("the server could not start");
      const message = fatal?.err?.message ?? "";
      expect(message).toMatch(/PORT must be a whole number from 0 to 65535; got "eighty"/);
      expect(message).toMatch(
        /BECKON_PUBLIC_URL must be an http:\/\/ or https:\/\/ address; got "beckon\.example\.com"/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the session secret in production", () => {
  it("no SESSION_SECRET outside the demo stops the server, saying how to make one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "beckon-env-"));
    try {
      const start = startTestServer({
        databaseUrl: `file:${path.join(dir, "never-opened.db")}`,
        // Production (the test server's default) with the demo off: no generated secret is allowed.
        env: { BECKON_DEMO: "", SESSION_SECRET: "" },
      });
      const output = await start.then(
        (server) => server.stop().then(() => "the server started"),
        (e: Error) => e.message,
      );
      expect(output).toMatch(/Server exited with 1/);
      const fatal = output
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: number; err?: { message: string } })
        .filter((l) => l.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0].err?.message).toMatch(/^SESSION_SECRET is required in production: .*openssl rand -hex 32/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the sign-in throttle behind a trusted proxy", () => {
  let t: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    ({ tdb: t, server } = await serveNewDatabase({ env: { ...newSessionSecret(), TRUST_PROXY: "1" } }));
  });
  afterAll(() => stopServerAndDrop(server, t));

  /** One sign-in POST for an account, claiming `spoofed` as the client with the proxy's hop after it. */
  async function attempt(email: string, spoofed: string): Promise<number> {
    const forwardedFor = `${spoofed}, 203.0.113.99`;
    const page = await fetch(`${server.origin}/owner/login`, { headers: { "X-Forwarded-For": forwardedFor } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith("beckon_csrf="))
      ?.split(";")[0];
    if (!csrf || !cookie) throw new Error("no CSRF token on the sign-in page");
    const res = await postForm(
      server.origin,
      "/owner/login",
      { email, password: "a wrong password", csrf },
      { Cookie: cookie, "X-Forwarded-For": forwardedFor },
    );
    return res.status;
  }

  it("counts every attempt against the appended hop, whatever first hop the client writes", async () => {
    const statuses: number[] = [];
    // Another account each time, so only the address budget can refuse.
    for (let i = 0; i < LOGIN_BUDGETS.address.burst + 2; i++)
      statuses.push(await attempt(`nobody${i}@beckon.test`, `10.${i}.0.1`));
    expect(
      statuses.slice(0, LOGIN_BUDGETS.address.burst).every((s) => s === 401),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.slice(LOGIN_BUDGETS.address.burst), statuses.join(",")).toEqual([429, 429]);
  });
});
