/**
 * Signed identity tokens: proof that a visitor is the owner of an e-mail
 * address, for one website, until an expiry. The website's owner (or its
 * e-mail tool, through the owner API) puts one in the links it mails to a
 * person (`?cf_email=…&cf_token=…`); the widget forwards it and the server
 * marks the visitor as proven (Person.verifiedEmail). Only a proven visitor
 * gets what an outside mailing tool holds about an address: an address typed
 * into a form, or read from a URL parameter, proves nothing.
 *
 * Format: `v1.<websiteId>.<base64url(e-mail)>.<expiry seconds>.<signature>`,
 * the signature an HMAC-SHA256 over the other parts with a key derived from
 * the server's session secret (derived, so a token can never pass for a
 * session cookie's signature or the other way round) bound to the database's
 * deployment id (deploymentBoundSecret; app/models/deployment.server.ts
 * gives the server's), so a token of one database proves nothing on another
 * that shares the secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The longest a token may live: links in old e-mails stop proving anything. */
export const IDENTITY_TOKEN_MAX_TTL_SECONDS = 90 * 24 * 3600;
/** Default lifetime of a token made for a mailing. */
export const IDENTITY_TOKEN_DEFAULT_TTL_SECONDS = 30 * 24 * 3600;

export interface IdentityClaim {
  websiteId: number;
  /** Lower-cased, trimmed. */
  email: string;
  /** Unix seconds. */
  expiresAt: number;
}

export type IdentityVerdict =
  | { ok: true; claim: IdentityClaim }
  | { ok: false; reason: "malformed" | "signature" | "website" | "expired" };

/** The canonical form of an address for comparisons and signatures. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The signing secret of one database's tokens: the session secret bound to
 * its deployment id. Sign and verify with it, never with the bare session
 * secret, which other databases' servers may share.
 */
export function deploymentBoundSecret(sessionSecret: string, deploymentId: string): string {
  return createHmac("sha256", sessionSecret).update(`beckon deployment ${deploymentId}`).digest("base64url");
}

function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update("beckon identity token v1").digest();
}

function signatureOf(secret: string, websiteId: number, email: string, expiresAt: number): Buffer {
  return createHmac("sha256", keyOf(secret)).update(`v1:${websiteId}:${email}:${expiresAt}`).digest();
}

/** Makes a token proving `email` on `websiteId` until `expiresAt` (Unix seconds), signed with deploymentBoundSecret. */
export function signIdentityToken(claim: IdentityClaim, secret: string): string {
  const email = normalizeEmail(claim.email);
  const exp = Math.floor(claim.expiresAt);
  if (exp > Math.floor(Date.now() / 1000) + IDENTITY_TOKEN_MAX_TTL_SECONDS)
    throw new RangeError("An identity token may live at most 90 days");
  const sig = signatureOf(secret, claim.websiteId, email, exp).toString("base64url");
  return `v1.${claim.websiteId}.${Buffer.from(email, "utf8").toString("base64url")}.${exp}.${sig}`;
}

/** Checks a token for a website: signature first, then website and expiry. */
export function verifyIdentityToken(
  token: string,
  websiteId: number,
  { now = Date.now(), secret }: { now?: number; secret: string },
): IdentityVerdict {
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== "v1" || !/^\d{1,12}$/.test(parts[1]) || !/^\d{1,12}$/.test(parts[3]))
    return { ok: false, reason: "malformed" };
  const claimedWebsite = Number(parts[1]);
  const expiresAt = Number(parts[3]);
  const email = Buffer.from(parts[2], "base64url").toString("utf8");
  if (!email || email !== normalizeEmail(email) || email.length > 320) return { ok: false, reason: "malformed" };
  const given = Buffer.from(parts[4], "base64url");
  const expected = signatureOf(secret, claimedWebsite, email, expiresAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  // A genuine token of another website proves nothing here.
  if (claimedWebsite !== websiteId) return { ok: false, reason: "website" };
  const nowSeconds = Math.floor(now / 1000);
  if (expiresAt <= nowSeconds || expiresAt > nowSeconds + IDENTITY_TOKEN_MAX_TTL_SECONDS)
    return { ok: false, reason: "expired" };
  return { ok: true, claim: { websiteId, email, expiresAt } };
}
