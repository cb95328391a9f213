/**
 * Sign-in sessions of standalone owners. The browser holds a random 32-byte
 * token in the signed, http-only cookie "beckon_owner"; the database holds only
 * its SHA-256, so a leaked row cannot be replayed as a cookie.
 */
import { createHash } from "node:crypto";
import { createCookie, redirect, type Cookie } from "@remix-run/node";
import { prisma } from "#app/db.server";
import {
  createOwnerSessionRecord,
  deleteExpiredOwnerSessions,
  deleteOwnerSessionRecord,
  findOwnerSessionRecord,
} from "./owner.server";
import { newToken, requestIsHttps } from "#app/server/csrf.server";
import { SessionSecretError, sessionSecret } from "#app/server/session-secret.server";
import { logger } from "#app/server/logger.server";

export const OWNER_COOKIE = "beckon_owner";
export const OWNER_SESSION_DAYS = 14;
const OWNER_SESSION_MS = OWNER_SESSION_DAYS * 24 * 60 * 60 * 1000;

/** The signed-in owner of a request. */
export interface OwnerSession {
  /** The session row's id (SHA-256 of the cookie token). */
  sessionId: string;
  accountId: number;
  profileId: number;
  email: string;
  /** Token every owner form must send back (hidden field "csrf"). */
  csrfToken: string;
}

/** Headers for every owner page: private, never cached, never framed by another site. */
export const OWNER_PAGE_HEADERS: Record<string, string> = {
  "Cache-Control": "private, no-store",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
};

let cookie: Cookie | undefined;

function ownerCookie(): Cookie {
  cookie ??= createCookie(OWNER_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: OWNER_SESSION_MS / 1000,
    secrets: [sessionSecret()],
  });
  return cookie;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

let secretWarned = false;

async function cookieToken(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header || !header.includes(`${OWNER_COOKIE}=`)) return null;
  let value: unknown;
  try {
    value = await ownerCookie().parse(header);
  } catch (error) {
    // Without a secret nobody can be signed in; the public API that asks
    // "is this an owner?" must keep working, so answer no (the login page
    // reports the missing secret).
    if (!(error instanceof SessionSecretError)) throw error;
    if (!secretWarned) logger("owner-session").error(error.message);
    secretWarned = true;
    return null;
  }
  return typeof value === "string" && value.length >= 32 && value.length <= 128 ? value : null;
}

/** The signed-in owner, or null (no cookie, a forged or expired one, or a signed-out session). */
export async function findOwnerSession(request: Request): Promise<OwnerSession | null> {
  const token = await cookieToken(request);
  if (!token) return null;
  const record = await findOwnerSessionRecord(prisma, hashToken(token));
  if (!record) return null;
  const { sessionId, accountId, profileId, email, csrfToken } = record;
  return { sessionId, accountId, profileId, email, csrfToken };
}

/** The path (with query) to come back to after signing in. */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in owner; otherwise redirects to /owner/login?redirectTo=<this page>. */
export async function requireOwner(request: Request): Promise<OwnerSession> {
  const owner = await findOwnerSession(request);
  if (owner) return owner;
  const back = currentPath(request);
  throw redirect(
    back === "/owner" || back === "/owner/" ? "/owner/login" : `/owner/login?redirectTo=${encodeURIComponent(back)}`,
  );
}

let lastSweep = 0;

/**
 * Signs an owner in: stores a new session and returns the Set-Cookie header.
 * Any session the request already had is ended first (no session fixation).
 */
export async function createOwnerSession(request: Request, accountId: number): Promise<string> {
  const previous = await cookieToken(request);
  if (previous) await deleteOwnerSessionRecord(prisma, hashToken(previous));
  const token = newToken(32);
  await createOwnerSessionRecord(prisma, {
    id: hashToken(token),
    accountId,
    csrfToken: newToken(32),
    expiresAt: new Date(Date.now() + OWNER_SESSION_MS),
  });
  // Expired rows are also deleted when they are looked up; this catches the rest.
  if (Date.now() - lastSweep > 60 * 60 * 1000) {
    lastSweep = Date.now();
    await deleteExpiredOwnerSessions(prisma).catch((e) =>
      logger("owner-session").error({ err: e }, "could not delete expired owner sessions"),
    );
  }
  return ownerCookie().serialize(token, { secure: requestIsHttps(request) });
}

/** Ends the request's session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroyOwnerSession(request: Request): Promise<string> {
  const token = await cookieToken(request);
  if (token) await deleteOwnerSessionRecord(prisma, hashToken(token));
  return ownerCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: requestIsHttps(request) });
}
