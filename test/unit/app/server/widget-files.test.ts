import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { createWidgetFiles, type FileAnswer } from "#app/server/widget-files.server";

/** Text that compresses as a bundle does: repeated identifiers with some variety. */
const bundle = (n: number) =>
  Array.from({ length: n }, (_, i) => `function f${i}(a,b){return a.value${i % 7}+b.render(${i})}`).join("\n");

let dir: string;
let files: ReturnType<typeof createWidgetFiles>;
const ENTRY = bundle(400);
const CHUNK = bundle(300) + "//chunk";

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "beckon-widget-files-"));
  writeFileSync(path.join(dir, "beckon-renderer.js"), ENTRY);
  writeFileSync(path.join(dir, "beckon-chunk-AB12CD34.js"), CHUNK);
  writeFileSync(path.join(dir, "beckon-manifest.json"), '{"renderer":["beckon-renderer.js"]}');
  writeFileSync(path.join(dir, "beckon-tiny-ZZ12ZZ34.js"), "x()");
  writeFileSync(path.join(dir, "notes.txt"), "not a widget file");
  mkdirSync(path.join(dir, "folder.js"));
  writeFileSync(path.join(dir, "..", `${path.basename(dir)}-secret.js`), "secret()");
  files = createWidgetFiles(dir);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(dir, "..", `${path.basename(dir)}-secret.js`), { force: true });
});

const get = (name: string, headers: { acceptEncoding?: string; ifNoneMatch?: string } = {}, method = "GET") =>
  files.answer({ method, name, ...headers });
const bodyText = (a: FileAnswer) => {
  const b = a.body as Buffer;
  const enc = a.headers["Content-Encoding"];
  return (enc === "br" ? brotliDecompressSync(b) : enc === "gzip" ? gunzipSync(b) : b).toString("utf8");
};

