/**
 * Addresses nothing answers get Beckon's own small 404 page (app/root.tsx's
 * ErrorBoundary) over HTTP against the built server: status 404, an HTML page
 * in the visitor's admin language (the owner's cookie, else Accept-Language,
 * else English) with a link to the start page, instead of Remix's bare one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { en } from "#app/i18n/en";
import { sv } from "#app/i18n/sv";

let t: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  t = await createTestDatabase();
  server = await startTestServer({ databaseUrl: t.url });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(server.origin + path, { redirect: "manual", headers });
/** The page's text with React's empty comments and apostrophe entities undone. */
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'");

describe("an unknown address", () => {
  it.each(["/nope", "/nope/deeper", "/app-nope", "/demo", "/demo/nope"])(
    "%s answers 404 with a page in English by default",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const page = await html(res);
      expect(page).toContain('<html lang="en"');
      expect(page).toContain(`<h1 style="font-size:1.5rem">${en["errorPage.notFoundTitle"]}</h1>`);
      expect(page).toContain(en["errorPage.notFoundText"]);
      expect(page).toMatch(new RegExp(`<a href="/"[^>]*>${en["errorPage.home"]}</a>`));
      expect(page).not.toContain(sv["errorPage.notFoundTitle"]);
    },
  );

  it("speaks Swedish to a Swedish browser", async () => {
    const res = await get("/nope", { "Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5" });
    expect(res.status).toBe(404);
    const page = await html(res);
    expect(page).toContain('<html lang="sv"');
    expect(page).toContain(`<title>${sv["errorPage.notFoundTitle"]} – Beckon</title>`);
    expect(page).toContain(sv["errorPage.notFoundText"]);
    expect(page).toMatch(new RegExp(`<a href="/"[^>]*>${sv["errorPage.home"]}</a>`));
    expect(page).not.toContain(en["errorPage.notFoundTitle"]);
  });

  it("follows the owner's chosen admin language over the browser's", async () => {
    const page = await html(await get("/nope", { "Accept-Language": "sv", Cookie: "beckon_lang=en" }));
    expect(page).toContain(en["errorPage.notFoundTitle"]);
    expect(page).not.toContain(sv["errorPage.notFoundTitle"]);
  });
});
