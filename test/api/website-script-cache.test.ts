/**
 * The site script from the cache of built scripts, over HTTP against the
 * built server: compressed ahead of time as the request accepts, and fresh
 * after an owner's change. The server runs with a fresh time of a minute,
 * so only invalidation can make a change show: a write by another process
 * (this test's own database client) stays unseen, an owner's publish
 * through the server shows on the next request. The config's JSON form
 * (/api/websites/{id}.json) follows the same rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { postForm } from "#test/support/http";
import { seedIfEmpty } from "#prisma/seed";

let t: TestDatabase;
let server: TestServer;
const SV = 1;

/** A GET whose body is not decoded, unlike fetch's. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The site script, or with `.json` the config it carries as JSON (cached and invalidated with it). */
const script = async (form: ".js" | ".json" = ".js") => {
  const res = await fetch(`${server.origin}/api/websites/${SV}${form}`);
  expect(res.status).toBe(200);
  return { etag: res.headers.get("etag")!, text: await res.text() };
};

async function signIn(): Promise<string> {
  const page = await fetch(`${server.origin}/owner/login`, { redirect: "manual" });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
  const cookie = page.headers
    .getSetCookie()
    .find((c) => c.startsWith("beckon_csrf="))!
    .split(";")[0];
  const res = await postForm(
    server.origin,
    "/owner/login",
    { email: "agare@saljakademin.se", password: "beckon-demo-2026", csrf },
    { Cookie: cookie },
  );
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("beckon_owner="))!
    .split(";")[0];
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  server = await startTestServer({
    databaseUrl: t.url,
    env: { SESSION_SECRET: "x".repeat(32), BECKON_SCRIPT_CACHE_MS: "60000" },
  });
});

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

describe("the cached site script", () => {
  it.each([
    [".js", /^\/\/# allFunctionsCalledOnLoad\nwindow\.__beckonConfig=\{"website_id":1,/],
    [".json", /^\{"website_id":1,/],
  ])("is sent as brotli, gzip or plain text, the same %s each way", async (form, start) => {
    const plain = await rawGet(`/api/websites/${SV}${form}`, { "Accept-Encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const text = plain.body.toString("utf8");
    expect(text).toMatch(start);
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await rawGet(`/api/websites/${SV}${form}`, { "Accept-Encoding": `${encoding}, deflate` });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
      expect(res.headers["etag"]).toBe(plain.headers["etag"]);
      expect(decode(res.body).toString("utf8")).toBe(text);
      expect(res.body.length).toBeLessThan(text.length / 2);
    }
  });

  it("answers many requests at once with one script", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => script()));
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
  });

  it("shows an owner's publish on the next request; another process's write waits for the cache to expire", async () => {
    const before = await script();
    const configBefore = await script(".json");
    // Another process (this test) renames the website's published overlay: within the fresh minute, unseen.
    const cta = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, status: "published", ctaType: "overlay" } });
    const draft = await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, status: "draft" } }).catch(() => null);
    await t.db.cta.update({ where: { id: cta.id }, data: { name: "Renamed by another process" } });
    const still = await script();
    expect(still.etag).toBe(before.etag);
    expect(still.text).not.toContain("Renamed by another process");
    expect((await script(".json")).etag).toBe(configBefore.etag);

    // The owner publishes through the server: its write empties the cache.
    const owner = await signIn();
    const csrf = /name="csrf" value="([^"]+)"/.exec(
      await (await fetch(`${server.origin}/owner`, { headers: { Cookie: owner } })).text(),
    )![1];
    const target = draft ?? cta;
    const res = await postForm(
      server.origin,
      `/owner/websites/${SV}/ctas`,
      { intent: "publish", id: String(target.id), csrf },
      { Cookie: owner },
    );
    expect(res.status).toBe(200);
    const after = await script();
    expect(after.etag).not.toBe(before.etag);
    // Rebuilt from the database: the other process's write is in it too.
    expect(after.text).toContain("Renamed by another process");
    if (draft) expect(after.text).toContain(`"id":${draft.id},`);
    const config = await script(".json");
    expect(config.etag).not.toBe(configBefore.etag);
    expect(config.text).toContain("Renamed by another process");
    expect(JSON.parse(/^window\.__beckonConfig=(.*);$/m.exec(after.text)![1])).toEqual(JSON.parse(config.text));
  });
});
