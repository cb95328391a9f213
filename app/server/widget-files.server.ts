/**
 * The built widget files (extensions/cta-embed/assets) as answers to
 * GET /widget/{file}: each file is read and compressed once (brotli at its
 * best quality, gzip at 9), then answered from memory with a strong ETag.
 *
 * Why not a static-file middleware plus on-the-fly compression: that read
 * and compressed every first visit's renderer and chunks again, at brotli
 * quality 4 (12 % bigger than quality 11 for the renderer and its chunk).
 * These files change only with a build, so compressing them at their best
 * once costs nothing per answer. A file rebuilt on disk while the server
 * runs (its size or modification time changed) is read again.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { compressedForms, etagMatches, etagOf, pickEncoding } from "./etag.server";
import { CONTENT_HASHED_CHUNK } from "./widget-assets.server";

/** File names the build writes: no folders, no leading dot. Anything else is not a widget file. */
const FILE_NAME = /^[A-Za-z0-9][\w.-]{0,199}\.(js|json)$/;
const TYPES: Record<string, string> = {
  js: "application/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
};

export interface FileRequest {
  method: string;
  /** The file's name under /widget/, as the address has it (not decoded: an encoded name is no file's). */
  name: string;
  acceptEncoding?: string | null;
  ifNoneMatch?: string | null;
}

export interface FileAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for HEAD, 304 and errors answered by status and text. */
  body: Buffer | string | null;
}

interface Packed {
  size: number;
  mtimeMs: number;
  etag: string;
  raw: Buffer;
  /** Left out when compressing does not make the file smaller (a few tiny chunks). */
  br?: Buffer;
  gzip?: Buffer;
}

async function pack(file: string, size: number, mtimeMs: number): Promise<Packed> {
  const raw = await readFile(file);
  const { gzip: gz, br } = await compressedForms(raw, 11);
  return {
    size,
    mtimeMs,
    etag: etagOf(raw),
    raw,
    br: br.length < raw.length ? br : undefined,
    gzip: gz.length < raw.length ? gz : undefined,
  };
}

const text = (status: number, message: string, headers: Record<string, string> = {}): FileAnswer => ({
  status,
  headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  body: message,
});

/** Answers for the widget files of one folder; files are packed on their first request and kept. */
export function createWidgetFiles(dir: string) {
  const packed = new Map<string, Promise<Packed>>();

  async function current(name: string): Promise<Packed | null> {
    const file = path.join(dir, name);
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    let pending = packed.get(name);
    const known = pending && (await pending.catch(() => null));
    if (!pending || !known || known.size !== info.size || known.mtimeMs !== info.mtimeMs) {
      pending = pack(file, info.size, info.mtimeMs);
      packed.set(name, pending);
      // A failed read is not kept: the next request tries again.
      pending.catch(() => packed.get(name) === pending && packed.delete(name));
    }
    // Gone between its stat and its read (a rebuild under way): not found, as it is now.
    return pending.catch(() => null);
  }

  async function answer(req: FileRequest): Promise<FileAnswer> {
    if (req.method !== "GET" && req.method !== "HEAD") return text(405, "Method not allowed", { Allow: "GET, HEAD" });
    const name = req.name;
    const file = FILE_NAME.test(name) ? await current(name) : null;
    if (!file) return text(404, "Not found");
    const headers: Record<string, string> = {
      "Content-Type": TYPES[name.slice(name.lastIndexOf(".") + 1)],
      // Hashed chunks never change under their name; entries keep their names across builds.
      "Cache-Control": CONTENT_HASHED_CHUNK.test(name) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (etagMatches(req.ifNoneMatch, file.etag)) return { status: 304, headers, body: null };
    const encoding = pickEncoding(req.acceptEncoding);
    const compressed = encoding ? file[encoding] : undefined;
    if (compressed) headers["Content-Encoding"] = encoding!;
    const body = compressed ?? file.raw;
    headers["Content-Length"] = String(body.length);
    return { status: 200, headers, body: req.method === "HEAD" ? null : body };
  }

  return { answer };
}
