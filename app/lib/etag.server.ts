import { createHash } from "node:crypto";

/** A strong ETag for a body. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when the request's If-None-Match already names this ETag. */
export function notModified(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}