describe("widget files answered from memory", () => {
  it("answers brotli, else gzip, else the file as it is, each the file's bytes", async () => {
    const br = await get("beckon-renderer.js", { acceptEncoding: "gzip, deflate, br" });
    const gz = await get("beckon-renderer.js", { acceptEncoding: "gzip" });
    const raw = await get("beckon-renderer.js");
    expect([br.headers["Content-Encoding"], gz.headers["Content-Encoding"], raw.headers["Content-Encoding"]]).toEqual([
      "br",
      "gzip",
      undefined,
    ]);
    for (const a of [br, gz, raw]) {
      expect(a.status).toBe(200);
      expect(bodyText(a)).toBe(ENTRY);
      expect(a.headers["Content-Length"]).toBe(String((a.body as Buffer).length));
      expect(a.headers["Content-Type"]).toBe("application/javascript; charset=utf-8");
      expect(a.headers.Vary).toBe("Accept-Encoding");
    }
    // The reason for compressing ahead: brotli at its best quality, smaller than the quality 4 of per-answer compression.
    const q4 = brotliCompressSync(Buffer.from(ENTRY), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect((br.body as Buffer).length).toBeLessThan(q4.length);
  });

  it("answers every request from the same packed file (read and compressed once)", async () => {
    const fresh = createWidgetFiles(dir);
    const answers = await Promise.all(
      [1, 2, 3].map(() => fresh.answer({ method: "GET", name: "beckon-chunk-AB12CD34.js", acceptEncoding: "br" })),
    );
    expect(answers[1].body).toBe(answers[0].body);
    expect(answers[2].body).toBe(answers[0].body);
    expect((await fresh.answer({ method: "GET", name: "beckon-chunk-AB12CD34.js", acceptEncoding: "br" })).body).toBe(
      answers[0].body,
    );
  });

  it("caches content-hashed chunks for good and the rest for five minutes", async () => {
    expect((await get("beckon-chunk-AB12CD34.js")).headers["Cache-Control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get("beckon-renderer.js")).headers["Cache-Control"]).toBe("public, max-age=300");
    const manifest = await get("beckon-manifest.json");
    expect(manifest.headers["Content-Type"]).toBe("application/json; charset=utf-8");
    expect(manifest.headers["Cache-Control"]).toBe("public, max-age=300");
  });

  it("answers 304 to its ETag, weak or in a list, and the file to another", async () => {
    const { headers } = await get("beckon-renderer.js");
    const etag = headers.ETag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const a = await get("beckon-renderer.js", { ifNoneMatch, acceptEncoding: "br" });
      expect(a.status, ifNoneMatch).toBe(304);
      expect(a.body).toBeNull();
      expect(a.headers.ETag).toBe(etag);
    }
    expect((await get("beckon-renderer.js", { ifNoneMatch: '"other"' })).status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const head = await get("beckon-renderer.js", { acceptEncoding: "br" }, "HEAD");
    const full = await get("beckon-renderer.js", { acceptEncoding: "br" });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers).toEqual(full.headers);
  });

  it("sends a file that compression would not shrink as it is", async () => {
    const a = await get("beckon-tiny-ZZ12ZZ34.js", { acceptEncoding: "br, gzip" });
    expect(a.headers["Content-Encoding"]).toBeUndefined();
    expect(a.body!.toString()).toBe("x()");
  });

  it("serves a file rebuilt on disk anew", async () => {
    const name = "beckon-extras.js";
    writeFileSync(path.join(dir, name), bundle(50));
    const before = await get(name, { acceptEncoding: "br" });
    writeFileSync(path.join(dir, name), bundle(60));
    // A rebuild within the same millisecond still changes the size; here the time moves as well.
    utimesSync(path.join(dir, name), new Date(), new Date(Date.now() + 5000));
    const after = await get(name, { acceptEncoding: "br" });
    expect(bodyText(after)).toBe(bundle(60));
    expect(after.headers.ETag).not.toBe(before.headers.ETag);
    rmSync(path.join(dir, name));
    expect((await get(name)).status).toBe(404);
  });

  it("refuses other methods with 405 and Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get"]) {
      const a = await get("beckon-renderer.js", {}, method);
      expect(a.status, method).toBe(405);
      expect(a.headers.Allow).toBe("GET, HEAD");
    }
  });

  it.each([
    ["a missing file", "beckon-chunk-NOTTHERE.js"],
    ["a file of another kind", "notes.txt"],
    ["a folder", "folder.js"],
    ["the folder above", `../${"x"}-secret.js`],
    ["an encoded way up", "..%2Fpackage.json"],
    ["encoded dots", "%2e%2e/secret.js"],
    ["a path", "sub/beckon-renderer.js"],
    ["a hidden file", ".beckon-renderer.js"],
    ["a backslash", "..\\secret.js"],
    ["a NUL byte", "beckon-renderer.js\u0000.js"],
    ["no name", ""],
    ["a long name", "a".repeat(300) + ".js"],
    ["an absolute path", "/etc/passwd"],
  ])("answers 404 for %s", async (_, name) => {
    const a = await get(name.replace("x-secret", `${path.basename(dir)}-secret`));
    expect(a.status).toBe(404);
    expect(a.body).toBe("Not found");
    expect(a.headers["Cache-Control"]).toBe("no-store");
  });

  it("answers any request with 200, 304, 404 or 405, and 200 only for a widget file", async () => {
    const known = new Set([
      "beckon-renderer.js",
      "beckon-chunk-AB12CD34.js",
      "beckon-manifest.json",
      "beckon-tiny-ZZ12ZZ34.js",
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom(...known, "../x.js", "%00.js", "notes.txt")),
        fc.constantFrom("GET", "HEAD", "POST", "TRACE", "", "G\u0000ET"),
        fc.option(fc.string({ maxLength: 2000 })),
        fc.option(fc.string({ maxLength: 2000 })),
        async (name, method, acceptEncoding, ifNoneMatch) => {
          const a = await files.answer({ method, name, acceptEncoding, ifNoneMatch });
          expect([200, 304, 404, 405]).toContain(a.status);
          if (a.status === 200 || a.status === 304) expect(known.has(name)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
