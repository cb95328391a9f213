/**
 * "Known device" cookies of owner sign-in: after a successful sign-in the
 * browser keeps a signed, http-only cookie naming the account (by a hash of
 * its e-mail, not the address itself) with a random device id. Attempts that
 * carry one for the account named have a throttle budget of their own
 * (login-throttle.server.ts), so an attacker's guesses from elsewhere cannot
 * lock the rightful owner out of a browser they have used before.
 */
import { createHash } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { newToken, requestIsHttps } from "./csrf.server";
import { sessionSecret } from "./session-secret.server";

export const KNOWN_DEVICE_COOKIE = "beckon_device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser is remembered for (people share computers, and owners have several logins). */
const MAX_ACCOUNTS = 5;

/** One account this browser has signed in to: [hash of the e-mail, device id]. */
type Entry = [account: string, device: string];

let cookie: Cookie | undefined;

function deviceCookie(): Cookie {
  cookie ??= createCookie(KNOWN_DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    // Only the sign-in form needs it.
    path: "/owner/login",
    maxAge: MAX_AGE_SECONDS,
    secrets: [sessionSecret()],
  });
  return cookie;
}

function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

async function entries(request: Request): Promise<Entry[]> {
  const header = request.headers.get("cookie");
  if (!header || !header.includes(`${KNOWN_DEVICE_COOKIE}=`)) return [];
  // A forged or stale signature parses as null: the browser is simply not known.
  const value: unknown = await deviceCookie()
    .parse(header)
    .catch(() => null);
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (e): e is Entry =>
        Array.isArray(e) &&
        e.length === 2 &&
        e.every((part) => typeof part === "string" && part.length > 0 && part.length <= 64),
    )
    .slice(0, MAX_ACCOUNTS);
}

/** This browser's device id for the account with this e-mail, or null when it has not signed in to it here. */
export async function knownDevice(request: Request, email: string): Promise<string | null> {
  const key = accountKey(email);
  return (await entries(request)).find(([account]) => account === key)?.[1] ?? null;
}

/** The Set-Cookie header that remembers this browser for the account (keeping its id when it had one). */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const key = accountKey(email);
  const known = await entries(request);
  const device = known.find(([account]) => account === key)?.[1] ?? newToken(18);
  const next: Entry[] = [[key, device] as Entry, ...known.filter(([account]) => account !== key)].slice(
    0,
    MAX_ACCOUNTS,
  );
  return deviceCookie().serialize(next, { secure: requestIsHttps(request) });
}
