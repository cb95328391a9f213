/**
 * Cross-site request forgery defences for the owner admin. Every owner POST
 * must come from a page of this server (Origin, or Referer when a browser
 * leaves Origin out) and carry a token: the session's own token once signed
 * in, or the pre-session token of a signed cookie on the login form.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { CSRF_FIELD } from "./csrf-field";
import { sessionSecret } from "./session-secret.server";
import { serverEnv } from "./env.server";

export { CSRF_FIELD };
/** Cookie that carries the login form's token before there is a session. */
export const LOGIN_CSRF_COOKIE = "beckon_csrf";
const LOGIN_CSRF_MAX_AGE = 60 * 60 * 2;

/** A fresh random token, URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Compares two tokens in constant time (hashing first hides length differences). */
export function tokensMatch(given: string | null | undefined, expected: string | null | undefined): boolean {
  if (typeof given !== "string" || typeof expected !== "string" || given === "" || expected === "") return false;
  const da = createHash("sha256").update(given).digest();
  const db = createHash("sha256").update(expected).digest();
  return timingSafeEqual(da, db);
}

/** Whether the browser reached us over https (directly, or through a TLS-terminating proxy). */
export function requestIsHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded === "https";
}

function originOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins a same-site form post may carry. */
export function allowedOrigins(request: Request): Set<string> {
  const url = new URL(request.url);
  const allowed = new Set<string>([url.origin]);
  // Behind a TLS-terminating proxy the server sees http, the browser sends https.
  if (requestIsHttps(request)) allowed.add(`https://${url.host}`);
  const env = serverEnv();
  for (const configured of [env.publicUrl, env.shopifyAppUrl]) {
    const configuredOrigin = originOf(configured);
    if (configuredOrigin) allowed.add(configuredOrigin);
  }
  return allowed;
}

/**
 * Whether a state-changing request comes from one of our own pages. Browsers
 * send Origin on every POST; when it is missing the Referer decides, and when
 * both are missing the request is refused.
 */
export function isSameOrigin(request: Request): boolean {
  const allowed = allowedOrigins(request);
  const origin = request.headers.get("origin");
  if (origin !== null) return allowed.has(origin);
  const referer = originOf(request.headers.get("referer"));
  return referer !== null && allowed.has(referer);
}

/**
 * Whether a JSON API call made with an owner's cookie comes from one of our
 * own pages: its Origin is ours or, when the browser sent no Origin, it says
 * Sec-Fetch-Site: same-origin (a header no page can set). A Referer is not
 * enough here: these calls have the session's CSRF token as the other way in.
 */
export function isOwnPageCall(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return allowedOrigins(request).has(origin);
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/** A plain-text 403 answer. */
export function forbidden(message: string): Response {
  return new Response(message, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Throws 403 unless the request comes from one of our own pages. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOrigin(request))
    throw forbidden("This form was sent from another site; open the page on this site and try again.");
}

/** Throws 403 unless the form carries the expected token. */
export function requireCsrfToken(form: FormData, expected: string): void {
  const sent = form.get(CSRF_FIELD);
  if (!tokensMatch(typeof sent === "string" ? sent : null, expected)) {
    throw forbidden("This form has expired; reload the page and try again.");
  }
}

let loginCookie: Cookie | undefined;

function loginCsrfCookie(): Cookie {
  loginCookie ??= createCookie(LOGIN_CSRF_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/owner",
    maxAge: LOGIN_CSRF_MAX_AGE,
    secrets: [sessionSecret()],
  });
  return loginCookie;
}

async function readLoginToken(request: Request): Promise<string | null> {
  const value: unknown = await loginCsrfCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length >= 32 ? value : null;
}

/**
 * The login form's token: the one in the request's cookie, or a new one with
 * the Set-Cookie header that stores it.
 */
export async function loginCsrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const existing = await readLoginToken(request);
  if (existing) return { token: existing, setCookie: null };
  const token = newToken();
  const setCookie = await loginCsrfCookie().serialize(token, { secure: requestIsHttps(request) });
  return { token, setCookie };
}

/** Whether the login form's token matches its signed cookie. */
export async function loginCsrfMatches(request: Request, form: FormData): Promise<boolean> {
  const sent = form.get(CSRF_FIELD);
  return tokensMatch(typeof sent === "string" ? sent : null, await readLoginToken(request));
}
