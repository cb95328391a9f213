/**
 * A small DKIM verifier (RFC 6376) for tests: reads the DKIM-Signature of a
 * raw message, checks the body hash and the RSA-SHA256 signature over the
 * signed headers against a public key. Simple and relaxed canonicalization,
 * no DNS: the key is given.
 */
import { createHash, verify, type KeyObject } from "node:crypto";

export type DkimResult =
  | { ok: true; domain: string; selector: string; signedHeaders: string[] }
  | { ok: false; reason: string };

interface HeaderField {
  name: string;
  /** The whole field as it stands, folding included, without the final CRLF. */
  raw: string;
}

function splitMessage(raw: string): { headers: HeaderField[]; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end + 4);
  const headers: HeaderField[] = [];
  for (const line of head.split("\r\n")) {
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1].raw += "\r\n" + line;
    else headers.push({ name: line.slice(0, line.indexOf(":")).trim().toLowerCase(), raw: line });
  }
  return { headers, body };
}

/** RFC 6376 3.4.2. */
function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n(?=[ \t])/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${name}:${value}`;
}

/** RFC 6376 3.4.3 and 3.4.4. */
function canonicalBody(body: string, relaxed: boolean): string {
  let lines = body.split("\r\n");
  if (relaxed) lines = lines.map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  if (!lines.length) return relaxed ? "" : "\r\n";
  return lines.join("\r\n") + "\r\n";
}

function tags(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of value.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).replace(/\s+/g, "");
  }
  return out;
}

/** Verifies the first DKIM-Signature of a raw message (CRLF line ends) with the given public key. */
export function verifyDkim(raw: string, publicKey: KeyObject): DkimResult {
  const { headers, body } = splitMessage(raw);
  const signature = headers.find((h) => h.name === "dkim-signature");
  if (!signature) return { ok: false, reason: "no DKIM-Signature" };
  const t = tags(signature.raw.slice(signature.raw.indexOf(":") + 1).replace(/\r\n/g, ""));
  if (t.v !== "1" || t.a !== "rsa-sha256") return { ok: false, reason: `unsupported v=${t.v} a=${t.a}` };
  const [headerCanon = "simple", bodyCanon = "simple"] = (t.c ?? "simple/simple").split("/");
  const bodyHash = createHash("sha256")
    .update(canonicalBody(body, bodyCanon === "relaxed"))
    .digest("base64");
  if (bodyHash !== t.bh) return { ok: false, reason: "body hash mismatch" };
  const canonHeader = (raw: string) => (headerCanon === "relaxed" ? relaxedHeader(raw) : raw);
  // Each name in h= takes the last not yet used field of that name (RFC 6376 5.4.2).
  const used = new Set<HeaderField>();
  const signedHeaders = t.h.split(":").map((n) => n.toLowerCase());
  const lines: string[] = [];
  for (const name of signedHeaders) {
    const field = [...headers].reverse().find((h) => h.name === name && h !== signature && !used.has(h));
    if (!field) continue;
    used.add(field);
    lines.push(canonHeader(field.raw) + "\r\n");
  }
  const unsigned = signature.raw.replace(/(\bb=)[^;]*/, "$1");
  const data = lines.join("") + canonHeader(unsigned);
  const ok = verify("sha256", Buffer.from(data), publicKey, Buffer.from(t.b, "base64"));
  return ok ? { ok: true, domain: t.d, selector: t.s, signedHeaders } : { ok: false, reason: "signature mismatch" };
}
