/** Small HTTP and HTML helpers of the local storefront: cookies, request bodies, escaping, placeholder images. */
import type { IncomingMessage } from "node:http";

/** The request's cookies by name. */
export function cookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

/** A JSON or form-encoded body as an object ({} when empty); refuses bodies over 1 MB. */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return {};
  if ((req.headers["content-type"] ?? "").includes("application/json")) return JSON.parse(text);
  const params = new URLSearchParams(text);
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}

/** Text safe inside HTML. */
export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A coloured square naming an image the catalogue has no file for. */
export function placeholderSvg(name: string) {
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  const label = escapeHtml(name.replace(/\.\w+$/, "").replace(/-/g, " "));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800"><rect width="800" height="800" fill="hsl(${hue} 45% 82%)"/><text x="400" y="410" font-family="sans-serif" font-size="40" text-anchor="middle" fill="hsl(${hue} 40% 25%)">${label}</text></svg>`;
}
