/**
 * Rate limits of the public API, checked by publicApi before any handler
 * runs (so a flood costs a bucket take, not a body parse or a query):
 * - per client IP, separately for reads (GET/HEAD) and writes (POST), since
 *   one IP may be an office or a carrier's NAT with many visitors;
 * - per website named in the address, for writes, so one site's flood cannot
 *   starve the database for the others.
 * A refused request is a JSON 429 with Retry-After; the widget's queue keeps
 * the items and retries after backing off.
 *
 * The client IP comes from the request context the HTTP server opens per
 * request (scripts/serve.ts, AsyncLocalStorage): publicApi only sees the
 * Request, and Remix builds that object itself. Behind a reverse proxy set
 * TRUST_PROXY=1, or every visitor shares the proxy's address.
 *
 * Limits are "burst/perSecond" pairs, overridable by environment variables
 * (BECKON_RATE_LIMIT_IP_READ, BECKON_RATE_LIMIT_IP_WRITE,
 * BECKON_RATE_LIMIT_WEBSITE_WRITE); "off" disables one. The buckets live in
 * the process's rate-limit store (shared-rate-limit.server.ts): several
 * server processes on one PostgreSQL or Redis share them.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { sharedLimit, rateLimitStore, type SharedLimit } from "./rate-limit/shared-rate-limit.server";
import type { RateLimitStore } from "./rate-limit/rate-limit-store.server";
import { serverEnv, type EnvSource } from "./env.server";
import { normalizeIp } from "./client-address.server";

/** What the HTTP server knows about the request being handled. */
export interface RequestContext {
  clientIp?: string | null;
}

const CONTEXT_KEY = Symbol.for("beckon.requestContext");

/**
 * The per-request context store. Kept on globalThis: the server script and
 * the bundled Remix build each load their own copy of this module, and both
 * must see the same store.
 */
export function requestContextStore(): AsyncLocalStorage<RequestContext> {
  const globals = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
  return (globals[CONTEXT_KEY] ??= new AsyncLocalStorage<RequestContext>());
}

/** Runs fn with the request's context (the HTTP server calls this per request). */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requestContextStore().run(context, fn);
}

/** The client IP of the request being handled, when the server told us. */
export function currentClientIp(): string | null {
  const ip = requestContextStore().getStore()?.clientIp;
  return ip ? normalizeIp(ip) : null;
}

export interface Limit {
  capacity: number;
  refillPerSecond: number;
}

/**
 * Defaults. A page view costs the widget about five requests (script,
 * visitor, CTA, events, contact), so 60 reads and 30 writes a second per IP
 * leave room for a busy office while a script hammering from one address is
 * cut off within a second. A website's writes are capped far above what its
 * visitors send at peak (events are batched up to 100 per request).
 */
export const DEFAULT_LIMITS = {
  ipRead: { capacity: 600, refillPerSecond: 60 },
  ipWrite: { capacity: 300, refillPerSecond: 30 },
  websiteWrite: { capacity: 5_000, refillPerSecond: 1_000 },
} as const satisfies Record<string, Limit>;

/** Parses "burst/perSecond" (or "off"); anything else keeps the default. */
export function parseLimit(value: string | undefined, fallback: Limit): Limit | null {
  if (value === undefined || value.trim() === "") return fallback;
  if (value.trim() === "off") return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0) return fallback;
  return { capacity: Number(match[1]), refillPerSecond: Number(match[2]) };
}

export interface PublicApiLimiters {
  ipRead: SharedLimit | null;
  ipWrite: SharedLimit | null;
  websiteWrite: SharedLimit | null;
}

/** Builds the limiters from the environment, in the given store (default: this process's). */
export function createLimiters(source?: EnvSource, store: () => RateLimitStore = rateLimitStore): PublicApiLimiters {
  const env = serverEnv(source);
  const make = (name: keyof typeof DEFAULT_LIMITS, value: string | undefined) => {
    const limit = parseLimit(value, DEFAULT_LIMITS[name]);
    return limit ? sharedLimit(name, limit, store) : null;
  };
  return {
    ipRead: make("ipRead", env.rateLimitIpRead),
    ipWrite: make("ipWrite", env.rateLimitIpWrite),
    websiteWrite: make("websiteWrite", env.rateLimitWebsiteWrite),
  };
}

/** The website a public API address names: /api/websites/{id}/..., /api/websites/{id}.js, or ?website_id=. */
export function websiteOf(url: URL): string | null {
  const match = /^\/api\/websites\/([1-9]\d{0,9})(?:[/.]|$)/.exec(url.pathname);
  if (match) return match[1];
  const queryWebsite = url.searchParams.get("website_id");
  return queryWebsite && /^[1-9]\d{0,9}$/.test(queryWebsite) ? queryWebsite : null;
}

export interface LimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Checks (and counts) one request against the limiters: the IP first, and
 * the website only for requests the IP limit let through, so one address
 * flooding a site cannot drain the site's budget for everyone else.
 */
export async function checkRateLimits(
  limiters: PublicApiLimiters,
  request: Request,
  ip: string | null,
): Promise<LimitVerdict> {
  const write = request.method !== "GET" && request.method !== "HEAD";
  const refused = (ms: number): LimitVerdict => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });
  const perIp = write ? limiters.ipWrite : limiters.ipRead;
  if (perIp && ip) {
    const verdict = await perIp.take(ip);
    if (!verdict.allowed) return refused(verdict.retryAfterMs);
  }
  if (write && limiters.websiteWrite) {
    let website: string | null = null;
    try {
      website = websiteOf(new URL(request.url));
    } catch {
      website = null;
    }
    if (website) {
      const verdict = await limiters.websiteWrite.take(website);
      if (!verdict.allowed) return refused(verdict.retryAfterMs);
    }
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

let shared: PublicApiLimiters | null = null;

/** The hook publicApi calls for every request but preflights (limiters built from the environment on first use). */
export function publicApiRateLimit(request: Request): Promise<LimitVerdict> {
  shared ??= createLimiters();
  return checkRateLimits(shared, request, currentClientIp());
}
