/**
 * Swaps a shop's non-expiring offline access token for an expiring one with
 * Shopify's token exchange, the request @shopify/shopify-api's
 * migrateToExpiringToken makes: POST https://{shop}/admin/oauth/access_token
 * with the app's credentials, grant_type token-exchange, the old token as
 * subject_token (type offline-access-token), requested_token_type
 * offline-access-token and expiring=1. Written out here rather than called
 * through the library because the library's fetch cannot be pointed at a
 * stand-in (BECKON_SHOPIFY_ADMIN_URL, tests) and because its answer is read
 * without any bound: here the body is capped, redirects are refused and
 * every field is checked before anything is stored.
 *
 * Shopify answers a repeated exchange of the same old token with the same
 * pair for seven days, so a lost answer is recovered by trying again.
 */

export type TokenMigrationErrorKind = "refused" | "throttled" | "unavailable" | "network" | "bad_response";

export class TokenMigrationError extends Error {
  constructor(
    readonly kind: TokenMigrationErrorKind,
    message: string,
    /** Shopify's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "TokenMigrationError";
  }
}

/** An expiring offline token as Shopify granted it. */
export interface ExpiringToken {
  accessToken: string;
  scope: string | null;
  expires: Date;
  refreshToken: string;
  refreshTokenExpires: Date;
}

export interface TokenMigrationOptions {
  shop: string;
  /** The stored non-expiring offline token. */
  accessToken: string;
  apiKey: string;
  apiSecret: string;
  /** Replaces https://{shop} (tests). */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
/** Shopify's answer is a few hundred bytes. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** Tokens are printable ASCII without spaces; Shopify's are well under this. */
const TOKEN = /^[\x21-\x7e]{1,512}$/;
const SCOPES = /^[a-z_,]{0,2000}$/;
/** Lifetimes Shopify gives are an hour (access) and 90 days (refresh); a year is the most believed. */
const MAX_LIFETIME_S = 366 * 24 * 60 * 60;
const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";

/** The token endpoint of a shop. */
export function tokenEndpoint(shop: string, baseUrl?: string): string {
  if (!MYSHOPIFY.test(shop)) throw new TokenMigrationError("bad_response", `Not a myshopify domain: ${shop}`);
  return `${(baseUrl ?? `https://${shop}`).replace(/\/+$/, "")}/admin/oauth/access_token`;
}

/** The request body Shopify documents for migrating an offline token. */
export function tokenMigrationBody(options: Pick<TokenMigrationOptions, "accessToken" | "apiKey" | "apiSecret">) {
  return {
    client_id: options.apiKey,
    client_secret: options.apiSecret,
    grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
    subject_token: options.accessToken,
    subject_token_type: OFFLINE_TOKEN_TYPE,
    requested_token_type: OFFLINE_TOKEN_TYPE,
    expiring: "1",
  };
}

const lifetime = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 && value <= MAX_LIFETIME_S ? value : null;

/** Shopify's answer checked field by field; a TokenMigrationError names what is wrong. */
export function readExpiringToken(answer: unknown, now: number): ExpiringToken {
  const bad = (what: string) => new TokenMigrationError("bad_response", `Shopify's answer has ${what}`);
  if (!answer || typeof answer !== "object" || Array.isArray(answer)) throw bad("no JSON object");
  const body = answer as Record<string, unknown>;
  if (typeof body.access_token !== "string" || !TOKEN.test(body.access_token)) throw bad("no usable access_token");
  if (typeof body.refresh_token !== "string" || !TOKEN.test(body.refresh_token)) throw bad("no usable refresh_token");
  const expiresIn = lifetime(body.expires_in);
  const refreshIn = lifetime(body.refresh_token_expires_in);
  // Without a lifetime the token would be stored as non-expiring and swapped again forever.
  if (expiresIn === null) throw bad("no usable expires_in");
  if (refreshIn === null) throw bad("no usable refresh_token_expires_in");
  if (body.scope !== undefined && (typeof body.scope !== "string" || !SCOPES.test(body.scope)))
    throw bad("an unusable scope");
  return {
    accessToken: body.access_token,
    scope: typeof body.scope === "string" ? body.scope : null,
    expires: new Date(now + expiresIn * 1000),
    refreshToken: body.refresh_token,
    refreshTokenExpires: new Date(now + refreshIn * 1000),
  };
}

/** Reads at most MAX_ANSWER_BYTES of a body as text; null past that. */
async function cappedText(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (declared > MAX_ANSWER_BYTES) return null;
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: the rest is never read.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function failureKind(status: number): TokenMigrationErrorKind {
  if (status === 429) return "throttled";
  if (status >= 500) return "unavailable";
  return "refused";
}

/** Exchanges a non-expiring offline token for an expiring one; throws a TokenMigrationError on any failure. */
export async function exchangeForExpiringToken(options: TokenMigrationOptions): Promise<ExpiringToken> {
  const url = tokenEndpoint(options.shop, options.baseUrl);
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(tokenMigrationBody(options)),
      // A redirect would carry the client secret to wherever it points.
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new TokenMigrationError("network", `Shopify's token endpoint could not be reached: ${String(error)}`);
  }
  let text: string | null;
  try {
    text = await cappedText(response);
  } catch (error) {
    throw new TokenMigrationError("network", `Shopify's answer broke off: ${String(error)}`, response.status);
  }
  if (!response.ok) {
    // Shopify's error text (e.g. invalid_subject_token) is kept short: it goes to the log.
    const detail = (text ?? "").replace(/\s+/g, " ").slice(0, 200);
    throw new TokenMigrationError(
      failureKind(response.status),
      `Shopify refused the exchange (${response.status}): ${detail}`,
      response.status,
    );
  }
  if (text === null) throw new TokenMigrationError("bad_response", "Shopify's answer is too large", response.status);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new TokenMigrationError("bad_response", "Shopify's answer is not JSON", response.status);
  }
  return readExpiringToken(answer, (options.now ?? Date.now)());
}
