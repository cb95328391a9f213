/**
 * A flood: the public API's rate limits per client IP (reads and writes
 * apart) and per website answer 429 with Retry-After and a JSON error,
 * before the body is read, storing nothing; one flooding address cannot use
 * up a website's budget for its other visitors; preflights are never
 * limited; a refused client gets through again once the bucket refills.
 * Small limits for the test; TRUST_PROXY lets it speak from several addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";
import { jsonOrNull } from "#test/support/http";

let tdb: TestDatabase;
let server: TestServer;
let site: number;
let other: number;
let visitor: string;

const token = () => randomBytes(16).toString("hex");

async function call(method: string, path: string, ip: string, body?: unknown) {
  const res = await fetch(server.origin + path, {
    method,
    headers: { "Content-Type": "text/plain", "X-Forwarded-For": ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    json: jsonOrNull(await res.text()),
    retryAfter: res.headers.get("retry-after"),
    cors: res.headers.get("access-control-allow-origin"),
  };
}

const event = () => ({ event: { id: `rl-${token()}`, event_type: "View", visitor_token: visitor } });

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedIfEmpty(tdb.db);
  const sites = await tdb.db.website.findMany({ orderBy: { id: "asc" } });
  site = sites.find((s) => s.shopDomain)!.id;
  other = sites.find((s) => !s.shopDomain)!.id;
  server = await startTestServer({
    databaseUrl: tdb.url,
    env: {
      TRUST_PROXY: "1",
      BECKON_RATE_LIMIT_IP_WRITE: "5/2",
      BECKON_RATE_LIMIT_IP_READ: "8/4",
      BECKON_RATE_LIMIT_WEBSITE_WRITE: "12/2",
    },
  });
  visitor = token();
  const r = await call("POST", `/api/websites/${site}/visitors`, "10.9.9.9", { visitor: { visitor_token: visitor } });
  expect(r.status).toBe(201);
});

afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

describe("rate limits of the public API", () => {
  it("limits writes per IP with a JSON 429 and Retry-After, storing nothing refused, and lets the client back after the wait", async () => {
    const before = await tdb.db.trackedEvent.count();
    const answers = [];
    const started = Date.now();
    for (let i = 0; i < 12; i++)
      answers.push(await call("POST", `/api/websites/${site}/events/create`, "10.0.0.1", event()));
    // Tokens refill at 2 a second while the loop runs: on a busy machine the
    // 12 calls can take seconds, so the bound follows the time they took.
    const refilled = Math.ceil(((Date.now() - started) / 1000) * 2);
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(ok).toBeLessThanOrEqual(5 + refilled);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBe(12 - ok);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(r.json.error).toEqual({ field: null, message: expect.stringMatching(/Too many requests/) });
      // The widget reads the 429 cross-origin, so CORS headers come with it.
      expect(r.cors).toBe("*");
    }
    expect(await tdb.db.trackedEvent.count()).toBe(before + ok);
    // Another address is not affected.
    expect(
      (await call("POST", `/api/websites/${other}/visitors`, "10.0.0.2", { visitor: { visitor_token: token() } }))
        .status,
    ).toBe(201);
    // After Retry-After the first client gets through again.
    await new Promise((r) => setTimeout(r, Number(refused[0].retryAfter) * 1000 + 100));
    expect((await call("POST", `/api/websites/${site}/events/create`, "10.0.0.1", event())).status).toBe(200);
  });

  it("limits a website's writes across addresses, and a flooding address does not use up the website's budget", async () => {
    // 10.1.0.1 floods: the IP limit stops it, and its refused requests cost the website nothing.
    for (let i = 0; i < 30; i++) await call("POST", `/api/websites/${other}/events/create`, "10.1.0.1", event());
    // Other visitors of that website still get through.
    const fromOthers = [];
    for (let i = 0; i < 4; i++)
      fromOthers.push(
        (await call("POST", `/api/websites/${other}/visitors`, `10.1.1.${i}`, { visitor: { visitor_token: token() } }))
          .status,
      );
    expect(fromOthers.every((s) => s === 201)).toBe(true);
    // Many addresses together do reach the website's limit.
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await call("POST", `/api/websites/${other}/visitors`, `10.2.0.${i}`, { visitor: { visitor_token: token() } }))
          .status,
      );
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
  });

  it("limits reads per IP apart from writes, and never limits preflights", async () => {
    const statuses = [];
    for (let i = 0; i < 14; i++) statuses.push((await call("GET", `/api/websites/${site}.js`, "10.3.0.1")).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
    // Writes from the same address have their own bucket.
    expect((await call("POST", `/api/websites/${site}/events/create`, "10.3.0.1", event())).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const pre = await fetch(`${server.origin}/api/websites/${site}/events/create`, {
        method: "OPTIONS",
        headers: {
          Origin: "https://shop.example",
          "Access-Control-Request-Method": "POST",
          "X-Forwarded-For": "10.3.0.1",
        },
      });
      expect(pre.status).toBe(204);
    }
  });
});
