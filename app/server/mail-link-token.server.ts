/**
 * Signed links in the e-mails the built-in lists send: confirm a double
 * opt-in, unsubscribe in one click (RFC 8058), or download a lead magnet. A link names one website,
 * one person and one list row, and expires; it is signed with HMAC-SHA256
 * under a key derived from the deployment-bound session secret
 * (deploymentBoundSecret) and the link's purpose, so a confirm link can
 * never pass for an unsubscribe link, nor either for an identity token.
 *
 * Format: `m1.<purpose>.<websiteId>.<personId>.<listRowId>.<expiry seconds>.<signature>`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const MAIL_LINK_PURPOSES = ["confirm", "unsubscribe", "magnet"] as const;
export type MailLinkPurpose = (typeof MAIL_LINK_PURPOSES)[number];

/** A confirmation link lives a week: an old one would confirm consent nobody remembers giving. */
export const CONFIRM_LINK_TTL_SECONDS = 7 * 24 * 3600;
/** An unsubscribe link must keep working long after the mail was sent (mailbox providers test old mail). */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 365 * 24 * 3600;
/** Longer than any token made here: anything longer is refused before it is parsed. */
export const MAX_MAIL_LINK_TOKEN_LENGTH = 200;

export interface MailLinkClaim {
  purpose: MailLinkPurpose;
  websiteId: number;
  personId: number;
  /** MailingList.id (the row), 0 for "every list of the website"; for a magnet link, the form's CtaElement.id. */
  listRowId: number;
  /** Unix seconds. */
  expiresAt: number;
}

export type MailLinkVerdict =
  | { ok: true; claim: MailLinkClaim }
  | { ok: false; reason: "malformed" | "signature" }
  /** Authentic but too old: the claim tells whose page to show in which language, and never grants anything. */
  | { ok: false; reason: "expired"; claim: MailLinkClaim };

function signatureOf(secret: string, claim: MailLinkClaim): Buffer {
  const key = createHmac("sha256", secret).update(`beckon mail link v1 ${claim.purpose}`).digest();
  return createHmac("sha256", key)
    .update(`m1:${claim.websiteId}:${claim.personId}:${claim.listRowId}:${claim.expiresAt}`)
    .digest();
}

/** Makes the token of one link. */
export function signMailLink(claim: MailLinkClaim, secret: string): string {
  const whole = { ...claim, expiresAt: Math.floor(claim.expiresAt) };
  const sig = signatureOf(secret, whole).toString("base64url");
  return `m1.${whole.purpose}.${whole.websiteId}.${whole.personId}.${whole.listRowId}.${whole.expiresAt}.${sig}`;
}

/** Checks a token for its purpose: shape, then signature, then expiry. */
export function verifyMailLink(
  token: unknown,
  purpose: MailLinkPurpose,
  { now = Date.now(), secret }: { now?: number; secret: string },
): MailLinkVerdict {
  if (typeof token !== "string" || token.length > MAX_MAIL_LINK_TOKEN_LENGTH) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  const numeric = (v: string | undefined) => (v && /^\d{1,12}$/.test(v) ? Number(v) : NaN);
  if (parts.length !== 7 || parts[0] !== "m1" || parts[1] !== purpose) return { ok: false, reason: "malformed" };
  const claim: MailLinkClaim = {
    purpose,
    websiteId: numeric(parts[2]),
    personId: numeric(parts[3]),
    listRowId: numeric(parts[4]),
    expiresAt: numeric(parts[5]),
  };
  if ([claim.websiteId, claim.personId, claim.listRowId, claim.expiresAt].some(Number.isNaN))
    return { ok: false, reason: "malformed" };
  const given = Buffer.from(parts[6], "base64url");
  const expected = signatureOf(secret, claim);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  if (claim.expiresAt <= Math.floor(now / 1000)) return { ok: false, reason: "expired", claim };
  return { ok: true, claim };
}
