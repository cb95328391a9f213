/**
 * The CTA editor's lead magnet upload (POST /owner/websites/:id/lead-magnets)
 * against the built server: the owner's own website only, with the CSRF
 * token; a PDF, EPUB or ZIP whose bytes agree with its type, within the size
 * limit; anything else refused with the field named.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#test/support/test-database";
import { startTestServer, type TestServer } from "#test/support/server";
import { cookiePair, signInByForm } from "#test/support/http";
import { seedIfEmpty } from "#prisma/seed";
import { DEMO_SHOP_DOMAIN } from "#prisma/seed-data/demo-store";
import { ebookPdf } from "#prisma/seed-data/ebook-pdf";

let t: TestDatabase;
let server: TestServer;
let SV: number;
let STORE: number;
let cookie: string;
let csrf: string;

const PDF = ebookPdf({ title: "Checklista", subtitle: "Gratis", lines: ["Rad ett"] });

beforeAll(async () => {
  t = await createTestDatabase();
  await seedIfEmpty(t.db);
  SV = (await t.db.website.findFirstOrThrow({ where: { currency: "SEK" } })).id;
  STORE = (await t.db.website.findFirstOrThrow({ where: { shopDomain: DEMO_SHOP_DOMAIN } })).id;
  server = await startTestServer({ databaseUrl: t.url });
  const res = await signInByForm(server.origin, "agare@saljakademin.se", "beckon-demo-2026");
  cookie = cookiePair(res, "beckon_owner");
  const page = await fetch(`${server.origin}/owner`, { redirect: "manual", headers: { Cookie: cookie } });
  csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
});
afterAll(async () => {
  await server?.stop();
  await t?.drop();
});

async function upload(
  file: { name: string; type: string; bytes: Uint8Array } | null,
  { websiteId = SV, token = csrf, session = cookie } = {},
) {
  const form = new FormData();
  if (token) form.set("csrf", token);
  if (file) form.set("file", new Blob([Uint8Array.from(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${server.origin}/owner/websites/${websiteId}/lead-magnets`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.origin, Accept: "application/json", ...(session ? { Cookie: session } : {}) },
    body: form,
  });
  const body = res.headers.get("content-type")?.includes("json") ? ((await res.json()) as any) : await res.text();
  return { status: res.status, body };
}

describe("lead magnet upload", () => {
  it("stores the owner's PDF and answers its id and a safe name", async () => {
    const { status, body } = await upload({ name: "Min e-bok.pdf", type: "application/pdf", bytes: PDF });
    expect(status).toBe(201);
    expect(body.file.name).toBe("Min e-bok.pdf");
    const row = await t.db.leadMagnetFile.findUniqueOrThrow({ where: { id: body.file.id } });
    expect(row).toMatchObject({ websiteId: SV, contentType: "application/pdf", size: PDF.length });
  });

  it("refuses files that are not what they say, empty or missing, with the field named", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00]);
    for (const file of [
      { name: "e-bok.pdf", type: "application/pdf", bytes: exe },
      { name: "sida.html", type: "text/html", bytes: PDF },
      { name: "tom.pdf", type: "application/pdf", bytes: new Uint8Array() },
      null,
    ]) {
      const { status, body } = await upload(file);
      expect(status, file?.name ?? "no file").toBe(422);
      expect(body.error.field).toBe("file");
    }
  });

  it("refuses a file over the limit", async () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 10);
    big.set(PDF.subarray(0, 5));
    const { status } = await upload({ name: "stor.pdf", type: "application/pdf", bytes: big });
    expect([413, 422]).toContain(status);
  });

  it("takes uploads only from the website's owner, with the CSRF token", async () => {
    const file = { name: "x.pdf", type: "application/pdf", bytes: PDF };
    const before = await t.db.leadMagnetFile.count();
    expect((await upload(file, { websiteId: STORE })).status).toBe(404);
    expect((await upload(file, { token: "" })).status).toBe(403);
    expect([302, 401, 403]).toContain((await upload(file, { session: "" })).status);
    expect(await t.db.leadMagnetFile.count()).toBe(before);
  });
});
