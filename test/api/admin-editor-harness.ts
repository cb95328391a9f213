/**
 * The harness shared by the admin-editor-*.test.ts files: the built server on
 * a freshly seeded database (website 1: Säljakademin, owner
 * agare@saljakademin.se; website 2: the demo store, owner
 * owner@beckon-demo.test), both owners signed in, ids of their rows, and
 * HTTP helpers.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { seedIfEmpty } from "#prisma/seed";
import { cookiePair, csrfOf, postForm, signInByForm } from "#test/support/http";

// Live bindings: set by withEditorServer()'s beforeAll, read by the tests as plain names.
export let t: TestDatabase;
let server: TestServer;
export let origin: string;
export let A: string; // cookie of the owner of website 1
export let B: string; // cookie of the owner of website 2
export let ctaOfA: number;
export let ctaOfB: number;
export let broadcastOfB: number;

export const SV = 1;
export const STORE = 2;
const PASSWORD = "beckon-demo-2026";

/** The CSRF token in a page's form (the tests of the editor read it from here). */
export { csrfOf };

/** A GET of the server that does not follow redirects, with an owner's cookie if given. */
export async function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** A form POST to the server, with an owner's cookie if given. */
export const post = (
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  headers: Record<string, string> = {},
) => postForm(origin, path, fields, { ...(cookie ? { Cookie: cookie } : {}), ...headers });

async function signIn(email: string): Promise<string> {
  const res = await signInByForm(origin, email, PASSWORD);
  expect(res.status).toBe(302);
  return cookiePair(res, "beckon_owner");
}

/** Posts an admin form as the signed-in owner, with the session's CSRF token. */
export async function submit(path: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  const csrf = csrfOf(await (await get("/owner", cookie)).text());
  return post(path, { ...fields, csrf }, cookie);
}

/** Decodes the few HTML entities React writes, so texts can be compared as written. */
export const text = async (res: Response) =>
  (await res.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** Registers the file's database (seeded) and server, with both owners signed in: before its tests, stopped after them. */
export function withEditorServer() {
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedIfEmpty(t.db);
    server = await startTestServer({ databaseUrl: t.url, env: { SESSION_SECRET: "x".repeat(32) } });
    origin = server.origin;
    A = await signIn("agare@saljakademin.se");
    B = await signIn("owner@beckon-demo.test");
    ctaOfA = (await t.db.cta.findFirstOrThrow({ where: { websiteId: SV, ctaType: "overlay" } })).id;
    ctaOfB = (await t.db.cta.findFirstOrThrow({ where: { websiteId: STORE } })).id;
    broadcastOfB = (await t.db.broadcast.findFirstOrThrow({ where: { websiteId: STORE } })).id;
  });

  afterAll(async () => {
    await server?.stop();
    await t?.drop();
  });
}
