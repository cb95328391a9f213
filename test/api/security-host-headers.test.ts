/**
 * Over HTTP against the built server: a client's Host or X-Forwarded-Host
 * never lands in a site script a shared cache may keep, a script cached
 * after such a request is not poisoned for the next visitor, and a
 * client-sent CF-IPCountry sets the location only behind a trusted proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";

const SV = 1;
let t: TestDatabase;
let direct: TestServer;
let proxied: TestServer;

/** A GET with headers fetch would not send (Host). */
function get(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** A port the OS says is free now. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

let proxiedPort = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  proxiedPort = await freePort();
  const common = { SESSION_SECRET: "x".repeat(32), BECKON_SCRIPT_CACHE_MS: "60000" };
  // One after the other: two servers starting at once can starve a small machine.
  direct = await startTestServer({ databaseUrl: t.url, env: { ...common, TRUST_PROXY: "" } });
  proxied = await startTestServer({
    databaseUrl: t.url,
    env: {
      ...common,
      TRUST_PROXY: "1",
      PORT: String(proxiedPort),
      BECKON_ALLOWED_HOSTS: `https://beckon.example.com,127.0.0.1:${proxiedPort}`,
    },
  });
}, 90_000);

afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
  await t?.drop();
});

const isShared = (cacheControl: unknown) => !/\b(private|no-store)\b/.test(String(cacheControl ?? ""));

describe("the site script", () => {
  it("without configuration, a forged Host reaches only a browser-private answer", async () => {
    const forged = await get(direct.origin, `/api/websites/${SV}.js`, { Host: "evil.example" });
    expect(forged.status).toBe(200);
    if (forged.body.includes("evil.example")) expect(isShared(forged.headers["cache-control"])).toBe(false);
    expect(String(forged.headers.vary)).toMatch(/\bHost\b/);
    const normal = await get(direct.origin, `/api/websites/${SV}.js`);
    expect(normal.body).toContain(`"api_origin":"${direct.origin}"`);
    expect(normal.body).not.toContain("evil.example");
  });

  it("with allowed hosts, a forged Host or X-Forwarded-Host gets the configured origin, and the cache stays clean", async () => {
    const forgeries: Record<string, string>[] = [
      { Host: "evil.example" },
      { "X-Forwarded-Host": "evil.example" },
      { "X-Forwarded-Host": "evil.example:443", "X-Forwarded-Proto": "http" },
    ];
    for (const headers of forgeries) {
      const forged = await get(proxied.origin, `/api/websites/${SV}.js`, headers);
      expect(forged.status).toBe(200);
      expect(isShared(forged.headers["cache-control"])).toBe(true);
      expect(forged.body, JSON.stringify(headers)).not.toContain("evil.example");
      expect(forged.body).toContain('"api_origin":"https://beckon.example.com"');
    }
    const normal = await get(proxied.origin, `/api/websites/${SV}.js`);
    expect(isShared(normal.headers["cache-control"])).toBe(true);
    expect(normal.body).toContain(`"api_origin":"http://127.0.0.1:${proxiedPort}"`);
    expect(normal.body).not.toContain("evil.example");
    const viaProxy = await get(proxied.origin, `/api/websites/${SV}.js`, {
      "X-Forwarded-Host": "beckon.example.com",
      "X-Forwarded-Proto": "https",
    });
    expect(viaProxy.body).toContain('"api_origin":"https://beckon.example.com"');
  });
});

describe("CF-IPCountry", () => {
  it("sent by a client straight to the server does not set the location", async () => {
    const res = await get(direct.origin, "/api/geolocation", { "CF-IPCountry": "SE" });
    expect(JSON.parse(res.body)).toMatchObject({ status: "fail", countryCode: null });
  });

  it("sets it behind a trusted proxy", async () => {
    const res = await get(proxied.origin, "/api/geolocation", { "CF-IPCountry": "SE" });
    expect(JSON.parse(res.body)).toMatchObject({ status: "success", countryCode: "SE", country: "Sweden" });
  });
});
