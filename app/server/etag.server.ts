/**
 * What conditional and compressed answers share: strong ETags, matching
 * If-None-Match, and picking the encoding a request accepts.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** A strong ETag for a body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when an If-None-Match header names this ETag (the weak comparison RFC 9110 asks of If-None-Match). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** True when the request's If-None-Match already names this ETag. */
export function notModified(request: Request, etag: string): boolean {
  return etagMatches(request.headers.get("if-none-match"), etag);
}

/** The encoding to answer with: brotli, else gzip, else none, as the request's Accept-Encoding allows (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | null | undefined): "br" | "gzip" | null {
  const allowed = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const quality = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (!quality || Number(quality[1]) > 0) allowed.add(name.trim());
  }
  return allowed.has("br") ? "br" : allowed.has("gzip") || allowed.has("*") ? "gzip" : null;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * A body's gzip (level 9) and brotli forms, for answers compressed ahead of
 * time. Compression runs on libuv's thread pool: the event loop keeps
 * answering meanwhile.
 */
export async function compressedForms(raw: Buffer, brotliQuality: number): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  ]);
  return { gzip: gz, br };
}
